import { describe, expect, it } from 'vitest'
import { bulkRunResult, customersText, outcomeBadge, skipReasonLabel, sortReasons } from './bulk-format'
import { serviceTypeLabel } from '../../lib/service-types'

describe('outcomeBadge', () => {
  it('says what a dry run would do and what a run did', () => {
    expect(outcomeBadge('SENT', 'preview')).toEqual({ label: 'Text now', tone: 'success' })
    expect(outcomeBadge('SENT', 'run')).toEqual({ label: 'Texted', tone: 'success' })
    expect(outcomeBadge('DEFERRED', 'preview').tone).toBe('info')
    expect(outcomeBadge('SKIPPED', 'run').tone).toBe('warning')
    expect(outcomeBadge('FAILED', 'run')).toEqual({ label: 'Failed', tone: 'danger' })
    expect(outcomeBadge('SOMETHING_NEW', 'run')).toEqual({ label: 'Something new', tone: 'neutral' })
    expect(outcomeBadge('', 'preview').label).toBe('Unknown')
  })
})

describe('labels', () => {
  it('name reasons and service types as the server does, others as words', () => {
    expect(skipReasonLabel('OPTED_OUT')).toBe('Opted out of texts')
    expect(skipReasonLabel('NEW_REASON')).toBe('New reason')
    expect(serviceTypeLabel('OIL_CHANGE')).toBe('Oil change (5K)')
    expect(serviceTypeLabel('RECALL')).toBe('Recall')
    expect(serviceTypeLabel(undefined)).toBe('')
  })

  it('count customers', () => {
    expect(customersText(1)).toBe('1 customer')
    expect(customersText(1234)).toBe('1,234 customers')
  })
})

describe('bulkRunResult', () => {
  it('reads the counts and the reasons (an object of reason → count), most frequent first', () => {
    expect(
      bulkRunResult({
        message: 'Successfully Initiated!',
        sent: 10,
        deferred: 2,
        skipped: 3,
        failed: 1,
        skippedByReason: { OPTED_OUT: 1, ALREADY_STARTED: 2, NO_MOBILE: 0 },
      }),
    ).toEqual({
      message: 'Successfully Initiated!',
      sent: 10,
      deferred: 2,
      skipped: 3,
      failed: 1,
      skippedByReason: [
        { reason: 'ALREADY_STARTED', label: 'Conversation already started', count: 2 },
        { reason: 'OPTED_OUT', label: 'Opted out of texts', count: 1 },
      ],
    })
  })

  it('is null without a result and reads nonsense as zero', () => {
    expect(bulkRunResult(undefined)).toBeNull()
    expect(bulkRunResult([1])).toBeNull()
    expect(bulkRunResult({ sent: 'many', skippedByReason: 3 })).toEqual({
      message: '',
      sent: 0,
      deferred: 0,
      skipped: 0,
      failed: 0,
      skippedByReason: [],
    })
  })

  it('sorts ties by label', () => {
    expect(
      sortReasons([
        { reason: 'B', label: 'b', count: 1 },
        { reason: 'A', label: 'a', count: 1 },
        { reason: 'C', label: 'c', count: 5 },
      ]).map((r) => r.reason),
    ).toEqual(['C', 'A', 'B'])
  })
})
