import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../lib/date-time'
import {
  EMPTY_CELL,
  formatCell,
  formatInteger,
  formatMoney,
  formatPercent,
  formatSeconds,
  isIdColumn,
  isNumberColumn,
  totalsRow,
  type ReportColumn,
} from './report-format'

const col = (key: string, type: string, label = key): ReportColumn => ({ key, label, type })

describe('number formats', () => {
  it('writes integers with thousands separators', () => {
    expect(formatInteger(0)).toBe('0')
    expect(formatInteger(1234)).toBe('1,234')
    expect(formatInteger(1234567)).toBe('1,234,567')
    expect(formatInteger(-4200)).toBe('-4,200')
  })

  it('writes percentages with one decimal and %', () => {
    expect(formatPercent(56.2)).toBe('56.2%')
    expect(formatPercent(100)).toBe('100.0%')
    expect(formatPercent(0)).toBe('0.0%')
    expect(formatPercent(512.5)).toBe('512.5%')
  })

  it('writes money in dollars and cents', () => {
    expect(formatMoney(1253.95)).toBe('$1,253.95')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(178.9)).toBe('$178.90')
  })
})

describe('formatSeconds (E-E9)', () => {
  it('uses seconds, minutes, hours or days, whichever the length reaches', () => {
    expect(formatSeconds(0)).toBe('0 s')
    expect(formatSeconds(45)).toBe('45 s')
    expect(formatSeconds(59.4)).toBe('59.4 s')
    expect(formatSeconds(60)).toBe('1 min')
    expect(formatSeconds(90)).toBe('1.5 min')
    expect(formatSeconds(3599)).toBe('60 min')
    expect(formatSeconds(3600)).toBe('1 h')
    expect(formatSeconds(5400)).toBe('1.5 h')
    expect(formatSeconds(86_400)).toBe('1 day')
    expect(formatSeconds(129_600)).toBe('1.5 days')
    expect(formatSeconds(864_000)).toBe('10 days')
  })

  it('keeps the sign of a negative length', () => {
    expect(formatSeconds(-90)).toBe('-1.5 min')
  })
})

describe('formatCell', () => {
  it('formats by the column’s type', () => {
    expect(formatCell(1234, col('texted', 'INTEGER'))).toBe('1,234')
    expect(formatCell(52.4, col('rate', 'PERCENT'))).toBe('52.4%')
    expect(formatCell(1253.95, col('totalAmount', 'MONEY'))).toBe('$1,253.95')
    expect(formatCell(5400, col('wait', 'SECONDS'))).toBe('1.5 h')
    expect(formatCell('2026-11-23', col('closedDate', 'DATE'))).toBe('23/11/2026')
    expect(formatCell('Harbor Ford', col('storeName', 'TEXT'))).toBe('Harbor Ford')
    expect(formatCell('2026-11-11T02:27:00Z', col('firstTextedAt', 'TIMESTAMP'))).toBe(formatDateTime('2026-11-11T02:27:00Z'))
  })

  it('reads a day written as text like a DATE (the daily table’s Date column)', () => {
    expect(formatCell('2026-10-27', col('reportDate', 'TEXT'))).toBe('27/10/2026')
    expect(formatCell('2026-10', col('reportMonth', 'TEXT'))).toBe('2026-10')
  })

  it('writes record ids without separators', () => {
    expect(formatCell(12345, col('appointmentId', 'INTEGER'))).toBe('12345')
    expect(formatCell(12345, col('futureServiceInteractionId', 'INTEGER'))).toBe('12345')
  })

  it('shows a dash for an empty cell', () => {
    expect(formatCell(null, col('change', 'PERCENT'))).toBe(EMPTY_CELL)
    expect(formatCell(undefined, col('leads', 'INTEGER'))).toBe(EMPTY_CELL)
    expect(formatCell('', col('lastMessage', 'TEXT'))).toBe(EMPTY_CELL)
  })

  it('reads numbers sent as text, and shows other text as it came', () => {
    expect(formatCell('1234', col('texted', 'INTEGER'))).toBe('1,234')
    expect(formatCell('n/a', col('texted', 'INTEGER'))).toBe('n/a')
  })
})

describe('columns', () => {
  it('knows record ids', () => {
    expect(isIdColumn(col('storeId', 'INTEGER'))).toBe(true)
    expect(isIdColumn(col('id', 'INTEGER'))).toBe(true)
    expect(isIdColumn(col('storeId', 'TEXT'))).toBe(false)
    expect(isIdColumn(col('paid', 'INTEGER'))).toBe(false)
    expect(isIdColumn(col('texted', 'INTEGER'))).toBe(false)
  })

  it('right-aligns numbers', () => {
    expect(['INTEGER', 'PERCENT', 'MONEY', 'SECONDS'].every((type) => isNumberColumn({ type }))).toBe(true)
    expect(['TEXT', 'DATE', 'TIMESTAMP'].some((type) => isNumberColumn({ type }))).toBe(false)
  })
})

describe('totalsRow', () => {
  it('keeps the server’s totals and label', () => {
    const columns = [col('reportMonth', 'TEXT'), col('customerType', 'TEXT'), col('noResponse', 'INTEGER'), col('change', 'PERCENT')]
    expect(totalsRow(columns, { reportMonth: 'Total', customerType: null, noResponse: 32, change: null })).toEqual({
      reportMonth: 'Total',
      customerType: null,
      noResponse: 32,
      change: null,
    })
  })

  it('drops sums of record ids and labels the first empty text column', () => {
    const columns = [col('storeId', 'INTEGER'), col('storeName', 'TEXT'), col('texted', 'INTEGER'), col('responseRate', 'PERCENT')]
    expect(totalsRow(columns, { storeId: 36, storeName: null, texted: 73, responseRate: null })).toEqual({
      storeId: null,
      storeName: 'Total',
      texted: 73,
      responseRate: null,
    })
  })

  it('labels a date column when the report starts with one', () => {
    const columns = [col('day', 'DATE'), col('texts', 'INTEGER')]
    expect(totalsRow(columns, { day: null, texts: 90 })).toEqual({ day: 'Total', texts: 90 })
  })

  it('is null without totals', () => {
    expect(totalsRow([col('a', 'TEXT')], undefined)).toBeNull()
    expect(totalsRow([col('a', 'TEXT')], null)).toBeNull()
  })
})
