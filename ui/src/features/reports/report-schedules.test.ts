import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import {
  defaultScheduleZone,
  describeScheduleCron,
  hourLabel,
  periodOfRepeat,
  reportMailInput,
  reportSchedulePayload,
  reportSchedules,
  SCHEDULE_FAILED_TEXT,
  scheduleCron,
  scheduleFailureText,
  timeZoneOptions,
  timingOfCron,
  WEEKDAYS,
  type ScheduleTiming,
  type Weekday,
} from './report-schedules'

describe('the cron of a scheduled report', () => {
  it('is daily at the hour, weekly on a weekday, monthly on the 1st', () => {
    expect(scheduleCron({ repeat: 'daily', hour: 7, weekday: 1 })).toBe('0 7 * * *')
    expect(scheduleCron({ repeat: 'weekly', hour: 6, weekday: 5 })).toBe('0 6 * * FRI')
    expect(scheduleCron({ repeat: 'monthly', hour: 0, weekday: 3 })).toBe('0 0 1 * *')
    expect(scheduleCron({ repeat: 'daily', hour: 23, weekday: 1 })).toBe('0 23 * * *')
  })

  it('names the weekday (the server counts weekday numbers 1–7 from Sunday, usual crons 0–6)', () => {
    expect(WEEKDAYS.map((d) => d.cron)).toEqual(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'])
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => scheduleCron({ repeat: 'weekly', hour: 9, weekday: d as Weekday }).split(' ')[4])).toEqual([
      'SUN',
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
    ])
  })

  it('falls back to 7 AM for an hour outside 0–23', () => {
    expect(scheduleCron({ repeat: 'daily', hour: 24, weekday: 1 })).toBe('0 7 * * *')
    expect(scheduleCron({ repeat: 'daily', hour: 1.5, weekday: 1 })).toBe('0 7 * * *')
  })

  it('reads back into the timing it was made from', () => {
    const timings: ScheduleTiming[] = [
      { repeat: 'daily', hour: 7, weekday: 1 },
      { repeat: 'weekly', hour: 18, weekday: 0 },
      { repeat: 'weekly', hour: 6, weekday: 6 },
      { repeat: 'monthly', hour: 5, weekday: 1 },
    ]
    for (const timing of timings) expect(timingOfCron(scheduleCron(timing))).toEqual(timing)
    expect(timingOfCron('0 6 * * fri')).toEqual({ repeat: 'weekly', hour: 6, weekday: 5 })
  })

  it('is not read back when made elsewhere', () => {
    for (const cron of ['*/5 * * * *', '30 7 * * *', '0 7 * * 1-5', '0 7 * * 1', '0 7 15 * *', '0 7 1 1 *', '0 0 7 * * *', '0 25 * * *']) {
      expect(timingOfCron(cron), cron).toBeNull()
    }
  })
})

describe('the period of a scheduled report', () => {
  it('matches how often it goes out', () => {
    expect(periodOfRepeat('daily')).toBe('DAY')
    expect(periodOfRepeat('weekly')).toBe('WEEK')
    expect(periodOfRepeat('monthly')).toBe('MONTH')
  })
})

describe('a schedule for people', () => {
  it('says when it goes out', () => {
    expect(describeScheduleCron('0 7 * * *')).toBe('Every day at 7:00 AM')
    expect(describeScheduleCron('0 18 * * MON')).toBe('Every Monday at 6:00 PM')
    expect(describeScheduleCron('0 0 1 * *')).toBe('1st of each month at 12:00 AM')
    expect(describeScheduleCron(' 0  7 * *  1-5 ')).toBe('Cron 0 7 * * 1-5')
  })

  it('gives hours on a 12-hour clock', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12:00 AM', '1:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '11:00 PM'])
  })
})

describe('the body of POST /api/data-sync/scheduler', () => {
  it('is a reports.mail schedule of the report, its stores and the matching period', () => {
    expect(
      reportSchedulePayload({
        enterpriseId: 1,
        report: 'monthly',
        mailingListId: 4,
        storeIds: [2, 1],
        serviceTypes: ['OIL_CHANGE'],
        customerType: '1',
        timeZone: 'America/Chicago',
        repeat: 'weekly',
        hour: 6,
        weekday: 5,
      }),
    ).toEqual({
      enterpriseId: 1,
      storeIdFk: 2,
      apiName: 'report-mail',
      jobKind: 'reports.mail',
      cron: '0 6 * * FRI',
      timeZone: 'America/Chicago',
      input: {
        report: 'monthly',
        period: 'WEEK',
        mailingListId: 4,
        storeIds: [2, 1],
        serviceTypes: ['OIL_CHANGE'],
        customerType: '1',
        timeZone: 'America/Chicago',
      },
    })
  })

  it('leaves out service types and customer type when the report is not narrowed', () => {
    const body = reportSchedulePayload({
      enterpriseId: 1,
      report: 'store-wise',
      mailingListId: 2,
      storeIds: [1, 2, 3],
      serviceTypes: [],
      timeZone: 'UTC',
      repeat: 'monthly',
      hour: 7,
      weekday: 1,
    })
    expect(body.cron).toBe('0 7 1 * *')
    expect(body.input).toEqual({ report: 'store-wise', period: 'MONTH', mailingListId: 2, storeIds: [1, 2, 3], timeZone: 'UTC' })
    expect(Object.keys(body.input)).not.toContain('serviceTypes')
    expect(Object.keys(body.input)).not.toContain('customerType')
  })

  it('has no store of its own when there are none', () => {
    const body = reportSchedulePayload({ enterpriseId: 1, report: 'daily', mailingListId: 1, storeIds: [], timeZone: 'UTC', repeat: 'daily', hour: 7, weekday: 1 })
    expect(body.storeIdFk).toBeUndefined()
    expect(body.input.period).toBe('DAY')
  })
})

describe('the scheduled reports among the schedules', () => {
  const schedule = (id: number, jobKind: string, input: unknown, createdAt = `2026-11-2${id}T10:00:00Z`) => ({ id, jobKind, input, createdAt })

  it('are the reports.mail ones, oldest first', () => {
    const list = [
      schedule(3, 'reports.mail', { report: 'daily', period: 'DAY', mailingListId: 1, storeIds: [1] }),
      schedule(1, 'outreach.follow-up-sweep', {}),
      schedule(2, 'reports.mail', { report: 'monthly', period: 'MONTH', mailingListId: 1, storeIds: [1] }),
      schedule(4, 'imports.sync', { dataSourceId: 1 }),
    ]
    expect(reportSchedules(list).map((s) => s.id)).toEqual([2, 3])
    expect(reportSchedules(undefined)).toEqual([])
  })

  it('read their input', () => {
    expect(
      reportMailInput(
        schedule(1, 'reports.mail', {
          report: 'monthly',
          period: 'WEEK',
          mailingListId: 4,
          storeIds: [1, 2],
          serviceTypes: [],
          customerType: null,
          timeZone: 'America/New_York',
        }),
      ),
    ).toEqual({
      report: 'monthly',
      period: 'WEEK',
      mailingListId: 4,
      storeIds: [1, 2],
      serviceTypes: undefined,
      customerType: undefined,
      timeZone: 'America/New_York',
    })
    expect(reportMailInput(schedule(1, 'imports.sync', { report: 'monthly', mailingListId: 1 }))).toBeNull()
    expect(reportMailInput(schedule(1, 'reports.mail', { period: 'DAY' }))).toBeNull()
    expect(reportMailInput(schedule(1, 'reports.mail', null))).toBeNull()
  })
})

describe('the time zone of a new schedule', () => {
  const zones = new Map([
    [1, 'America/New_York'],
    [2, 'America/New_York'],
    [7, 'America/Los_Angeles'],
  ])

  it("is the first chosen store's", () => {
    expect(defaultScheduleZone({ storeZones: zones, chosenStores: [7, 1], browser: 'Europe/Paris' })).toBe('America/Los_Angeles')
  })

  it("is the stores' one zone when none is chosen and they share it", () => {
    const one = new Map([
      [1, 'America/Chicago'],
      [2, 'America/Chicago'],
    ])
    expect(defaultScheduleZone({ storeZones: one, chosenStores: [], browser: 'Europe/Paris' })).toBe('America/Chicago')
  })

  it("is the browser's otherwise, else UTC", () => {
    expect(defaultScheduleZone({ storeZones: zones, chosenStores: [], browser: 'Europe/Paris' })).toBe('Europe/Paris')
    expect(defaultScheduleZone({ storeZones: new Map(), chosenStores: [3], browser: 'America/Denver' })).toBe('America/Denver')
    expect(defaultScheduleZone({ storeZones: new Map(), chosenStores: [], browser: undefined })).toBe('UTC')
  })

  it('is offered first, with the US zones and UTC, each once', () => {
    const options = timeZoneOptions('Europe/Paris', 'America/Chicago')
    expect(options[0]).toBe('Europe/Paris')
    expect(options).toContain('America/New_York')
    expect(options).toContain('UTC')
    expect(options.filter((z) => z === 'America/Chicago')).toHaveLength(1)
  })
})

describe('a refused schedule', () => {
  it("says the server's reason, else 'Unable to create scheduler'", () => {
    const reason = 'Unable to create scheduler: input: storeIds: name 1 to 5000 stores'
    expect(scheduleFailureText(new ApiError(400, { message: reason, errors: [reason] }))).toBe(reason)
    expect(scheduleFailureText(new ApiError(404, { message: 'Store 9 not found' }))).toBe('Store 9 not found')
    expect(scheduleFailureText(new ApiError(500, { message: 'boom' }))).toBe(SCHEDULE_FAILED_TEXT)
    expect(scheduleFailureText(new ApiError(0, null))).toBe(SCHEDULE_FAILED_TEXT)
  })
})
