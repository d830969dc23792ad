import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import {
  CRON_PRESETS,
  cronOfChoice,
  cronProblem,
  describeCron,
  presetOfCron,
  scheduleFailureText,
  schedulesOfSource,
  syncSchedulePayload,
  timeZoneOptions,
} from './sync-schedules'

const schedule = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  jobKind: 'imports.sync',
  input: { dataSourceId: 7, storeId: 1 },
  createdAt: `2026-11-2${id}T10:00:00Z`,
  ...extra,
})

describe('cron presets', () => {
  it('offer "Every hour" and "Every day at 2 AM" among others', () => {
    expect(CRON_PRESETS.map((p) => [p.label, p.cron])).toContainEqual(['Every hour', '0 * * * *'])
    expect(CRON_PRESETS.map((p) => [p.label, p.cron])).toContainEqual(['Every day at 2 AM', '0 2 * * *'])
  })

  it('are recognised in a cron, whatever the spacing', () => {
    expect(presetOfCron('0 * * * *')).toBe('hourly')
    expect(presetOfCron('  0   2 * * * ')).toBe('daily-2am')
    expect(presetOfCron('15 2 * * *')).toBe('custom')
  })

  it('give the cron sent; a custom one is the typed one, tidied', () => {
    expect(cronOfChoice('hourly', 'ignored')).toBe('0 * * * *')
    expect(cronOfChoice('custom', ' 30  1 * * 1-5 ')).toBe('30 1 * * 1-5')
  })

  it('describe a schedule for people', () => {
    expect(describeCron('0 2 * * *')).toBe('Every day at 2 AM')
    expect(describeCron('0  */2 * * *')).toBe('Cron 0 */2 * * *')
  })
})

describe('a typed cron', () => {
  it('has five fields, or six with seconds first', () => {
    expect(cronProblem('30 1 * * *')).toBeNull()
    expect(cronProblem('0 30 1 * * MON-FRI')).toBeNull()
    expect(cronProblem('0 0 L * ?')).toBeNull()
    expect(cronProblem('')).toBe('Enter a cron expression.')
    expect(cronProblem('* * *')).toBe('A cron expression has 5 fields (minute hour day month weekday), or 6 with seconds first; this one has 3.')
    expect(cronProblem('0 2 * * * * *')).toContain('this one has 7')
  })

  it('leaves the meaning of each field to the server, but not stray characters', () => {
    expect(cronProblem('99 2 * * *')).toBeNull()
    expect(cronProblem('0 2 * * $')).toBe('"$" is not a cron field.')
  })
})

describe("a source's schedules", () => {
  it("are the scheduler's imports.sync schedules of that source, oldest first", () => {
    const list = [
      schedule(3),
      schedule(1),
      schedule(2, { input: { dataSourceId: 8, storeId: 1 } }),
      schedule(4, { jobKind: 'planner.transfer', input: { dataSourceId: 7 } }),
      schedule(5, { input: null }),
      schedule(6, { input: { dataSourceId: '7' } }),
    ]
    expect(schedulesOfSource(list, 7).map((s) => s.id)).toEqual([1, 3])
    expect(schedulesOfSource(undefined, 7)).toEqual([])
  })

  it('are created as imports.sync schedules naming the source and its store', () => {
    expect(syncSchedulePayload({ enterpriseId: 1, source: { id: 7, storeIdFk: 2 }, cron: ' 0  2 * * * ', timeZone: 'America/Chicago' })).toEqual({
      enterpriseId: 1,
      storeIdFk: 2,
      apiName: 'dms-sync:7',
      jobKind: 'imports.sync',
      cron: '0 2 * * *',
      timeZone: 'America/Chicago',
      input: { dataSourceId: 7, storeId: 2 },
    })
    expect(syncSchedulePayload({ enterpriseId: 1, source: { id: 7, storeIdFk: 2 }, cron: '0 * * * *', timeZone: '' }).timeZone).toBeUndefined()
  })
})

describe('a schedule that was not created', () => {
  it("shows the server's reason", () => {
    const refused = new ApiError(400, { message: 'Bad request', errors: ['Unable to create scheduler: unknown time zone "Nowhere/Land"'] })
    expect(scheduleFailureText(refused)).toBe('Unable to create scheduler: unknown time zone "Nowhere/Land"')
    expect(scheduleFailureText(new ApiError(403, { message: 'Not allowed to start imports.sync' }))).toBe('Not allowed to start imports.sync')
  })

  it("else the spec's text", () => {
    expect(scheduleFailureText(new ApiError(500, { message: '', errors: [] }))).toBe('Unable to create scheduler')
    expect(scheduleFailureText(new ApiError(0, null))).toBe('Unable to create scheduler')
    expect(scheduleFailureText(new ApiError(400, null))).toBe('Unable to create scheduler')
    expect(scheduleFailureText(new Error('boom'))).toBe('Unable to create scheduler')
  })
})

describe('time zones', () => {
  it("offer the dealers' zones and UTC, plus the browser's, once", () => {
    const zones = timeZoneOptions('Europe/Berlin', 'America/Chicago', undefined)
    expect(zones[0]).toBe('America/New_York')
    expect(zones).toContain('UTC')
    expect(zones.filter((z) => z === 'America/Chicago')).toHaveLength(1)
    expect(zones.at(-1)).toBe('Europe/Berlin')
  })
})
