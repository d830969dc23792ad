/**
 * How a report's cells read, by column type (docs/reports.md): integers with
 * thousands separators, PERCENT with '%', MONEY in dollars, SECONDS as seconds,
 * minutes, hours or days (E-E9), TIMESTAMP and DATE by the display rule of
 * lib/date-time (DD/MM/YYYY, E-R4; moments in the browser's zone, named).
 */

import { formatDateTime, formatDay } from '../../lib/date-time'

export const COLUMN_TYPES = ['TEXT', 'INTEGER', 'PERCENT', 'MONEY', 'SECONDS', 'TIMESTAMP', 'DATE'] as const
export type ColumnType = (typeof COLUMN_TYPES)[number]

/** A report column as the server describes it. */
export interface ReportColumn {
  key: string
  label: string
  type: string
  /** What a header that is a code means (SPA-SS, NLO…). */
  description?: string
}

/** What an empty cell shows. */
export const EMPTY_CELL = '—'

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A number cell's value (numbers may arrive as text), or null. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : null
  }
  return null
}

/** `1234` → `1,234`. */
export function formatInteger(n: number): string {
  return Number.isInteger(n) ? integerFormat.format(n) : decimalFormat.format(n)
}

/** `56.2` → `56.2%` (the server's 0–100 with one decimal). */
export function formatPercent(n: number): string {
  return `${percentFormat.format(n)}%`
}

/** `1253.95` → `$1,253.95`. */
export function formatMoney(n: number): string {
  return moneyFormat.format(n)
}

/**
 * A length of time given in seconds, in the largest unit it reaches (E-E9):
 * `45 s`, `1.5 min`, `2 h`, `1 day`, `3.5 days`.
 */
export function formatSeconds(seconds: number): string {
  const sign = seconds < 0 ? '-' : ''
  const s = Math.abs(seconds)
  if (s < 60) return `${sign}${oneDecimal.format(s)} s`
  if (s < 3600) return `${sign}${oneDecimal.format(s / 60)} min`
  if (s < 86_400) return `${sign}${oneDecimal.format(s / 3600)} h`
  const days = s / 86_400
  const text = oneDecimal.format(days)
  return `${sign}${text} ${text === '1' ? 'day' : 'days'}`
}

/** Record ids (`storeId`, `appointmentId`) are numbers to look up, not amounts: no separators, no totals. */
export function isIdColumn(column: Pick<ReportColumn, 'key' | 'type'>): boolean {
  return column.type === 'INTEGER' && (column.key === 'id' || /[a-z]Id$/.test(column.key))
}

/** Number columns are right-aligned. */
export function isNumberColumn(column: Pick<ReportColumn, 'type'>): boolean {
  return column.type === 'INTEGER' || column.type === 'PERCENT' || column.type === 'MONEY' || column.type === 'SECONDS'
}

/** A cell as it reads, by its column's type; `EMPTY_CELL` for none. */
export function formatCell(value: unknown, column: Pick<ReportColumn, 'key' | 'type'>): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL
  switch (column.type) {
    case 'INTEGER': {
      const n = numberOf(value)
      if (n === null) return String(value)
      return isIdColumn(column) ? String(n) : formatInteger(n)
    }
    case 'PERCENT': {
      const n = numberOf(value)
      return n === null ? String(value) : formatPercent(n)
    }
    case 'MONEY': {
      const n = numberOf(value)
      return n === null ? String(value) : formatMoney(n)
    }
    case 'SECONDS': {
      const n = numberOf(value)
      return n === null ? String(value) : formatSeconds(n)
    }
    case 'TIMESTAMP':
      return typeof value === 'string' && Number.isFinite(Date.parse(value)) ? formatDateTime(value) : String(value)
    default:
      // DATE, and text that is a day (the daily table's Date column), read as days; other text as it came.
      return typeof value === 'string' ? formatDay(value) || value : String(value)
  }
}

/** The word the totals row starts with. */
export const TOTALS_LABEL = 'Total'

/**
 * The totals row as shown: the server's sums, without the sums of record ids
 * (a sum of store ids means nothing), and 'Total' in the first text or date
 * column when the server left no label (its first column was not text).
 */
export function totalsRow(columns: readonly ReportColumn[], totals: unknown): Record<string, unknown> | null {
  if (!totals || typeof totals !== 'object') return null
  const row: Record<string, unknown> = { ...(totals as Record<string, unknown>) }
  for (const column of columns) {
    if (isIdColumn(column)) row[column.key] = null
  }
  const labelled = columns.some((c) => row[c.key] === TOTALS_LABEL)
  if (!labelled) {
    const first = columns.find((c) => !isNumberColumn(c) && (row[c.key] === null || row[c.key] === undefined || row[c.key] === ''))
    if (first) row[first.key] = TOTALS_LABEL
  }
  return row
}
