import { describe, expect, it } from 'vitest'
import {
  axisType,
  CATEGORY_KEY,
  categoryLabels,
  chartData,
  chartSeries,
  chartType,
  funnelModel,
  seriesColumns,
  seriesValueText,
  type ChartSource,
} from './chart-model'
import { CHART_PALETTE } from './palette'

const monthly: ChartSource = {
  chart: { type: 'STACKED_BAR', category: 'reportMonth', series: [] },
  columns: [
    { key: 'reportMonth', label: 'Date', type: 'TEXT' },
    { key: 'customerType', label: 'Customer type', type: 'TEXT' },
    { key: 'spaSS', label: 'SPA-SS', type: 'INTEGER' },
    { key: 'noResponse', label: 'NR', type: 'INTEGER' },
    { key: 'appointments', label: 'Appointments', type: 'INTEGER' },
    { key: 'optOut', label: 'OPT-OUT', type: 'INTEGER' },
    { key: 'total', label: 'Total', type: 'INTEGER' },
    { key: 'change', label: 'Change %', type: 'PERCENT' },
  ],
  content: [
    { reportMonth: '2026-10', customerType: 'Type A', spaSS: 0, noResponse: 4, appointments: 1, optOut: 0, total: 5, change: null },
    { reportMonth: '2026-10', customerType: 'Type B', spaSS: 0, noResponse: 1, appointments: 2, optOut: 0, total: 3, change: null },
    { reportMonth: '2026-11', customerType: 'Type A', spaSS: 0, noResponse: 22, appointments: 12, optOut: 1, total: 35, change: 600 },
  ],
}

const storeWise: ChartSource = {
  chart: { type: 'BAR', category: 'storeName', series: ['texted', 'responded', 'booked'] },
  columns: [
    { key: 'storeId', label: 'Store id', type: 'INTEGER' },
    { key: 'storeName', label: 'Store', type: 'TEXT' },
    { key: 'texted', label: 'Texted', type: 'INTEGER' },
    { key: 'responded', label: 'Responded', type: 'INTEGER' },
    { key: 'booked', label: 'Booked', type: 'INTEGER' },
    { key: 'optedOut', label: 'Opted out', type: 'INTEGER' },
    { key: 'responseRate', label: 'Response %', type: 'PERCENT' },
  ],
  content: [
    { storeId: 3, storeName: 'Desert Sun Nissan', texted: 10, responded: 8, booked: 2, optedOut: 0, responseRate: 80 },
    { storeId: 2, storeName: 'Harbor Ford', texted: 16, responded: 8, booked: 3, optedOut: 1, responseRate: 50 },
  ],
}

describe('chartType', () => {
  it('knows the four kinds, and nothing else', () => {
    expect(chartType({ type: 'STACKED_BAR', category: 'x', series: [] })).toBe('STACKED_BAR')
    expect(chartType({ type: 'line', category: 'x', series: [] })).toBe('LINE')
    expect(chartType({ type: 'PIE', category: 'x', series: [] })).toBeNull()
    expect(chartType(undefined)).toBeNull()
  })
})

describe('seriesColumns', () => {
  it('draws the chart’s series columns, in its order', () => {
    expect(seriesColumns(storeWise).map((c) => c.key)).toEqual(['texted', 'responded', 'booked'])
  })

  it('ignores series the report has no column for', () => {
    expect(seriesColumns({ ...storeWise, chart: { type: 'BAR', category: 'storeName', series: ['texted', 'nope'] } }).map((c) => c.key)).toEqual([
      'texted',
    ])
  })

  it('with no series named, draws every integer column but the total and record ids', () => {
    expect(seriesColumns(monthly).map((c) => c.key)).toEqual(['spaSS', 'noResponse', 'appointments', 'optOut'])
    expect(
      seriesColumns({ ...storeWise, chart: { type: 'BAR', category: 'storeName', series: [] } }).map((c) => c.key),
    ).toEqual(['texted', 'responded', 'booked', 'optedOut'])
  })

  it('draws nothing for a report without a chart', () => {
    expect(seriesColumns({ ...storeWise, chart: undefined })).toEqual([])
    expect(chartSeries({ ...storeWise, chart: undefined })).toEqual([])
  })
})

describe('chartSeries', () => {
  it('leaves out series that are zero in every row; each keeps the colour of its place', () => {
    expect(chartSeries(monthly)).toEqual([
      { key: 'noResponse', label: 'NR', color: CHART_PALETTE[1], type: 'INTEGER' },
      { key: 'appointments', label: 'Appointments', color: CHART_PALETTE[2], type: 'INTEGER' },
      { key: 'optOut', label: 'OPT-OUT', color: CHART_PALETTE[3], type: 'INTEGER' },
    ])
    // Another window where SPA-SS has rows: Appointments is still the same colour.
    const other = { ...monthly, content: monthly.content.map((row) => ({ ...(row as object), spaSS: 1 })) }
    expect(chartSeries(other).find((series) => series.key === 'appointments')?.color).toBe(CHART_PALETTE[2])
  })

  it('has no series when there are no rows', () => {
    expect(chartSeries({ ...storeWise, content: [] })).toEqual([])
  })
})

describe('figures by series type', () => {
  it('read as their columns do', () => {
    expect(seriesValueText(1234, 'INTEGER')).toBe('1,234')
    expect(seriesValueText(1253.95, 'MONEY')).toBe('$1,253.95')
    expect(seriesValueText(5400, 'SECONDS')).toBe('1.5 h')
    expect(seriesValueText(52.4, 'PERCENT')).toBe('52.4%')
  })

  it('give the value axis the series’ common type, else counts', () => {
    const first = { key: 'averageSeconds', label: 'Average', color: '#000', type: 'SECONDS' }
    expect(axisType([first])).toBe('SECONDS')
    expect(axisType([first, { ...first, key: 'b', type: 'MONEY' }])).toBe('INTEGER')
    expect(axisType([])).toBe('INTEGER')
  })
})

describe('categoryLabels', () => {
  it('labels each row by its category cell', () => {
    expect(categoryLabels(storeWise)).toEqual(['Desert Sun Nissan', 'Harbor Ford'])
  })

  it('tells rows that share a category apart by their other text cells', () => {
    expect(categoryLabels(monthly)).toEqual(['2026-10 · Type A', '2026-10 · Type B', '2026-11 · Type A'])
  })

  it('writes days as the table does', () => {
    const daily: ChartSource = {
      chart: { type: 'STACKED_BAR', category: 'reportDate', series: [] },
      columns: [{ key: 'reportDate', label: 'Date', type: 'TEXT' }],
      content: [{ reportDate: '2026-10-27' }],
    }
    expect(categoryLabels(daily)).toEqual(['27/10/2026'])
  })
})

describe('chartData', () => {
  it('is one point per row with each series’ number (0 for none)', () => {
    const series = chartSeries(storeWise)
    const withGap: ChartSource = { ...storeWise, content: [...storeWise.content, { storeId: 9, storeName: 'New', texted: 1, responded: null, booked: null }] }
    expect(chartData(withGap, series)).toEqual([
      { [CATEGORY_KEY]: 'Desert Sun Nissan', texted: 10, responded: 8, booked: 2 },
      { [CATEGORY_KEY]: 'Harbor Ford', texted: 16, responded: 8, booked: 3 },
      { [CATEGORY_KEY]: 'New', texted: 1, responded: 0, booked: 0 },
    ])
  })
})

describe('funnelModel', () => {
  it('draws the rows with a count as stages and shows the others as rates', () => {
    const funnel: ChartSource = {
      chart: { type: 'FUNNEL', category: 'stage', series: ['leads'] },
      columns: [
        { key: 'stage', label: 'Stage', type: 'TEXT' },
        { key: 'leads', label: 'Leads', type: 'INTEGER' },
        { key: 'percent', label: '%', type: 'PERCENT' },
      ],
      content: [
        { stage: 'CONTACTED', leads: 73, percent: 100 },
        { stage: 'RESPONDED', leads: 41, percent: 56.2 },
        { stage: 'ENGAGED', leads: 39, percent: 53.4 },
        { stage: 'APPT_BOOKING', leads: 18, percent: 24.7 },
        { stage: 'REPONSE %', leads: null, percent: 56.2 },
        { stage: 'CLOSURE RATE %', leads: null, percent: 24.7 },
        { stage: 'RESPONSE TO APPT %', leads: null, percent: 43.9 },
      ],
    }
    const model = funnelModel(funnel)
    expect(model.valueLabel).toBe('Leads')
    expect(model.stages).toEqual([
      { label: 'CONTACTED', value: 73, percent: 100, color: CHART_PALETTE[0] },
      { label: 'RESPONDED', value: 41, percent: 56.2, color: CHART_PALETTE[1] },
      { label: 'ENGAGED', value: 39, percent: 53.4, color: CHART_PALETTE[2] },
      { label: 'APPT_BOOKING', value: 18, percent: 24.7, color: CHART_PALETTE[3] },
    ])
    expect(model.rates).toEqual([
      { label: 'REPONSE %', percent: 56.2 },
      { label: 'CLOSURE RATE %', percent: 24.7 },
      { label: 'RESPONSE TO APPT %', percent: 43.9 },
    ])
  })
})
