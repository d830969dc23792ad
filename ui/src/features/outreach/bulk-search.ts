/**
 * The Bulk initiation screen's URL state and the call it stands for
 * (docs/bulk-initiation.md): the route's search schema (`validateBulkSearch`),
 * the request body of a selection (`bulkInitiateBody`) and the key that says
 * whether a dry run still describes the selection on screen (`selectionKey`).
 */
import type { ApiRequestBody } from '../../lib/api-types'
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { bool, isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, positiveIntList, text } from '../../lib/search-params'
import { ALL_SERVICE_TYPES, isServiceTypeCode, serviceTypeList } from '../../lib/service-types'

export type BulkInitiateBody = ApiRequestBody<'/api/service-workflow/bulk/initiate', 'post'>
export type BulkLeadFilter = NonNullable<BulkInitiateBody['filter']>
export type BulkTemplateChoice = NonNullable<BulkInitiateBody['templates']>[number]

/** A lead list the screen offers, and what its date range applies to (docs/lead-lists.md). */
export interface BulkList {
  /** The server's list name. */
  id: string
  label: string
  /** What the list selects, for people. */
  hint: string
  /** The list's own date, which From/To narrow. */
  dateMeaning: string
}

/** The lists worth texting in bulk; the first is the default. */
export const BULK_LISTS = [
  { id: 'first-interaction', label: 'Not contacted yet', hint: 'Leads nobody has texted yet whose customer can be texted', dateMeaning: 'lead creation' },
  { id: 'planner-audit', label: 'Made by a planner', hint: 'Leads a predictive planner created', dateMeaning: 'lead creation' },
  { id: 'no-response', label: 'No response', hint: 'Contacted, never answered, nothing sent for 3 days', dateMeaning: 'last message' },
  { id: 'follow-up', label: 'Follow up', hint: 'Leads on a text follow-up step (FU1–FU3, FUDT)', dateMeaning: 'follow-up time' },
  { id: 'all', label: 'All leads', hint: 'Every lead you see that is not archived', dateMeaning: 'last message' },
] as const satisfies readonly BulkList[]

export type BulkListId = (typeof BULK_LISTS)[number]['id']
export const DEFAULT_BULK_LIST: BulkListId = 'first-interaction'
const BULK_LIST_IDS = BULK_LISTS.map((l) => l.id)

export function bulkList(id: BulkListId | undefined): (typeof BULK_LISTS)[number] {
  return BULK_LISTS.find((l) => l.id === id) ?? BULK_LISTS[0]
}


/** The results table's page size. */
export const BULK_REPORT_PAGE_SIZE = DEFAULT_PAGE_SIZE

/** `/bulk-initiation?…` — every part optional; absent means the default. */
export interface BulkSearch {
  /** The lead list (default first-interaction). */
  list?: BulkListId
  /** Store ids (none: every store the user sees). */
  store?: number[]
  serviceType?: string[]
  /** First day, YYYY-MM-DD, of the list's own date. */
  from?: string
  /** Last day, YYYY-MM-DD, inclusive. */
  to?: string
  /** Customer name, phone digits, VIN or customer number. */
  search?: string
  /** A custom template for every service type (none: each type's standard text). */
  template?: number
  /** Custom templates for single service types, `TYPE:templateId`, one per type, sorted by type. */
  templateFor?: string[]
  /** The run shown (started here, or opened by link). */
  run?: number
  /** The run's results: only the leads not texted (skipped or failed). */
  notTexted?: true
  /** Zero-based page of the run's results. */
  page?: number
  size?: number
}

/** `TYPE:id` entries: valid ones only, one per type (the last wins), sorted by type. */
function templateForList(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(',') : []
  const byType = new Map<string, number>()
  for (const item of items) {
    if (typeof item !== 'string') continue
    const [type, id] = item.trim().split(':')
    const templateId = positiveInt(id)
    if (isServiceTypeCode(type) && type !== ALL_SERVICE_TYPES && templateId !== undefined) byType.set(type, templateId)
  }
  return byType.size > 0 ? encodeOverrides(Object.fromEntries(byType)) : undefined
}

function encodeOverrides(overrides: Record<string, number>): string[] {
  return Object.keys(overrides)
    .sort()
    .map((type) => `${type}:${overrides[type]}`)
}

/** The route's search schema: anything unreadable, and any default, is dropped. */
export function validateBulkSearch(raw: Record<string, unknown>): BulkSearch {
  const list = oneOf(raw.list, BULK_LIST_IDS)
  return {
    list: list === DEFAULT_BULK_LIST ? undefined : list,
    store: positiveIntList(raw.store),
    serviceType: serviceTypeList(raw.serviceType),
    from: isoDate(raw.from),
    to: isoDate(raw.to),
    search: text(raw.search),
    template: positiveInt(raw.template),
    templateFor: templateForList(raw.templateFor),
    run: positiveInt(raw.run),
    notTexted: bool(raw.notTexted) || undefined,
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size),
  }
}

/** The per-type templates of a URL: service type → template id. */
export function templateOverrides(search: Pick<BulkSearch, 'templateFor'>): Record<string, number> {
  const overrides: Record<string, number> = {}
  for (const entry of search.templateFor ?? []) {
    const [type, id] = entry.split(':')
    const templateId = positiveInt(id)
    if (type && templateId !== undefined) overrides[type] = templateId
  }
  return overrides
}

/** What decides who is texted and with what: everything but the shown run and its table. */
export type BulkSelection = Pick<BulkSearch, 'list' | 'store' | 'serviceType' | 'from' | 'to' | 'search' | 'template' | 'templateFor'>

export function bulkSelection(search: BulkSearch): BulkSelection {
  const { list, store, serviceType, from, to, search: text, template, templateFor } = search
  return { list, store, serviceType, from, to, search: text, template, templateFor }
}

/** Leaves out what is not set, so equal selections give equal bodies (and keys). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

/** The lead lists' search payload of a selection; only what is set is sent (no store: all of the caller's). */
export function bulkLeadFilter(selection: BulkSelection): BulkLeadFilter | undefined {
  const filter = compact<BulkLeadFilter>({
    storeIds: selection.store,
    serviceTypes: selection.serviceType,
    startDate: selection.from,
    endDate: selection.to,
    searchText: selection.search,
  })
  return Object.keys(filter).length > 0 ? filter : undefined
}

/**
 * The templates of a selection: the one for every type first, then one per
 * service type (the server takes a type's own before the ALL one). None at
 * all: every type uses its standard text.
 */
export function bulkTemplates(selection: BulkSelection): BulkTemplateChoice[] | undefined {
  const templates: BulkTemplateChoice[] = []
  if (selection.template !== undefined) {
    templates.push({ serviceType: ALL_SERVICE_TYPES, templateId: selection.template, templateSource: 'CUSTOM' })
  }
  for (const [serviceType, templateId] of Object.entries(templateOverrides(selection))) {
    templates.push({ serviceType, templateId, templateSource: 'CUSTOM' })
  }
  return templates.length > 0 ? templates : undefined
}

/** `POST /api/service-workflow/bulk/initiate`'s body for a selection; a dry run only says who would be texted. */
export function bulkInitiateBody(selection: BulkSelection, { dryRun }: { dryRun: boolean }): BulkInitiateBody {
  return compact<BulkInitiateBody>({
    list: bulkList(selection.list).id,
    filter: bulkLeadFilter(selection),
    templates: bulkTemplates(selection),
    dryRun: dryRun || undefined,
  })
}

/** Equal for selections the server would treat alike; a preview holds the key it was made for. */
export function selectionKey(selection: BulkSelection): string {
  return JSON.stringify(bulkInitiateBody(selection, { dryRun: false }))
}

/** The selection's filters (list and templates aside). */
export type BulkFilterValues = Pick<BulkSearch, 'store' | 'serviceType' | 'from' | 'to' | 'search'>

export function hasBulkFilters(filters: BulkFilterValues): boolean {
  return !!(filters.store || filters.serviceType || filters.from || filters.to || filters.search)
}

/** The URL with `filters` in place of the current ones (absent ones are cleared). The shown run stays. */
export function applyBulkFilters(search: BulkSearch, filters: BulkFilterValues): BulkSearch {
  return {
    ...search,
    store: filters.store && filters.store.length > 0 ? filters.store : undefined,
    serviceType: filters.serviceType && filters.serviceType.length > 0 ? filters.serviceType : undefined,
    from: filters.from,
    to: filters.to,
    search: filters.search || undefined,
  }
}

/** The URL after picking a list; the filters stay (they mean the same on every list). */
export function selectBulkList(search: BulkSearch, list: BulkListId): BulkSearch {
  return { ...search, list: list === DEFAULT_BULK_LIST ? undefined : list }
}

/** The URL after picking the template for every type (undefined: the standard texts). */
export function selectAllTypesTemplate(search: BulkSearch, templateId: number | undefined): BulkSearch {
  return { ...search, template: templateId }
}

/** The URL after picking a service type's own template (undefined: as for every type). */
export function selectTypeTemplate(search: BulkSearch, serviceType: string, templateId: number | undefined): BulkSearch {
  const overrides = templateOverrides(search)
  if (templateId === undefined) delete overrides[serviceType]
  else overrides[serviceType] = templateId
  const templateFor = encodeOverrides(overrides)
  return { ...search, templateFor: templateFor.length > 0 ? templateFor : undefined }
}

/**
 * The service types the per-type template rows offer: the filter's when it
 * names some, else the types the last preview met (the leads about to be
 * texted), or before any preview the server's whole list (`listed`, the
 * template catalogue's; none while it loads); plus any type that already has
 * its own template.
 */
export function templateServiceTypes(selection: BulkSelection, listed: readonly string[] = [], seen: readonly string[] = []): string[] {
  const base = selection.serviceType ?? (seen.length > 0 ? [] : listed)
  return [...new Set([...base, ...Object.keys(templateOverrides(selection)), ...(selection.serviceType ? [] : seen)])].filter(
    (t) => t !== ALL_SERVICE_TYPES,
  )
}

/** The URL after a run started: it is shown, from its first page, all outcomes. */
export function showRun(search: BulkSearch, runId: number): BulkSearch {
  return { ...search, run: runId, notTexted: undefined, page: undefined }
}

/** The URL without the shown run. */
export function dismissRun(search: BulkSearch): BulkSearch {
  return { ...search, run: undefined, notTexted: undefined, page: undefined }
}

/** The URL after the "Only not texted" toggle: back on the first page. */
export function setNotTexted(search: BulkSearch, notTexted: boolean): BulkSearch {
  return { ...search, notTexted: notTexted || undefined, page: undefined }
}

/** A dry run as the screen holds it: the answer and the selection it was asked for. */
export interface HeldPreview<T> {
  key: string
  result: T
  /** When it was answered (ms since the epoch). */
  at: number
}

/**
 * - `none`: no dry run yet.
 * - `current`: the dry run is of the selection on screen; the run may start.
 * - `stale`: the selection changed since; preview again before texting.
 */
export type PreviewStatus = 'none' | 'current' | 'stale'

export function previewStatus(preview: Pick<HeldPreview<unknown>, 'key'> | null, key: string): PreviewStatus {
  if (!preview) return 'none'
  return preview.key === key ? 'current' : 'stale'
}

/** The counts of a dry run that matter to the confirm button. */
export interface DryRunCounts {
  total: number
  toSend: number
  deferred: number
  skipped: number
}

/** Customers who get a text, now or when their allowed hours open. */
export function textedCount(counts: Pick<DryRunCounts, 'toSend' | 'deferred'>): number {
  return counts.toSend + counts.deferred
}

/** Whether "Text N customers" may be pressed: a dry run of this very selection that texts someone. */
export function canStartRun(preview: HeldPreview<DryRunCounts> | null, key: string): boolean {
  return previewStatus(preview, key) === 'current' && textedCount(preview!.result) > 0
}
