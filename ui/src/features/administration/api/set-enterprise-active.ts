import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { EnterpriseView } from './admin-types'
import { storeEnterprise } from './enterprise-cache'
import { enterprisePath } from './enterprise-path'

export interface SetEnterpriseActiveInput {
  enterpriseId: number
  active: boolean
}

/** PUT /api/enterprise/{enterpriseId}/activate or /deactivate (SUPER_ADMIN); a refusal raises the server's notice. */
export function setEnterpriseActive({ enterpriseId, active }: SetEnterpriseActiveInput): Promise<EnterpriseView> {
  return apiRequest<EnterpriseView>(enterprisePath(enterpriseId, active ? '/activate' : '/deactivate'), { method: 'PUT' })
}

export function useSetEnterpriseActive() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setEnterpriseActive, onSuccess: (enterprise) => storeEnterprise(queryClient, enterprise) })
}
