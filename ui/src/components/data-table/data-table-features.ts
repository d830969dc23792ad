import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table'

export interface DataTableColumnMeta {
  /** Right-align numbers. */
  align?: 'start' | 'end'
  /** CSS width of the column, e.g. '8rem'. Keeps the layout from jumping. */
  width?: string
  /** Added to the column's `col`, header and cells, e.g. to hide it on narrow tables. */
  className?: string
}

/**
 * The one feature set every table shares. Tables page and sort on the server,
 * so only pagination and sorting state are registered and no client row model
 * slices or orders the data.
 */
export const dataTableFeatures = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
})

export type DataTableFeatures = typeof dataTableFeatures

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table have different value types
export type DataTableColumns<TData extends RowData> = Array<ColumnDef<DataTableFeatures, TData, any>>

export function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>()
}

/** The narrowest a column without a width may get before the table scrolls instead. */
const FLEXIBLE_COLUMN_MIN_REM = 10

/**
 * The table's minimum width: its columns' widths (rem or px) plus room for each
 * column without one. Narrower than that, the table scrolls sideways instead of
 * squeezing its flexible columns to a letter or two. Columns with a class may
 * be hidden on narrow screens, so they do not count.
 */
export function tableMinWidth(columns: readonly (DataTableColumnMeta | undefined)[]): string {
  let rem = 0
  for (const meta of columns) {
    if (meta?.className) continue
    const fixed = /^(\d+(?:\.\d+)?)(rem|px)$/.exec(meta?.width?.trim() ?? '')
    if (!fixed) rem += FLEXIBLE_COLUMN_MIN_REM
    else rem += fixed[2] === 'px' ? Number(fixed[1]) / 16 : Number(fixed[1])
  }
  return `${rem}rem`
}
