/**
 * Pure rules behind the template panel and editor (spec checklist A; the API's
 * rules in docs/decisions/0007-templates.md).
 */
import type { TemplateCatalogue, TemplateField } from '../../components/template-catalogue/api/get-template-catalogue'
import { ALL_SERVICE_TYPES } from '../../lib/service-types'

/** A new template's service type when the lead has none (spec P§9 L277). */
export const DEFAULT_SERVICE_TYPE = 'SALES_THANKS'

/** The panel's tabs, keyed as the spec keys them ('my' and 'all'). */
export type TemplateTab = 'my' | 'all'
export const TEMPLATE_TABS: readonly { key: TemplateTab; label: string }[] = [
  { key: 'my', label: 'Personal' },
  { key: 'all', label: 'Group' },
]

/** PERSONAL: the author's own; GROUP: the enterprise's (managers write them). */
export type TemplateScope = 'PERSONAL' | 'GROUP'
export const TEMPLATE_SCOPES: readonly { scope: TemplateScope; label: string }[] = [
  { scope: 'PERSONAL', label: 'Personal' },
  { scope: 'GROUP', label: 'Group' },
]

export const DELETE_TEMPLATE_QUESTION = 'Are you sure want to delete this template?'

/** First service for any make is a service type as the planner names it, listed or not. */
const FIRST_SERVICE = /^FIRST_SERVICE_[A-Z]+$/

/** Whether a template may be for `serviceType` (what the server accepts). */
export function isTemplateServiceType(serviceType: string, catalogue: Pick<TemplateCatalogue, 'serviceTypes'>): boolean {
  return serviceType === ALL_SERVICE_TYPES || FIRST_SERVICE.test(serviceType) || catalogue.serviceTypes.includes(serviceType)
}

/**
 * The list filter a panel starts with: the lead's service type, or every type
 * when templates cannot be for it (or it has none). Until the catalogue is
 * known, the lead's type as it is.
 */
export function initialListServiceType(leadServiceType: string, catalogue: TemplateCatalogue | undefined): string {
  const type = leadServiceType.trim()
  if (type === '') return ALL_SERVICE_TYPES
  if (!catalogue) return type
  return isTemplateServiceType(type, catalogue) ? type : ALL_SERVICE_TYPES
}

/** A new template's service type: the lead's, else SALES_THANKS. */
export function initialTemplateServiceType(leadServiceType: string, catalogue: TemplateCatalogue | undefined): string {
  const type = leadServiceType.trim()
  if (type === '' || type === ALL_SERVICE_TYPES) return DEFAULT_SERVICE_TYPE
  if (catalogue && !isTemplateServiceType(type, catalogue)) return DEFAULT_SERVICE_TYPE
  return type
}

/** The catalogue's service types, with `extra` ones (the lead's, a template's) that it does not list first; never `ALL`. */
export function serviceTypeOptions(catalogue: TemplateCatalogue | undefined, ...extra: (string | undefined)[]): string[] {
  const listed = catalogue?.serviceTypes ?? []
  const added = extra.filter(
    (t, i): t is string => !!t && t !== ALL_SERVICE_TYPES && !listed.includes(t) && extra.indexOf(t) === i,
  )
  return [...added, ...listed.filter((t) => t !== ALL_SERVICE_TYPES)]
}

/** The catalogue's fields of one insert-field menu, in its order. */
export function fieldsOfGroup(catalogue: TemplateCatalogue | undefined, group: string): TemplateField[] {
  return (catalogue?.fields ?? []).filter((f) => f.group === group)
}

/** `text` with `insert` put in place of the selection `start`–`end`, and where the caret goes after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length))
  const to = Math.max(from, Math.min(end, text.length))
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length }
}

/** A row's body preview: one line, spaces collapsed, cut at `max` characters with an ellipsis. */
export function bodyPreview(editorBody: string, max = 120): string {
  const line = editorBody.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}
