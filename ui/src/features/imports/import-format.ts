/**
 * How the Imports screens write reports and rows for people: statuses as
 * badges, the progress bar's percent, sizes, the file's facts and the outcome
 * of a load (docs/imports.md).
 */
import type { BadgeTone } from '../../lib/job-status'
import { enumLabel } from '../../lib/text'
import type { ImportedRowPage } from './api/search-imported-rows'
import type { FileReport } from './api/start-import'
import { formatCount } from '../../lib/format-number'

/** The statuses of a file report: the server's set (`ImportStatus` in the API document). */
export type ReportStatus = FileReport['status']
/** What enrichment made of an imported row: the server's set (`EnrichmentStatus`). */
export type EnrichmentStatus = ImportedRowPage['content'][number]['enrichmentStatus']

export interface StatusBadge {
  label: string
  tone: BadgeTone
  /** What the status means, for a tooltip. */
  hint?: string
}

const REPORT_BADGES: Record<ReportStatus, StatusBadge> = {
  QUEUED: { label: 'Queued', tone: 'neutral', hint: 'Waiting for the job queue' },
  RUNNING: { label: 'Loading', tone: 'info', hint: 'Rows are being read and written' },
  COMPLETED: { label: 'Completed', tone: 'success', hint: 'Every row was loaded' },
  COMPLETED_WITH_ERRORS: { label: 'Completed with errors', tone: 'warning', hint: 'Some rows were refused: see the row errors' },
  FAILED: { label: 'Failed', tone: 'danger', hint: 'The file could not be read' },
  CANCELLED: { label: 'Cancelled', tone: 'warning', hint: 'Stopped; the batches written before stay' },
}

/** The badge of a report status; an unknown one is shown as it came. */
export function reportStatusBadge(status: string): StatusBadge {
  return (REPORT_BADGES as Record<string, StatusBadge>)[status] ?? { label: status ? enumLabel(status) : 'Unknown', tone: 'neutral' }
}

/** Queued or running: the report may still change (poll it). */
export function isActiveReport(status: string): boolean {
  return status === 'QUEUED' || status === 'RUNNING'
}

const ENRICHMENT_BADGES: Record<EnrichmentStatus, StatusBadge> = {
  PENDING: { label: 'Pending', tone: 'neutral', hint: 'Loaded; enrichment has not looked at it yet' },
  LEAD_CREATED: { label: 'Lead created', tone: 'success', hint: 'Matched to a customer who can be texted: a lead was made' },
  LEAD_EXISTS: { label: 'Lead exists', tone: 'info', hint: 'The vehicle already has an open lead of this campaign' },
  NOT_MATCHED: { label: 'Not matched', tone: 'warning', hint: 'No customer or vehicle has its VIN, customer number or phone' },
  NOT_TEXTABLE: {
    label: 'Not textable',
    tone: 'warning',
    hint: 'Matched, but the customer has no mobile number, is a landline, opted out or is blocked',
  },
  NOT_ELIGIBLE: { label: 'Not eligible', tone: 'neutral', hint: 'A prepaid contract with no visit left, or past its expiry' },
  ACCEPTED: { label: 'Accepted', tone: 'success', hint: 'A reviewer confirmed the row; its lead, if any, stays' },
  REJECTED: {
    label: 'Rejected',
    tone: 'danger',
    hint: 'A reviewer turned the row down, with a reason; the lead the file made of it is archived while nobody has texted it',
  },
}

/**
 * Every enrichment status (docs/imports.md, "Enrichment"), in the order the badges list them;
 * the compiler holds the badges to the server's set, so none is missing or extra.
 */
export const ENRICHMENT_STATUSES = Object.keys(ENRICHMENT_BADGES) as EnrichmentStatus[]

/** What enrichment (or a reviewer) made of an imported row, as a badge; an unknown status is shown as it came. */
export function enrichmentStatusBadge(status: string): StatusBadge {
  return (ENRICHMENT_BADGES as Record<string, StatusBadge>)[status] ?? { label: status ? enumLabel(status) : 'Unknown', tone: 'neutral' }
}

/** The progress bar's value: a whole percent from 0 to 100 (a finished load is full, whatever was read). */
export function progressPercent(report: { progress: number; status: string }): number {
  if (report.status === 'COMPLETED' || report.status === 'COMPLETED_WITH_ERRORS') return 100
  const n = Number.isFinite(report.progress) ? Math.round(report.progress) : 0
  return Math.min(100, Math.max(0, n))
}

const SEPARATOR_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' }

/** What the preview found of a file, in one line: `CSV · UTF-8 · comma-separated · 5 columns`. */
export function fileFacts(preview: {
  fileFormat: string
  encoding?: string
  separator?: string
  sheet?: string
  headers: readonly string[]
}): string {
  const separator = preview.separator === undefined ? undefined : (SEPARATOR_NAMES[preview.separator] ?? `"${preview.separator}"`)
  return [
    preview.fileFormat,
    preview.encoding,
    separator ? `${separator}-separated` : undefined,
    preview.sheet ? `sheet "${preview.sheet}"` : undefined,
    `${preview.headers.length} ${preview.headers.length === 1 ? 'column' : 'columns'}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The counts a report shows, in order; leads only for files that make them. */
export interface ReportCounts {
  totalRows: number
  insertedRows: number
  updatedRows: number
  unchangedRows: number
  failedRows: number
  leadsCreated: number
}

export interface CountItem {
  key: keyof ReportCounts
  label: string
  value: number
  tone?: 'danger' | 'success'
}

export function reportCountItems(report: ReportCounts, withLeads: boolean): CountItem[] {
  const items: CountItem[] = [
    { key: 'totalRows', label: 'Rows read', value: report.totalRows },
    { key: 'insertedRows', label: 'Inserted', value: report.insertedRows },
    { key: 'updatedRows', label: 'Updated', value: report.updatedRows },
    { key: 'unchangedRows', label: 'Unchanged', value: report.unchangedRows },
    { key: 'failedRows', label: 'Failed', value: report.failedRows, tone: report.failedRows > 0 ? 'danger' : undefined },
  ]
  if (withLeads) {
    items.push({ key: 'leadsCreated', label: 'Leads created', value: report.leadsCreated, tone: report.leadsCreated > 0 ? 'success' : undefined })
  }
  return items
}

/** The outcome of a finished load in a sentence, or null while it runs. */
export function reportOutcome(report: ReportCounts & { status: string; error?: string }): string | null {
  const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`
  const loaded = report.insertedRows + report.updatedRows + report.unchangedRows
  switch (report.status) {
    case 'COMPLETED':
      return `All ${rows(report.totalRows)} loaded.`
    case 'COMPLETED_WITH_ERRORS':
      return `${rows(loaded)} loaded, ${rows(report.failedRows)} refused: fix them in the error file and upload it again.`
    case 'FAILED':
      return report.error ? `The file could not be loaded: ${report.error}` : 'The file could not be loaded.'
    case 'CANCELLED':
      return `Cancelled after ${rows(report.totalRows)}; the rows written before stay.`
    default:
      return null
  }
}
