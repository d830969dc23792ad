import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { DiscardedRows, MappedCode, MessageResponse } from './admin-types'
import { enterprisePath } from './enterprise-path'

/** A store code in a path: it may hold any character. */
const codePath = (enterpriseId: number, rest: string, code: string) => enterprisePath(enterpriseId, `${rest}/${encodeURIComponent(code)}`)

export interface MapCodeInput {
  enterpriseId: number
  code: string
  storeId: number
}

/**
 * PUT /api/enterprise/{enterpriseId}/unmapped/{code} — maps the code to the
 * store; the rows that waited for it load there now. Raises no notice: the
 * form shows the refusal (404, 409, 400).
 */
export function mapCode({ enterpriseId, code, storeId }: MapCodeInput): Promise<MappedCode> {
  return apiRequest<MappedCode>(codePath(enterpriseId, '/unmapped', code), { method: 'PUT', body: { storeId }, notifyErrors: false })
}

/** DELETE /api/enterprise/{enterpriseId}/unmapped/{code} — drops the rows waiting for the code; a refusal raises the server's notice. */
export function discardCode({ enterpriseId, code }: { enterpriseId: number; code: string }): Promise<DiscardedRows> {
  return apiRequest<DiscardedRows>(codePath(enterpriseId, '/unmapped', code), { method: 'DELETE' })
}

/** DELETE /api/enterprise/{enterpriseId}/store-code-mapping/{code} — later rows with the code wait again; a refusal raises the server's notice. */
export function removeCodeMapping({ enterpriseId, code }: { enterpriseId: number; code: string }): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(codePath(enterpriseId, '/store-code-mapping', code), { method: 'DELETE' })
}

/** The waiting codes, the mappings and the audit log are fetched again after any of these. */
function useUnmappedAction<TInput, TResult>(enterpriseId: number, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(enterpriseId) }),
  })
}

export function useMapCode(enterpriseId: number) {
  return useUnmappedAction(enterpriseId, mapCode)
}

export function useDiscardCode(enterpriseId: number) {
  return useUnmappedAction(enterpriseId, discardCode)
}

export function useRemoveCodeMapping(enterpriseId: number) {
  return useUnmappedAction(enterpriseId, removeCodeMapping)
}
