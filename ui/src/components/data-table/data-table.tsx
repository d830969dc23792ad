import { useTable, type PaginationState, type RowData, type SortingState, type Updater } from '@tanstack/react-table'
import { useMemo, type KeyboardEvent, type MouseEvent } from 'react'
import { EMPTY_LIST_TEXT } from '../../lib/config'
import { DataTablePagination } from './data-table-pagination'
import { dataTableFeatures, tableMinWidth, type DataTableColumnMeta, type DataTableColumns } from './data-table-features'

export interface DataTablePaging {
  pageIndex: number
  pageSize: number
  /** Total rows on the server. */
  rowCount: number
  onChange: (next: PaginationState) => void
  pageSizeOptions?: readonly number[]
}

/** The order the server sorts by; a column sorts when its header is clicked unless `enableSorting: false`. */
export interface DataTableSorting {
  /** The id of the column sorted by; undefined for an order no column shows. */
  id: string | undefined
  desc: boolean
  onChange: (next: { id: string; desc: boolean }) => void
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
  /** Server sorting; omit for a table whose headers do not sort. */
  sorting?: DataTableSorting
  onRowClick?: (row: TData) => void
  selectedRowId?: string
  /** Placeholder rows while loading (default: page size, at most 10). */
  skeletonRows?: number
  /** Added to `data-table`. */
  className?: string
}

const noRows: never[] = []

/** Controls inside a row (buttons, switches, links) act on their own; the row does not also react. */
const ROW_CONTROLS = 'a, button, input, select, textarea, label, [role="button"], [role="switch"], [role="menuitem"]'

function fromControl(event: MouseEvent | KeyboardEvent): boolean {
  const control = (event.target as Element).closest(ROW_CONTROLS)
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control)
}

const SORT_ICONS = { asc: '▲', desc: '▼', none: '↕' } as const

export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  getRowId,
  isLoading = false,
  isFetching = false,
  emptyText = EMPTY_LIST_TEXT,
  paging,
  sorting,
  onRowClick,
  selectedRowId,
  skeletonRows,
  className,
}: DataTableProps<TData>) {
  const rows = data ?? (noRows as TData[])
  const pageIndex = paging?.pageIndex ?? 0
  const pageSize = paging?.pageSize ?? Math.max(rows.length, 1)
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize])
  const sortId = sorting?.id
  const sortDesc = sorting?.desc ?? false
  const sortingState = useMemo<SortingState>(() => (sortId === undefined ? [] : [{ id: sortId, desc: sortDesc }]), [sortId, sortDesc])

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
    manualSorting: true,
    enableSorting: !!sorting,
    enableMultiSort: false,
    state: { pagination, sorting: sortingState },
    onPaginationChange,
  })

  const columnCount = table.getAllLeafColumns().length
  // A footer row (e.g. a report's totals) when any column defines one.
  const hasFooter = table.getAllLeafColumns().some((column) => column.columnDef.footer !== undefined)
  const placeholderCount = skeletonRows ?? Math.min(paging?.pageSize ?? 5, 10)
  const showSkeleton = isLoading && rows.length === 0
  const tableRows = table.getRowModel().rows

  return (
    <div
      className={className ? `data-table ${className}` : 'data-table'}
      data-fetching={isFetching && !showSkeleton ? 'true' : undefined}
    >
      {/* Focusable so a keyboard can scroll a table wider than the screen (WCAG 2.1.1). */}
      <div className="data-table__scroll" tabIndex={0}>
        <table
          aria-label={label}
          aria-busy={isLoading || isFetching}
          style={{ minWidth: tableMinWidth(table.getAllLeafColumns().map((column) => column.columnDef.meta)) }}
        >
          <colgroup>
            {table.getAllLeafColumns().map((column) => (
              <col key={column.id} className={column.columnDef.meta?.className} style={{ width: column.columnDef.meta?.width }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { column } = header
                  const sortable = !!sorting && !header.isPlaceholder && column.getCanSort()
                  const sorted = sortable ? column.getIsSorted() : false
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cellClass(column.columnDef.meta)}
                      aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    >
                      {header.isPlaceholder ? null : sortable ? (
                        <button
                          type="button"
                          className={`data-table__sort${sorted ? ' is-sorted' : ''}`}
                          onClick={() =>
                            sorting.onChange({
                              id: column.id,
                              desc: sorted ? sorted === 'asc' : column.getFirstSortDir() === 'desc',
                            })
                          }
                        >
                          <span className="data-table__sort-label">
                            <table.FlexRender header={header} />
                          </span>
                          <span className="data-table__sort-icon" aria-hidden="true">
                            {SORT_ICONS[sorted || 'none']}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton ? (
              Array.from({ length: placeholderCount }, (_, i) => (
                <tr key={`skeleton-${i}`} className="data-table__skeleton" aria-hidden="true">
                  {table.getAllLeafColumns().map((column) => (
                    <td key={column.id} className={column.columnDef.meta?.className}>
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
                    data-row-id={row.id}
                    className={[clickable ? 'is-clickable' : '', selected ? 'is-selected' : ''].join(' ').trim() || undefined}
                    aria-selected={clickable ? selected : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    onClick={
                      clickable
                        ? (event) => {
                            if (!fromControl(event)) onRowClick(row.original)
                          }
                        : undefined
                    }
                    onKeyDown={
                      clickable
                        ? (event) => {
                            if ((event.key === 'Enter' || event.key === ' ') && !fromControl(event)) {
                              event.preventDefault()
                              onRowClick(row.original)
                            }
                          }
                        : undefined
                    }
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                )
              })
            )}
          </tbody>
          {hasFooter && !showSkeleton ? (
            <tfoot>
              {table.getFooterGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <td key={header.id} className={cellClass(header.column.columnDef.meta)}>
                      {header.isPlaceholder ? null : <table.FlexRender footer={header} />}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          ) : null}
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

function cellClass(meta: DataTableColumnMeta | undefined): string | undefined {
  const classes = [meta?.align === 'end' ? 'align-end' : '', meta?.className ?? ''].filter(Boolean)
  return classes.length > 0 ? classes.join(' ') : undefined
}
