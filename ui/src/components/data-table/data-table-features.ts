import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table'

export interface DataTableColumnMeta {
  /** Right-align numbers. */
  align?: 'start' | 'end'
  /** CSS width of the column, e.g. '8rem'. Keeps the layout from jumping. */
  width?: string
}

/**
 * The one feature set every table shares. Tables page on the server, so only
 * pagination state is registered and no client row model slices the data.
 */
export const dataTableFeatures = tableFeatures({
  rowPaginationFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
})

export type DataTableFeatures = typeof dataTableFeatures

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table have different value types
export type DataTableColumns<TData extends RowData> = Array<ColumnDef<DataTableFeatures, TData, any>>

export function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>()
}
