import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatCell, isNumberColumn, totalsRow, type ReportColumn } from '../report-format'

/** One row of a report table: its place in the whole report (for its id) and its cells by column key. */
export interface ReportRow {
  index: number
  cells: Record<string, unknown>
}

const column = createDataTableColumnHelper<ReportRow>()

/** Cells longer than this get their whole text as a hover title. */
const LONG_TEXT = 40

/** The rows of an answer (`content`), numbered from `offset` (the page's first row). */
export function reportRows(content: readonly unknown[], offset = 0): ReportRow[] {
  return content.map((cells, i) => ({
    index: offset + i,
    cells: cells && typeof cells === 'object' ? (cells as Record<string, unknown>) : {},
  }))
}

export function reportRowId(row: ReportRow): string {
  return String(row.index)
}

/**
 * The table's columns as the server lists them, each cell formatted by its type;
 * with `totals`, a bold footer row (the server's sums, labelled 'Total').
 */
export function reportColumns(columns: readonly ReportColumn[], totals?: unknown) {
  const footer = totalsRow(columns, totals)
  return column.columns(
    columns.map((c) =>
      column.accessor((row) => row.cells[c.key], {
        id: c.key,
        // A code (SPA-SS, NLO…) says what it means on hover.
        header: () => (c.description ? <abbr title={c.description}>{c.label}</abbr> : c.label),
        meta: { align: isNumberColumn(c) ? 'end' : 'start' },
        cell: (info) => {
          const text = formatCell(info.getValue(), c)
          // Long text (a customer's last message) is cut in the cell; the whole of it shows on hover.
          return text.length > LONG_TEXT ? <span title={text}>{text}</span> : text
        },
        // Columns the totals leave empty (text, rates) stay blank rather than show a dash.
        footer: footer ? () => <strong>{footer[c.key] === null || footer[c.key] === undefined ? '' : formatCell(footer[c.key], c)}</strong> : undefined,
      }),
    ),
  )
}
