import { useMutation, useQueryClient } from '@tanstack/react-query'
import { enterprisesKeys } from '../../../components/enterprises/api/get-enterprises'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import type { EnterpriseView } from './admin-types'

export type NewEnterpriseBody = ApiRequestBody<'/api/enterprise', 'post'>

/** POST /api/enterprise (SUPER_ADMIN). Raises no notice: the form shows the refusal. */
export function createEnterprise(body: NewEnterpriseBody): Promise<EnterpriseView> {
  return apiRequest<EnterpriseView>('/api/enterprise', { method: 'POST', body, notifyErrors: false })
}

export function useCreateEnterprise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEnterprise,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: enterprisesKeys.all }),
  })
}
