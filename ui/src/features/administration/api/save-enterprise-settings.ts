import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { EnterpriseSettings, EnterpriseSettingsBody } from './admin-types'
import { enterprisePath } from './enterprise-path'

export interface SaveEnterpriseSettingsInput {
  enterpriseId: number
  body: EnterpriseSettingsBody
}

/**
 * PUT /api/enterprise/{enterpriseId}/settings (tenant admins). Raises no
 * notice: the form lists a 400's problems (an assistant file that is none of
 * the enterprise's saved files).
 */
export function saveEnterpriseSettings({ enterpriseId, body }: SaveEnterpriseSettingsInput): Promise<EnterpriseSettings> {
  return apiRequest<EnterpriseSettings>(enterprisePath(enterpriseId, '/settings'), { method: 'PUT', body, notifyErrors: false })
}

/** Saves; the settings are cached from the answer and the audit log fetched again. */
export function useSaveEnterpriseSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveEnterpriseSettings,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(adminKeys.settings(input.enterpriseId), saved)
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit(input.enterpriseId) })
    },
  })
}
