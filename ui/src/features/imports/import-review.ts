/**
 * The review of a campaign file's rows (docs/imports.md, "Review" and
 * "Enriching again"): which statuses the filter offers, what a reviewer may do
 * with a row, how a reviewed row replaces the one shown, and what a run that
 * matched the rows again did.
 */
import { ApiError } from '../../lib/api-client'
import { enumLabel } from '../../lib/text'
import { enrichmentStatusBadge, ENRICHMENT_STATUSES, type EnrichmentStatus, type StatusBadge } from './import-format'

/** A reviewer's decision: the `statusType` of the review call. */
export type ReviewDecision = 'ACCEPTED' | 'REJECTED'

/** The status filter's chips: the rows that need a look first, then those enrichment settled, then the reviewed ones. */
export const REVIEW_FILTER_STATUSES: readonly EnrichmentStatus[] = [
  'NOT_MATCHED',
  'NOT_TEXTABLE',
  'NOT_ELIGIBLE',
  'LEAD_CREATED',
  'LEAD_EXISTS',
  'PENDING',
  'ACCEPTED',
  'REJECTED',
]

/** The filter with `status` picked or dropped (in the server's order). */
export function toggleStatus(current: readonly EnrichmentStatus[], status: EnrichmentStatus): EnrichmentStatus[] {
  const next = current.includes(status) ? current.filter((s) => s !== status) : [...current, status]
  return ENRICHMENT_STATUSES.filter((s) => next.includes(s))
}

/** The row's customer for people: the name, else the customer number; '' when the row has neither. */
export function customerName(row: { firstName?: string; lastName?: string; customerNumber?: string }): string {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return name || (row.customerNumber ? `Customer ${row.customerNumber}` : '')
}

/** A row for people, in an error or a button's name: `line 3 (VIN 5YF6JUVU5TA000048)`. */
export function rowName(row: { id: number; lineNumber?: number; vin?: string }): string {
  const line = row.lineNumber === undefined ? `row #${row.id}` : `line ${row.lineNumber}`
  return row.vin ? `${line} (VIN ${row.vin})` : line
}

/** What a reviewer may do with a row, and why not when not. */
export interface ReviewAction {
  allowed: boolean
  /** Why the action is not offered (a tooltip), or what it does. */
  hint: string
}

export function reviewActions(row: { enrichmentStatus: string }): Record<'accept' | 'reject', ReviewAction> {
  const accepted = row.enrichmentStatus === 'ACCEPTED'
  const rejected = row.enrichmentStatus === 'REJECTED'
  return {
    accept: accepted
      ? { allowed: false, hint: 'Already accepted' }
      : {
          allowed: true,
          hint: rejected ? 'Confirm the row: the lead the rejection archived comes back if nobody texted it' : 'Confirm the row; its lead, if any, stays',
        },
    reject: rejected
      ? { allowed: false, hint: 'Already rejected' }
      : { allowed: true, hint: 'Turn the row down, with a reason: the lead the file made of it is archived while nobody has texted it' },
  }
}

/** A rejection's reason for people: the server's message for the key, else the key as words. */
export function reasonText(key: string | null | undefined, reasons: readonly { key: string; message: string }[] | undefined): string {
  if (!key) return ''
  return reasons?.find((r) => r.key === key)?.message ?? enumLabel(key)
}

/** A row's status badge; a rejected row's reason is part of what it means (the tooltip). */
export function reviewStatusBadge(row: { enrichmentStatus: string; reasonKey?: string }, reason: string): StatusBadge {
  const badge = enrichmentStatusBadge(row.enrichmentStatus)
  if (row.enrichmentStatus !== 'REJECTED' || !reason) return badge
  return { ...badge, hint: `Rejected: ${reason}. ${badge.hint ?? ''}`.trim() }
}

/** `page` with `row` in place of the row of the same id; the same object when the page does not show it. */
export function replaceRowInPage<P extends { content: R[] }, R extends { id: number }>(page: P | undefined, row: R): P | undefined {
  if (!page || !page.content.some((r) => r.id === row.id)) return page
  return { ...page, content: page.content.map((r) => (r.id === row.id ? row : r)) }
}

/** The call that matches a file's rows again: FEA files have their own; other files none. */
export function enrichmentPath(fileType: string): string | undefined {
  switch (fileType) {
    case 'RECALL':
    case 'PREPAID_MAINTENANCE':
      return '/api/data-sync/perform/enrichment'
    case 'FEA_ALERT':
      return '/api/data-sync/fea/perform/enrichment'
    default:
      return undefined
  }
}

/** What an `imports.enrich` run did (its result's `enrichment`). */
export interface EnrichmentCounts {
  examined: number
  leadsCreated: number
  leadExists: number
  notMatched: number
  notTextable: number
  notEligible: number
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0
}

/** The counts of a finished run's result, or null when it has none. */
export function enrichmentCounts(result: unknown): EnrichmentCounts | null {
  if (!result || typeof result !== 'object') return null
  const counts = (result as { enrichment?: unknown }).enrichment
  if (!counts || typeof counts !== 'object') return null
  const c = counts as Record<string, unknown>
  return {
    examined: count(c.examined),
    leadsCreated: count(c.leadsCreated),
    leadExists: count(c.leadExists),
    notMatched: count(c.notMatched),
    notTextable: count(c.notTextable),
    notEligible: count(c.notEligible),
  }
}

/** The counts in a sentence: `3 rows matched again: 1 lead created, 2 still not matched.` */
export function enrichmentSummary(counts: EnrichmentCounts): string {
  if (counts.examined === 0) return 'No row was waiting for a match: every row already has a customer who can be texted, or a decision.'
  const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`
  const parts = [
    counts.leadsCreated > 0 ? `${counts.leadsCreated.toLocaleString('en-US')} ${counts.leadsCreated === 1 ? 'lead' : 'leads'} created` : '',
    counts.leadExists > 0 ? `${counts.leadExists.toLocaleString('en-US')} already had a lead` : '',
    counts.notMatched > 0 ? `${counts.notMatched.toLocaleString('en-US')} still not matched` : '',
    counts.notTextable > 0 ? `${counts.notTextable.toLocaleString('en-US')} not textable` : '',
    counts.notEligible > 0 ? `${counts.notEligible.toLocaleString('en-US')} not eligible` : '',
  ].filter(Boolean)
  return `${rows(counts.examined)} matched again${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`
}

/** The review table's text when it shows no row. */
export function reviewEmptyText({
  failed,
  loading,
  statuses,
  vin,
}: {
  failed: boolean
  /** The file is still loading. */
  loading: boolean
  statuses: readonly string[]
  vin?: string
}): string {
  if (failed) return 'The rows could not be loaded.'
  const status = statuses.length > 0 ? `the status ${statuses.map((s) => enrichmentStatusBadge(s).label).join(' or ')}` : ''
  if (vin) return `No row with the VIN ${vin}${status ? ` and ${status}` : ''} (the whole VIN is compared).`
  if (status) return `No row with ${status}.`
  return loading ? 'None so far.' : 'No row was loaded.'
}

/**
 * The server's reason for a refused review or match (a 4xx other than 401: its
 * first error), to show where the reviewer acted; null for any other failure,
 * which takes the usual notice.
 */
export function refusalText(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message
  return null
}
