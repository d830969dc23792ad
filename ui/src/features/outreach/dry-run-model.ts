/**
 * The dry run's lead table, paged and filtered here: the server answers the
 * first 1,000 leads at once (the counts cover all of them).
 */
import { PREVIEW_OUTCOMES, type PreviewOutcome } from './bulk-format'

export const PREVIEW_PAGE_SIZE = 20
export const PREVIEW_PAGE_SIZE_OPTIONS = [20, 50, 100] as const

/** The outcome filter: every lead, or one outcome. */
export type OutcomeFilter = 'ALL' | PreviewOutcome

export function isOutcomeFilter(value: string): value is OutcomeFilter {
  return value === 'ALL' || (PREVIEW_OUTCOMES as readonly string[]).includes(value)
}

/** How many of the listed leads have each outcome, and all of them. */
export function outcomeCounts(leads: readonly { outcome: string }[]): Record<OutcomeFilter, number> {
  const counts: Record<OutcomeFilter, number> = { ALL: leads.length, SENT: 0, DEFERRED: 0, SKIPPED: 0 }
  for (const lead of leads) {
    if (isOutcomeFilter(lead.outcome) && lead.outcome !== 'ALL') counts[lead.outcome] += 1
  }
  return counts
}

export function filterLeads<T extends { outcome: string }>(leads: readonly T[], filter: OutcomeFilter): T[] {
  return filter === 'ALL' ? [...leads] : leads.filter((lead) => lead.outcome === filter)
}

/** One page of rows (zero-based); a page past the end gives the last one. */
export function pageOfRows<T>(rows: readonly T[], pageIndex: number, pageSize: number): { rows: T[]; pageIndex: number } {
  const lastPage = Math.max(Math.ceil(rows.length / pageSize) - 1, 0)
  const page = Math.min(Math.max(pageIndex, 0), lastPage)
  return { rows: rows.slice(page * pageSize, (page + 1) * pageSize), pageIndex: page }
}

/** The note under the table when the dry run listed only part of the selection; '' when it listed all. */
export function partialListNote(listed: number, total: number): string {
  if (total <= listed) return ''
  return `The table lists the first ${listed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} leads; the counts cover all of them.`
}
