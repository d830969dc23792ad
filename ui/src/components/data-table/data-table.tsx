import { useTable, type PaginationState, type RowData, type Updater } from '@tanstack/react-table'
import { useMemo } from 'react'
import { EMPTY_LIST_TEXT } from '../../lib/config'
import { DataTablePagination } from './data-table-pagination'
import { dataTableFeatures, type DataTableColumns } from './data-table-features'

export interface DataTablePaging {
  pageIndex: number
  pageSize: number
  /** Total rows on the server. */
  rowCount: number
  onChange: (next: PaginationState) => void
  pageSizeOptions?: readonly number[]
}

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table. */
  label: string
  columns: DataTableColumns<TData>
  data: TData[] | undefined
  getRowId: (row: TData) => string
  /** No data yet: placeholder rows are shown. */
  isLoading?: boolean
  /** Refreshing data that is already shown: it is dimmed, not removed. */
  isFetching?: boolean
  emptyText?: string
  /** Server paging; omit for a list that arrives whole. */
  paging?: DataTablePaging
  onRowClick?: (row: TData) => void
  selectedRowId?: string
  /** Placeholder rows while loading (default: page size, at most 10). */
  skeletonRows?: number
}

const noRows: never[] = []

export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  isLoading = false,
  isFetching = false,
  emptyText = EMPTY_LIST_TEXT,
  paging,
  onRowClick,
  selectedRowId,
  skeletonRows,
}: DataTableProps<TData>) {
  const rows = data ?? (noRows as TData[])
  const pageIndex = paging?.pageIndex ?? 0
  const pageSize = paging?.pageSize ?? Math.max(rows.length, 1)
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize])

  const onPaginationChange = (updater: Updater<PaginationState>) => {
    if (!paging) return
    const next = typeof updater === 'function' ? updater(pagination) : updater
    paging.onChange(next)
  }

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualPagination: true,
    autoResetPageIndex: false,
    rowCount: paging ? paging.rowCount : rows.length,
    state: { pagination },
    onPaginationChange,
  })

  const columnCount = table.getAllLeafColumns().length
  const placeholderCount = skeletonRows ?? Math.min(paging?.pageSize ?? 5, 10)
  const showSkeleton = isLoading && rows.length === 0
  const tableRows = table.getRowModel().rows

  return (
    <div className="data-table" data-fetching={isFetching && !showSkeleton ? 'true' : undefined}>
      <div className="data-table__scroll">
        <table aria-label={label} aria-busy={isLoading || isFetching}>
          <colgroup>
            {table.getAllLeafColumns().map((column) => (
              <col key={column.id} style={{ width: column.columnDef.meta?.width }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={header.column.columnDef.meta?.align === 'end' ? 'align-end' : undefined}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton ? (
              Array.from({ length: placeholderCount }, (_, i) => (
                <tr key={`skeleton-${i}`} className="data-table__skeleton" aria-hidden="true">
                  {Array.from({ length: columnCount }, (_, j) => (
                    <td key={j}>
                      <span className="skeleton-bar" />
                    </td>
                  ))}
                </tr>
              ))
            ) : tableRows.length === 0 ? (
              <tr className="data-table__empty">
                <td colSpan={columnCount}>{emptyText}</td>
              </tr>
            ) : (
              tableRows.map((row) => {
                const selected = selectedRowId !== undefined && row.id === selectedRowId
                const clickable = !!onRowClick
                return (
                  <tr
                    key={row.id}
                    className={[clickable ? 'is-clickable' : '', selected ? 'is-selected' : ''].join(' ').trim() || undefined}
                    aria-selected={clickable ? selected : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    onClick={clickable ? () => onRowClick(row.original) : undefined}
                    onKeyDown={
                      clickable
                        ? (event) => {
                            if (event.key === 'Enter' || event.key === ' ') {
                              event.preventDefault()
                              onRowClick(row.original)
                            }
                          }
                        : undefined
                    }
                  >
                    {row.getAllCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cell.column.columnDef.meta?.align === 'end' ? 'align-end' : undefined}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                )
              })
            )}
          </tbody>
        </table>
      </div>
      {paging ? (
        <DataTablePagination
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          rowCount={paging.rowCount}
          pageCount={table.getPageCount()}
          pageSizeOptions={paging.pageSizeOptions}
          disabled={showSkeleton}
          onChange={(next) => onPaginationChange(next)}
        />
      ) : null}
    </div>
  )
}
