import { describe, expect, it } from 'vitest'
import {
  fileTypeOfFolder,
  folderOf,
  isActiveSync,
  SOURCE_KIND_CODES,
  sourceKindInfo,
  sourceNameProblem,
  SYNC_LOAD_ORDER,
  syncAvailability,
  syncFinishedNotice,
  syncOutcome,
  syncStatusBadge,
  syncSummary,
  syncTriggerLabel,
} from './data-sources'
import { FILE_TYPE_CODES } from './file-types'

const result = {
  syncId: 3,
  status: 'COMPLETED',
  files: 3,
  records: 40,
  insertedRows: 12,
  updatedRows: 3,
  unchangedRows: 25,
  errors: 0,
  message: 'Synced Successfully',
}

describe('source kinds', () => {
  it("are the server's three, each saying what it does", () => {
    expect(SOURCE_KIND_CODES).toEqual(['FILE_DROP', 'SIMULATED_DMS', 'UPLOAD_ONLY'])
    expect(sourceKindInfo('FILE_DROP')).toMatchObject({ label: 'File drop', syncs: true })
    expect(sourceKindInfo('FILE_DROP').description).toContain('DealerVault')
    expect(sourceKindInfo('UPLOAD_ONLY')).toMatchObject({ label: 'Uploads only', syncs: false })
    expect(sourceKindInfo('SFTP_PULL')).toMatchObject({ label: 'Sftp pull', syncs: false })
  })
})

describe('a source name', () => {
  it('has 1 to 100 characters once trimmed, as the server checks', () => {
    expect(sourceNameProblem('DealerVault nightly')).toBeNull()
    expect(sourceNameProblem('   ')).toBe('Name the data source.')
    expect(sourceNameProblem('')).toBe('Name the data source.')
    expect(sourceNameProblem(`  ${'x'.repeat(100)}  `)).toBeNull()
    expect(sourceNameProblem('x'.repeat(101))).toBe('A name has at most 100 characters (this one has 101).')
  })

  it('counts characters, not UTF-16 units', () => {
    expect(sourceNameProblem('🚗'.repeat(100))).toBeNull()
  })
})

describe('sync now', () => {
  it('applies to a switched-on source that syncs, of a store', () => {
    expect(syncAvailability({ sourceKind: 'SIMULATED_DMS', enabled: true, storeIdFk: 1 }).allowed).toBe(true)
    expect(syncAvailability({ sourceKind: 'UPLOAD_ONLY', enabled: true, storeIdFk: 1 })).toEqual({
      allowed: false,
      hint: 'Uploads only: this source has no sync',
    })
    expect(syncAvailability({ sourceKind: 'FILE_DROP', enabled: false, storeIdFk: 1 })).toEqual({
      allowed: false,
      hint: 'Switched off: switch it on to sync',
    })
    expect(syncAvailability({ sourceKind: 'FILE_DROP', enabled: true }).allowed).toBe(false)
  })
})

describe('folders', () => {
  it('load in the order the server loads them, one per file type', () => {
    expect(SYNC_LOAD_ORDER.slice(0, 2)).toEqual(['DMS_ADVISORS', 'DMS_CUSTOMER_VEHICLES'])
    expect([...SYNC_LOAD_ORDER].sort()).toEqual([...FILE_TYPE_CODES].sort())
  })

  it('are named after the file type', () => {
    expect(folderOf('DMS_REPAIR_ORDERS')).toBe('dms_repair_orders')
    expect(fileTypeOfFolder('dms_repair_orders')).toBe('DMS_REPAIR_ORDERS')
    expect(fileTypeOfFolder('elsewhere')).toBeUndefined()
  })
})

describe('sync statuses', () => {
  it('are badges with a tone and a meaning', () => {
    expect(syncStatusBadge('RUNNING')).toMatchObject({ label: 'Running', tone: 'info' })
    expect(syncStatusBadge('COMPLETED')).toMatchObject({ label: 'Completed', tone: 'success' })
    expect(syncStatusBadge('COMPLETED_WITH_ERRORS')).toMatchObject({ label: 'Completed with errors', tone: 'warning' })
    expect(syncStatusBadge('FAILED').tone).toBe('danger')
    expect(syncStatusBadge('CANCELLED').hint).toContain('stay')
    expect(syncStatusBadge('PAUSED')).toEqual({ label: 'Paused', tone: 'neutral' })
  })

  it('only a running sync is followed', () => {
    expect(isActiveSync('RUNNING')).toBe(true)
    expect(isActiveSync('COMPLETED')).toBe(false)
  })

  it('say what started them', () => {
    expect(syncTriggerLabel('MANUAL')).toBe('Sync now')
    expect(syncTriggerLabel('SCHEDULE')).toBe('Scheduled')
    expect(syncTriggerLabel(undefined)).toBe('')
  })
})

describe('a finished sync run', () => {
  it("reads its result's counts", () => {
    expect(syncOutcome(result)).toEqual({
      status: 'COMPLETED',
      files: 3,
      records: 40,
      insertedRows: 12,
      updatedRows: 3,
      unchangedRows: 25,
      errors: 0,
      message: 'Synced Successfully',
    })
    expect(syncOutcome({ files: 2 })).toBeNull()
    expect(syncOutcome(null)).toBeNull()
    expect(syncOutcome({ status: 'COMPLETED', files: -1, records: 'x' })).toMatchObject({ files: 0, records: 0, message: '' })
  })

  it('sums them up in a sentence', () => {
    expect(syncSummary(result)).toBe('3 files, 40 rows read: 12 inserted, 3 updated, 25 unchanged.')
    expect(syncSummary({ ...result, files: 1, records: 1, errors: 2 })).toBe('1 file, 1 row read: 12 inserted, 3 updated, 25 unchanged, 2 errors.')
    expect(syncSummary({ ...result, files: 0 })).toBe('Nothing new was delivered since the last sync.')
  })

  it("says 'Synced Successfully' when everything was imported", () => {
    expect(syncFinishedNotice({ status: 'succeeded', result })).toEqual({ type: 'success', message: 'Synced Successfully' })
    // An older server's run without a result still succeeded.
    expect(syncFinishedNotice({ status: 'succeeded' })).toEqual({ type: 'success', message: 'Synced Successfully' })
  })

  it("warns with the server's message when a file or row was refused", () => {
    const refused = { ...result, status: 'COMPLETED_WITH_ERRORS', errors: 1, message: 'ro.csv: lacks the column RO number' }
    expect(syncFinishedNotice({ status: 'succeeded', result: refused })).toEqual({
      type: 'warning',
      message: 'Synced with errors: ro.csv: lacks the column RO number',
    })
  })

  it("shows a failed run's error, and a cancelled run as such", () => {
    expect(syncFinishedNotice({ status: 'failed', error: 'Datasource is not configured' })).toEqual({
      type: 'danger',
      message: 'Datasource is not configured',
    })
    expect(syncFinishedNotice({ status: 'failed' })).toEqual({ type: 'danger', message: 'The sync failed' })
    expect(syncFinishedNotice({ status: 'cancelled' })?.type).toBe('warning')
    expect(syncFinishedNotice({ status: 'running' })).toBeNull()
  })
})
