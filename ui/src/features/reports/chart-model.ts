/**
 * What a report's chart draws (the report's `chart`): one group per row,
 * labelled by the `category` column, one series per `series` column — or, when
 * `series` is empty, every integer column but the row's total and record ids.
 * Series that are zero in every row are left out (the monthly table has twenty
 * classifications, most of them empty in a given window); each series keeps the
 * colour of its place among all of them, so a classification's colour never
 * depends on which others are empty. The funnel is split into its
 * stages (rows with a count) and its rates (rows without).
 */
import { paletteColor } from './palette'
import { formatCell, isIdColumn, numberOf, type ReportColumn } from './report-format'

export const CHART_TYPES = ['BAR', 'STACKED_BAR', 'LINE', 'FUNNEL'] as const
export type ChartType = (typeof CHART_TYPES)[number]

/** A report's chart as the server describes it. */
export interface ReportChart {
  type: string
  category: string
  series: string[]
}

/** The part of a report a chart is drawn from. */
export interface ChartSource {
  columns: readonly ReportColumn[]
  content: readonly unknown[]
  chart?: ReportChart
}

export interface ChartSeries {
  key: string
  label: string
  color: string
  /** The column's type, which decides how its figures read (counts, dollars, durations). */
  type: string
}

/** Columns that sum a row's others: drawn beside them they would dwarf them. */
const TOTAL_KEYS: ReadonlySet<string> = new Set(['total'])

/** The key each chart row keeps its label under (no report column is named so). */
export const CATEGORY_KEY = '__category'

export function chartType(chart: ReportChart | undefined): ChartType | null {
  const type = chart?.type.toUpperCase()
  return (CHART_TYPES as readonly string[]).includes(type ?? '') ? (type as ChartType) : null
}

function rowsOf(source: ChartSource): Record<string, unknown>[] {
  return source.content.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
}

/**
 * The columns a chart draws as series, before empty ones are left out: the
 * chart's `series` that the report has, else every integer column other than
 * the category, totals-like columns (`total`) and record ids.
 */
export function seriesColumns(source: Pick<ChartSource, 'columns' | 'chart'>): ReportColumn[] {
  const chart = source.chart
  if (!chart) return []
  if (chart.series.length > 0) {
    return chart.series
      .map((key) => source.columns.find((c) => c.key === key))
      .filter((c): c is ReportColumn => c !== undefined)
  }
  return source.columns.filter((c) => c.type === 'INTEGER' && c.key !== chart.category && !TOTAL_KEYS.has(c.key) && !isIdColumn(c))
}

/** The series drawn: those with a value other than zero in some row, each with its colour. */
export function chartSeries(source: ChartSource): ChartSeries[] {
  const rows = rowsOf(source)
  // A series keeps the colour of its place among all the report's series, whichever are
  // empty in the window: the same classification is the same colour in every view.
  return seriesColumns(source)
    .map((column, index) => ({ key: column.key, label: column.label, color: paletteColor(index), type: column.type }))
    .filter((series) => rows.some((row) => (numberOf(row[series.key]) ?? 0) !== 0))
}

/**
 * Each row's label: its category cell (as the table shows it). When rows share
 * a category (the monthly table has a row per customer type; leads status a row
 * per store and service type), the row's other text cells are added to tell
 * them apart: `2026-10 · Type A`.
 */
export function categoryLabels(source: ChartSource): string[] {
  const rows = rowsOf(source)
  const category = source.chart?.category
  const categoryColumn = source.columns.find((c) => c.key === category)
  const base = rows.map((row, i) => (categoryColumn ? formatCell(row[categoryColumn.key], categoryColumn) : String(i + 1)))
  if (new Set(base).size === base.length) return base
  const others = source.columns.filter((c) => c.type === 'TEXT' && c.key !== category)
  return rows.map((row, i) => {
    const extra = others.map((c) => row[c.key]).filter((v) => v !== null && v !== undefined && v !== '')
    return [base[i], ...extra.map((v) => formatCell(v, { key: '', type: 'TEXT' }))].join(' · ')
  })
}

/** How one figure of a series reads: by its column's type (`1,234`, `$1,253.95`, `1.5 h`, `52.4%`). */
export function seriesValueText(value: unknown, type: string): string {
  const n = numberOf(value)
  return n === null ? String(value ?? '') : formatCell(n, { key: '', type })
}

/** The value axis's type: the series' common type, else plain counts. */
export function axisType(series: readonly ChartSeries[]): string {
  const types = new Set(series.map((s) => s.type))
  return types.size === 1 ? [...types][0]! : 'INTEGER'
}

/** The rows a bar or line chart is drawn from: the label, and each series' number (0 for none). */
export function chartData(source: ChartSource, series: readonly ChartSeries[]): Record<string, string | number>[] {
  const rows = rowsOf(source)
  const labels = categoryLabels(source)
  return rows.map((row, i) => {
    const point: Record<string, string | number> = { [CATEGORY_KEY]: labels[i] ?? '' }
    for (const s of series) point[s.key] = numberOf(row[s.key]) ?? 0
    return point
  })
}

export interface FunnelStage {
  label: string
  value: number
  /** Its share (the report's percent column), when it has one. */
  percent: number | null
  color: string
}

export interface FunnelRate {
  label: string
  percent: number | null
}

export interface FunnelModel {
  /** The count column's header (e.g. 'Leads'). */
  valueLabel: string
  stages: FunnelStage[]
  rates: FunnelRate[]
}

/**
 * The funnel: the stages are the rows whose count (the chart's first series) is
 * set, in order; the rows without one are the rates, shown as figures.
 */
export function funnelModel(source: ChartSource): FunnelModel {
  const rows = rowsOf(source)
  const category = source.chart?.category ?? ''
  const valueKey = source.chart?.series[0] ?? source.columns.find((c) => c.type === 'INTEGER')?.key ?? ''
  const valueColumn = source.columns.find((c) => c.key === valueKey)
  const percentKey = source.columns.find((c) => c.type === 'PERCENT')?.key
  const stages: FunnelStage[] = []
  const rates: FunnelRate[] = []
  for (const row of rows) {
    const label = String(row[category] ?? '')
    const value = numberOf(row[valueKey])
    const percent = percentKey ? numberOf(row[percentKey]) : null
    if (value === null) rates.push({ label, percent })
    else stages.push({ label, value, percent, color: paletteColor(stages.length) })
  }
  return { valueLabel: valueColumn?.label ?? valueKey, stages, rates }
}
