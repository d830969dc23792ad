import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { templateKeys } from './template-keys'

const PATH = '/api/customTemplate/catalogue'

export type TemplateCatalogue = ApiResponse<typeof PATH, 'get'>
/** A dynamic field: its menu (`group`), label and `{{key}}` placeholder. */
export type TemplateField = TemplateCatalogue['fields'][number]

/**
 * GET /api/customTemplate/catalogue — the editor's insert-field menus (groups in
 * order, fields with their placeholder), the service types and the intents.
 * Failures raise no notice: the editor says its menus could not be loaded.
 */
export function getTemplateCatalogue(signal?: AbortSignal): Promise<TemplateCatalogue> {
  return apiRequest<TemplateCatalogue>(PATH, { signal, notifyErrors: false })
}

export function templateCatalogueQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.catalogue(),
    // The server's fixed lists: fetched once a session.
    staleTime: Infinity,
    queryFn: ({ signal }) => getTemplateCatalogue(signal),
  })
}

export function useTemplateCatalogue() {
  return useQuery(templateCatalogueQueryOptions())
}
