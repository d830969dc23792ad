import { useMutation, useQueryClient } from '@tanstack/react-query'
import { enterpriseKeys } from '../../../components/enterprises/api/get-enterprise'
import { apiRequest } from '../../../lib/api-client'
import type { EnterpriseView } from './admin-types'
import { storeEnterprise } from './enterprise-cache'
import { enterprisePath } from './enterprise-path'

/** DELETE /api/enterprise/{enterpriseId}/logo (tenant admins); a refusal raises the server's notice. */
export function removeLogo(enterpriseId: number): Promise<EnterpriseView> {
  return apiRequest<EnterpriseView>(enterprisePath(enterpriseId, '/logo'), { method: 'DELETE' })
}

export function useRemoveLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (enterprise) => {
      storeEnterprise(queryClient, enterprise)
      queryClient.setQueryData(enterpriseKeys.logo(enterprise.id), null)
    },
  })
}
