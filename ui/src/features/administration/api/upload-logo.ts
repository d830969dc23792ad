import { useMutation, useQueryClient } from '@tanstack/react-query'
import { enterpriseKeys } from '../../../components/enterprises/api/get-enterprise'
import { apiRequest } from '../../../lib/api-client'
import type { EnterpriseView } from './admin-types'
import { storeEnterprise } from './enterprise-cache'
import { enterprisePath } from './enterprise-path'

export interface UploadLogoInput {
  enterpriseId: number
  file: File
}

/** PUT /api/enterprise/{enterpriseId}/logo, multipart field `file`. Raises no notice: the panel shows the refusal. */
export function uploadLogo({ enterpriseId, file }: UploadLogoInput): Promise<EnterpriseView> {
  const form = new FormData()
  form.append('file', file, file.name)
  return apiRequest<EnterpriseView>(enterprisePath(enterpriseId, '/logo'), { method: 'PUT', form, notifyErrors: false })
}

/** Uploads; the enterprise is cached from the answer and the logo fetched again (header, board, this screen). */
export function useUploadLogo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (enterprise) => {
      storeEnterprise(queryClient, enterprise)
      void queryClient.invalidateQueries({ queryKey: enterpriseKeys.logo(enterprise.id) })
    },
  })
}
