import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { RowError } from '../api/get-row-errors'

const column = createDataTableColumnHelper<RowError>()

/** The row errors table: the file's line, the column, the problem and the row as read. */
export function rowErrorColumns() {
  return column.columns([
    column.accessor('rowNumber', {
      header: 'Line',
      meta: { width: '4.5rem', align: 'end' },
    }),
    column.accessor('column', {
      header: 'Column',
      meta: { width: '11rem' },
      cell: (info) => <span title={info.getValue()}>{info.getValue() ?? '—'}</span>,
    }),
    column.accessor('message', {
      header: 'Problem',
      meta: { width: '38%' },
      cell: (info) => (
        <span className="text-danger" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
    column.accessor((e) => e.cells.join(' | '), {
      id: 'cells',
      header: 'Row as read',
      meta: { className: 'import-col--medium' },
      cell: (info) => (
        <span className="import-cells" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
  ])
}

export function rowErrorRowId(error: RowError): string {
  return String(error.id)
}
