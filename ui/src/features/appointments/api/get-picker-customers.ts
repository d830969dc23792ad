import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { appointmentKeys, type PickerQuery } from './appointment-keys'

const PATH = '/leadmanager/getLeadManagerDataForCompanyOffice'

export type PickerCustomers = ApiResponse<typeof PATH, 'get'>
export type PickerCustomer = PickerCustomers[number]

/**
 * GET /leadmanager/getLeadManagerDataForCompanyOffice?companyId=&officeId=&search=
 * — the editor's customer picker: a store's customers whose first, last or full
 * name (or phone digits) match, at most 50. Failures raise no notice: the
 * picker shows them.
 */
export function getPickerCustomers({ companyId, officeId, search }: PickerQuery, signal?: AbortSignal): Promise<PickerCustomers> {
  return apiRequest<PickerCustomers>(PATH, {
    query: { companyId, officeId, search: search.trim() || undefined },
    signal,
    notifyErrors: false,
  })
}

export function pickerCustomersQueryOptions(query: PickerQuery) {
  const trimmed = { ...query, search: query.search.trim() }
  return queryOptions({
    queryKey: appointmentKeys.picker(trimmed),
    queryFn: ({ signal }) => getPickerCustomers(trimmed, signal),
  })
}

export function usePickerCustomers(query: PickerQuery, enabled = true) {
  // A new search keeps the rows shown until its answer comes.
  return useQuery({ ...pickerCustomersQueryOptions(query), enabled, placeholderData: keepPreviousData })
}
