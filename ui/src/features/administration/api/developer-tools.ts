import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { DeveloperLog, ExecutedTurn, FileValidation, TemplatePreview } from './admin-types'

/** POST /aiva/developer/aiva/validate — every line's problem in an assistant file (always a 200). */
export function validateAiva({ enterpriseId, fileContent }: { enterpriseId: number; fileContent: string }): Promise<FileValidation> {
  return apiRequest<FileValidation>('/aiva/developer/aiva/validate', { method: 'POST', body: { fileContent }, enterpriseId })
}

export function useValidateAiva() {
  return useMutation({ mutationFn: validateAiva })
}

export interface PreviewInput {
  enterpriseId: number
  leadId: number
  fileContent: string
}

/** POST /aiva/developer/template/preview — a template filled in for a lead, and the fields it lacked. */
export function previewTemplate({ enterpriseId, leadId, fileContent }: PreviewInput): Promise<TemplatePreview> {
  return apiRequest<TemplatePreview>('/aiva/developer/template/preview', { method: 'POST', body: { leadId, fileContent }, enterpriseId, notifyErrors: false })
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate })
}

export interface ExecuteInput {
  enterpriseId: number
  storeId: number
  /** The file being edited (the saved one when absent). */
  fileContent?: string
  /** The customer's texts, 1 to 20. */
  conversation: string[]
}

/** POST /aiva/developer/execute — a dry run of a sample conversation, kept in the store's log. */
export function executeAiva({ enterpriseId, ...body }: ExecuteInput): Promise<ExecutedTurn[]> {
  return apiRequest<ExecutedTurn[]>('/aiva/developer/execute', { method: 'POST', body, enterpriseId, notifyErrors: false })
}

/** Executes; the store's log is fetched again (the run is in it). */
export function useExecuteAiva() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: executeAiva,
    onSuccess: (_turns, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.developerLog(input.enterpriseId, input.storeId) }),
  })
}

/** POST /aiva/developer/log — a store's file versions and latest runs. */
export function getDeveloperLog(enterpriseId: number, storeId: number, signal?: AbortSignal): Promise<DeveloperLog> {
  return apiRequest<DeveloperLog>('/aiva/developer/log', { method: 'POST', body: { storeId }, enterpriseId, signal })
}

export function developerLogQueryOptions(enterpriseId: number, storeId: number) {
  return queryOptions({ queryKey: adminKeys.developerLog(enterpriseId, storeId), queryFn: ({ signal }) => getDeveloperLog(enterpriseId, storeId, signal) })
}

export function useDeveloperLog(enterpriseId: number, storeId: number | undefined) {
  return useQuery({ ...developerLogQueryOptions(enterpriseId, storeId ?? 0), enabled: storeId !== undefined })
}
