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
