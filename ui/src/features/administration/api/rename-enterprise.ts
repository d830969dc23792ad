import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { EnterpriseView } from './admin-types'
import { storeEnterprise } from './enterprise-cache'
import { enterprisePath } from './enterprise-path'

export interface RenameEnterpriseInput {
  enterpriseId: number
  name: string
}

/** PUT /api/enterprise/{enterpriseId} `{name}` (tenant admins). Raises no notice: the form shows the refusal. */
export function renameEnterprise({ enterpriseId, name }: RenameEnterpriseInput): Promise<EnterpriseView> {
  return apiRequest<EnterpriseView>(enterprisePath(enterpriseId), { method: 'PUT', body: { name }, notifyErrors: false })
}

export function useRenameEnterprise() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: renameEnterprise, onSuccess: (enterprise) => storeEnterprise(queryClient, enterprise) })
}
