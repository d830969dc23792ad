/**
 * Data sources and their syncs (docs/imports.md, "Data sources and syncs"): the
 * kinds of source and what each does, the name rule, whether a source can sync
 * now, the folders a sync loads in order, sync statuses as badges and what a
 * finished `imports.sync` run did.
 */
import type { NoticeInput } from '../../lib/notices'
import { enumLabel } from '../../lib/text'
import { FILE_TYPES, type FileTypeCode } from './file-types'
import type { Sync } from './api/get-sync-history'
import { type StatusBadge } from './import-format'
import { formatCount } from '../../lib/format-number'

export interface SourceKindInfo {
  /** The server's `sourceKind`. */
  code: string
  label: string
  /** What the kind does, in a few words (the table's second line). */
  short: string
  /** What the kind does, in a sentence (the form, and the table's tooltip). */
  description: string
  /** A sync imports what it delivered; an uploads-only source has no sync. */
  syncs: boolean
}

export const SOURCE_KINDS = [
  {
    code: 'FILE_DROP',
    label: 'File drop',
    short: 'Exports written to its folders',
    description:
      "The dealer system, or a vendor such as DealerVault, writes export files into the source's directory, one folder per file type; each sync imports the new files.",
    syncs: true,
  },
  {
    code: 'SIMULATED_DMS',
    label: 'Simulated dealer system',
    short: 'Built-in demo feed',
    description:
      "The built-in demo dealer system: each sync delivers the repair orders, appointments and sales of the store's customers since its last delivery.",
    syncs: true,
  },
  {
    code: 'UPLOAD_ONLY',
    label: 'Uploads only',
    short: 'Keeps a mapping; no sync',
    description: 'Files are uploaded by hand; the source keeps their column mapping. It has no sync.',
    syncs: false,
  },
] as const satisfies readonly SourceKindInfo[]

export type SourceKindCode = (typeof SOURCE_KINDS)[number]['code']

export const SOURCE_KIND_CODES: readonly SourceKindCode[] = SOURCE_KINDS.map((k) => k.code)

/** What the screens know of a kind; an unknown one is labelled from its code and does not sync. */
export function sourceKindInfo(code: string): SourceKindInfo {
  return SOURCE_KINDS.find((k) => k.code === code) ?? { code, label: code ? enumLabel(code) : 'Unknown', short: '', description: '', syncs: false }
}

/** The longest name the server keeps (it trims the name first). */
export const SOURCE_NAME_MAX = 100

/** Why a data source's name is refused (as the server checks it: 1 to 100 characters once trimmed), else null. */
export function sourceNameProblem(name: string): string | null {
  const length = Array.from(name.trim()).length
  if (length === 0) return 'Name the data source.'
  if (length > SOURCE_NAME_MAX) return `A name has at most ${SOURCE_NAME_MAX} characters (this one has ${length}).`
  return null
}

/** Whether "Sync now" applies to a source, and why not (or what it does), for its tooltip. */
export function syncAvailability(source: { sourceKind: string; enabled: boolean; storeIdFk?: number }): { allowed: boolean; hint: string } {
  if (!sourceKindInfo(source.sourceKind).syncs) return { allowed: false, hint: 'Uploads only: this source has no sync' }
  if (!source.enabled) return { allowed: false, hint: 'Switched off: switch it on to sync' }
  if (source.storeIdFk === undefined) return { allowed: false, hint: 'The source is not tied to a store' }
  return { allowed: true, hint: 'Import what the dealer system delivered since the last sync' }
}

/**
 * The file types in the order a sync loads them (what later files refer to
 * first), as the server's LOAD_ORDER: advisors and customers before the sales,
 * repair orders and appointments that name them.
 */
export const SYNC_LOAD_ORDER: readonly FileTypeCode[] = [
  'DMS_ADVISORS',
  'DMS_CUSTOMER_VEHICLES',
  'DMS_SALES',
  'DMS_REPAIR_ORDERS',
  'DMS_APPOINTMENTS',
  'RECALL',
  'PREPAID_MAINTENANCE',
  'FEA_ALERT',
]

/** The folder of a source's directory that holds one file type's exports: `dms_repair_orders`. */
export function folderOf(fileType: string): string {
  return fileType.toLowerCase()
}

/** The file type a folder holds, when it is one the screens know. */
export function fileTypeOfFolder(folder: string): FileTypeCode | undefined {
  return FILE_TYPES.find((t) => folderOf(t.code) === folder)?.code
}

/** Every status of a sync (its history row): the server's set (`SyncStatus`), checked by the compiler. */
const SYNC_BADGES: Record<Sync['status'], StatusBadge> = {
  RUNNING: { label: 'Running', tone: 'info', hint: 'The delivered files are being imported' },
  COMPLETED: { label: 'Completed', tone: 'success', hint: 'Every delivered file was imported' },
  COMPLETED_WITH_ERRORS: {
    label: 'Completed with errors',
    tone: 'warning',
    hint: 'A file could not be read, or rows were refused: see the message and the uploads',
  },
  FAILED: { label: 'Failed', tone: 'danger', hint: 'The sync stopped: see the message and its run' },
  CANCELLED: { label: 'Cancelled', tone: 'warning', hint: 'Stopped; the files imported before stay' },
}

/** A sync's status as a badge; an unknown one is shown as it came. */
export function syncStatusBadge(status: string): StatusBadge {
  return (SYNC_BADGES as Record<string, StatusBadge>)[status] ?? { label: status ? enumLabel(status) : 'Unknown', tone: 'neutral' }
}

/** A sync that may still change (poll the history). */
export function isActiveSync(status: string): boolean {
  return status === 'RUNNING'
}

/** What started a sync, for people. */
export function syncTriggerLabel(trigger: string | undefined): string {
  if (trigger === 'MANUAL') return 'Sync now'
  if (trigger === 'SCHEDULE') return 'Scheduled'
  return trigger ? enumLabel(trigger) : ''
}

/** The spec's text for a sync that imported everything. */
export const SYNCED_TEXT = 'Synced Successfully'

/** What a finished `imports.sync` run did (its result). */
export interface SyncOutcome {
  status: string
  files: number
  records: number
  insertedRows: number
  updatedRows: number
  unchangedRows: number
  errors: number
  message: string
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0
}

/** The outcome in a run's result, or null when it has none. */
export function syncOutcome(result: unknown): SyncOutcome | null {
  if (!result || typeof result !== 'object') return null
  const r = result as Record<string, unknown>
  if (typeof r.status !== 'string') return null
  return {
    status: r.status,
    files: count(r.files),
    records: count(r.records),
    insertedRows: count(r.insertedRows),
    updatedRows: count(r.updatedRows),
    unchangedRows: count(r.unchangedRows),
    errors: count(r.errors),
    message: typeof r.message === 'string' ? r.message : '',
  }
}

/** The counts in a sentence: `2 files, 40 rows read: 12 inserted, 3 updated, 25 unchanged.` */
export function syncSummary(outcome: Pick<SyncOutcome, 'files' | 'records' | 'insertedRows' | 'updatedRows' | 'unchangedRows' | 'errors'>): string {
  if (outcome.files === 0) return 'Nothing new was delivered since the last sync.'
  const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`
  const errors = outcome.errors > 0 ? `, ${plural(outcome.errors, 'error', 'errors')}` : ''
  return (
    `${plural(outcome.files, 'file', 'files')}, ${plural(outcome.records, 'row', 'rows')} read: ` +
    `${formatCount(outcome.insertedRows)} inserted, ${formatCount(outcome.updatedRows)} updated, ${formatCount(outcome.unchangedRows)} unchanged${errors}.`
  )
}

/**
 * The notice when a followed sync run is over: 'Synced Successfully' when it
 * imported everything, a warning with the server's message when a file or row
 * was refused, the run's error when it failed.
 */
export function syncFinishedNotice(run: { status: string; error?: string; result?: unknown }): NoticeInput | null {
  switch (run.status) {
    case 'succeeded': {
      const outcome = syncOutcome(run.result)
      if (outcome && outcome.status !== 'COMPLETED') {
        return { type: 'warning', message: `Synced with errors: ${outcome.message || syncSummary(outcome)}` }
      }
      return { type: 'success', message: SYNCED_TEXT }
    }
    case 'failed':
      return { type: 'danger', message: run.error || 'The sync failed' }
    case 'cancelled':
      return { type: 'warning', message: 'The sync was cancelled; the files imported before stay.' }
    default:
      return null
  }
}
