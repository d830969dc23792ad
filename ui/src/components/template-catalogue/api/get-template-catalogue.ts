import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

const PATH = '/api/customTemplate/catalogue'

export type TemplateCatalogue = ApiResponse<typeof PATH, 'get'>
/** A dynamic field: its menu (`group`), label and `{{key}}` placeholder. */
export type TemplateField = TemplateCatalogue['fields'][number]

export const templateCatalogueKeys = {
  all: ['template-catalogue'] as const,
}

/**
 * GET /api/customTemplate/catalogue — the editor's insert-field menus (groups in
 * order, fields with their placeholder), the service types and the intents.
 * The service types are the one list the UI knows (the templates' selects, the
 * service-type filters of the lead lists, bulk initiation and reports); the UI
 * keeps no copy of it. Failures raise no notice: the editor says its menus
 * could not be loaded, a filter offers only the types already picked.
 */
export function getTemplateCatalogue(signal?: AbortSignal): Promise<TemplateCatalogue> {
  return apiRequest<TemplateCatalogue>(PATH, { signal, notifyErrors: false })
}

export function templateCatalogueQueryOptions() {
  return queryOptions({
    queryKey: templateCatalogueKeys.all,
    // The server's fixed lists: fetched once a session.
    staleTime: Infinity,
    queryFn: ({ signal }) => getTemplateCatalogue(signal),
  })
}

/** The catalogue; shared by the templates (panel, editor) and the service-type filters. */
export function useTemplateCatalogue() {
  return useQuery(templateCatalogueQueryOptions())
}
