import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts'
import {
  axisType,
  CATEGORY_KEY,
  chartData,
  chartSeries,
  chartType,
  funnelModel,
  seriesValueText,
  type ChartSeries,
  type ChartSource,
  type FunnelModel,
} from '../chart-model'
import { formatInteger, formatPercent } from '../report-format'

export interface ReportChartProps {
  title: string
  report: ChartSource
}

/** The plot's height; the category labels under it add their own. */
const PLOT_HEIGHT = 300
/** Long category labels are cut to this many characters under the bars (the tooltip has them whole). */
const TICK_CHARS = 22

function tickText(value: unknown): string {
  const text = String(value ?? '')
  return text.length > TICK_CHARS ? `${text.slice(0, TICK_CHARS - 1)}…` : text
}

function countText(value: unknown): string {
  return typeof value === 'number' ? formatInteger(value) : String(value ?? '')
}

/**
 * The report drawn as its `chart` says: bars (side by side or stacked) or lines,
 * one group per row and one series per column, or the funnel's stages as
 * horizontal bars with its rates as figures. Nothing for a report without a
 * chart, or without rows.
 */
export function ReportChart({ title, report }: ReportChartProps) {
  const type = chartType(report.chart)
  if (!type || report.content.length === 0) return null
  if (type === 'FUNNEL') return <FunnelChart title={title} model={funnelModel(report)} />

  const series = chartSeries(report)
  if (series.length === 0) {
    return (
      <figure className="report-chart" aria-label={`${title} chart`} data-testid="report-chart">
        <p className="panel__note">Nothing to draw: every figure is zero.</p>
      </figure>
    )
  }
  const data = chartData(report, series)
  const stacked = type === 'STACKED_BAR'
  // Wide reports (a day per row) scroll sideways rather than squeeze their bars.
  const perGroup = type === 'BAR' ? Math.max(28, series.length * 14 + 12) : 30
  const minWidth = Math.max(480, data.length * perGroup + 80)
  const longest = Math.min(TICK_CHARS, Math.max(...data.map((d) => String(d[CATEGORY_KEY]).length)))
  const rotate = longest > 8 || data.length > 12
  // Legend and tooltip follow the report's column order (stacks read top down in the tooltip).
  const order = new Map(series.map((s, i) => [s.key, i]))
  const rank = (item: { dataKey?: unknown }) => order.get(String(item.dataKey)) ?? 0
  const typeOf = new Map(series.map((s) => [s.key, s.type]))
  const yType = axisType(series)
  const tickHeight = rotate ? Math.round(longest * 4.6) + 24 : 30
  const height = PLOT_HEIGHT + tickHeight + (series.length > 8 ? 56 : 32)

  // Labels slanting left need room before the first bar.
  const margin = { top: 8, right: 16, bottom: 8, left: rotate ? Math.round(longest * 3.2) : 0 }

  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={CATEGORY_KEY}
        interval={0}
        tickFormatter={tickText}
        angle={rotate ? -35 : 0}
        textAnchor={rotate ? 'end' : 'middle'}
        height={tickHeight}
        tick={{ fontSize: 12 }}
      />
      <YAxis allowDecimals={false} tickFormatter={(value) => seriesValueText(value, yType)} tick={{ fontSize: 12 }} width={yType === 'INTEGER' ? 56 : 80} />
      <Tooltip
        formatter={(value, _name, item) => seriesValueText(value, typeOf.get(String(item.dataKey)) ?? 'INTEGER')}
        itemSorter={(item) => (stacked ? -rank(item) : rank(item))}
      />
      <Legend verticalAlign="top" height={series.length > 8 ? 56 : 32} itemSorter={rank} />
    </>
  )

  return (
    <figure className="report-chart" aria-label={`${title} chart`} data-testid="report-chart">
      <div className="report-chart__scroll">
        <div style={{ minWidth }}>
          {type === 'LINE' ? (
            <LineChart responsive data={data} style={{ width: '100%', height }} margin={margin}>
              {axes}
              {series.map((s) => (
                <Line key={s.key} type="linear" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
              ))}
            </LineChart>
          ) : (
            <BarChart responsive data={data} style={{ width: '100%', height }} margin={margin}>
              {axes}
              {series.map((s: ChartSeries) => (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} stackId={stacked ? 'all' : undefined} maxBarSize={72} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </div>
      </div>
    </figure>
  )
}

/** The funnel: a horizontal bar per stage (count and share), then the rates as labelled figures. */
function FunnelChart({ title, model }: { title: string; model: FunnelModel }) {
  const colors = model.stages.map((s) => s.color)
  const data = model.stages.map((s) => ({
    [CATEGORY_KEY]: s.label,
    value: s.value,
    caption: s.percent === null ? formatInteger(s.value) : `${formatInteger(s.value)} (${formatPercent(s.percent)})`,
  }))
  return (
    <figure className="report-chart report-chart--funnel" aria-label={`${title} chart`} data-testid="report-chart">
      {data.length > 0 ? (
        <BarChart
          responsive
          layout="vertical"
          data={data}
          style={{ width: '100%', maxWidth: 760, height: Math.max(160, data.length * 52 + 40) }}
          margin={{ top: 8, right: 120, bottom: 8, left: 8 }}
        >
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey={CATEGORY_KEY} width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={countText} />
          <Bar
            dataKey="value"
            name={model.valueLabel}
            isAnimationActive={false}
            shape={(props: BarShapeProps) => <Rectangle {...props} fill={colors[props.index] ?? props.fill} />}
          >
            <LabelList dataKey="caption" position="right" className="report-chart__label" />
          </Bar>
        </BarChart>
      ) : null}
      {model.rates.length > 0 ? (
        <dl className="funnel-rates" aria-label="Rates">
          {model.rates.map((rate) => (
            <div key={rate.label} className="funnel-rates__item">
              <dt>{rate.label}</dt>
              <dd>{rate.percent === null ? '—' : formatPercent(rate.percent)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </figure>
  )
}
