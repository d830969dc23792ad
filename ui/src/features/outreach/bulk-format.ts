/** How the Bulk initiation screen writes outcomes, reasons, service types and a run's result. */
import type { BadgeTone } from '../../lib/job-status'
import { enumLabel } from '../../lib/text'
import { formatCount } from '../../lib/format-number'

/** A lead's outcome: SENT, DEFERRED, SKIPPED (dry run and run), FAILED, PENDING, SENDING (run). */
export const PREVIEW_OUTCOMES = ['SENT', 'DEFERRED', 'SKIPPED'] as const
export type PreviewOutcome = (typeof PREVIEW_OUTCOMES)[number]

interface OutcomeBadge {
  label: string
  tone: BadgeTone
}

const PREVIEW_BADGES: Record<string, OutcomeBadge> = {
  SENT: { label: 'Text now', tone: 'success' },
  DEFERRED: { label: 'Deferred', tone: 'info' },
  SKIPPED: { label: 'Skipped', tone: 'warning' },
}

const RUN_BADGES: Record<string, OutcomeBadge> = {
  PENDING: { label: 'Pending', tone: 'neutral' },
  SENDING: { label: 'Sending', tone: 'info' },
  SENT: { label: 'Texted', tone: 'success' },
  DEFERRED: { label: 'Deferred', tone: 'info' },
  SKIPPED: { label: 'Skipped', tone: 'warning' },
  FAILED: { label: 'Failed', tone: 'danger' },
}

/** The badge of an outcome: a dry run says what would happen, a run what did. Unknown ones as words. */
export function outcomeBadge(outcome: string, kind: 'preview' | 'run'): OutcomeBadge {
  const badges = kind === 'preview' ? PREVIEW_BADGES : RUN_BADGES
  return badges[outcome] ?? { label: outcome ? enumLabel(outcome) : 'Unknown', tone: 'neutral' }
}

/** The server's labels of the skip reasons (engine `BulkSkipReason::label`), for results that carry only the code. */
const SKIP_REASON_LABELS: Record<string, string> = {
  OPTED_OUT: 'Opted out of texts',
  NO_MOBILE: 'No valid mobile number',
  LANDLINE: 'Number is a landline',
  ALREADY_STARTED: 'Conversation already started',
  ALREADY_CONTACTED: 'Already contacted for this service',
  OTHER_INTERACTION: 'Another conversation with this customer is open',
  CUSTOMER_IN_RUN: 'Customer already texted by this run',
  AI_OFF: 'Assistant switched off for this lead',
  NO_ASSISTANT: 'Store has no assistant number',
  NO_TEMPLATE: 'No template for this service type',
  MISSING_TEMPLATE_FIELD: 'Template field without a value',
  LEAD_UNAVAILABLE: 'Lead no longer available',
}

export function skipReasonLabel(reason: string): string {
  return SKIP_REASON_LABELS[reason] ?? enumLabel(reason)
}

/** `1 customer`, `1,234 customers`. */
export function customersText(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'customer' : 'customers'}`
}

/** A skip reason and how many leads it kept from a text. */
export interface ReasonCount {
  reason: string
  label: string
  count: number
}

/** Reasons, most frequent first (ties by label). */
export function sortReasons(reasons: readonly ReasonCount[]): ReasonCount[] {
  return [...reasons].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

/** What a finished `outreach.bulk-initiate` run reports. */
export interface BulkRunResult {
  message: string
  sent: number
  deferred: number
  skipped: number
  failed: number
  skippedByReason: ReasonCount[]
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0
}

/** A run's `result`, read defensively (reasons come as an object of reason → count); null when it has none. */
export function bulkRunResult(result: unknown): BulkRunResult | null {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null
  const r = result as Record<string, unknown>
  const byReason = r.skippedByReason && typeof r.skippedByReason === 'object' ? (r.skippedByReason as Record<string, unknown>) : {}
  return {
    message: typeof r.message === 'string' ? r.message : '',
    sent: count(r.sent),
    deferred: count(r.deferred),
    skipped: count(r.skipped),
    failed: count(r.failed),
    skippedByReason: sortReasons(
      Object.entries(byReason)
        .map(([reason, n]) => ({ reason, label: skipReasonLabel(reason), count: count(n) }))
        .filter((r) => r.count > 0),
    ),
  }
}
