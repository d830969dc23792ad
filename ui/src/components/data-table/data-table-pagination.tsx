import type { PaginationState } from '@tanstack/react-table'
import { PAGE_SIZE_OPTIONS } from '../../lib/config'

export interface DataTablePaginationProps {
  pageIndex: number
  pageSize: number
  rowCount: number
  pageCount: number
  pageSizeOptions?: readonly number[]
  disabled?: boolean
  onChange: (next: PaginationState) => void
}

export function DataTablePagination({
  pageIndex,
  pageSize,
  rowCount,
  pageCount,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  disabled = false,
  onChange,
}: DataTablePaginationProps) {
  const lastPage = Math.max(pageCount - 1, 0)
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1
  const last = Math.min((pageIndex + 1) * pageSize, rowCount)
  const go = (index: number) => onChange({ pageIndex: Math.min(Math.max(index, 0), lastPage), pageSize })
  const sizes = pageSizeOptions.includes(pageSize) ? pageSizeOptions : [...pageSizeOptions, pageSize].sort((a, b) => a - b)

  return (
    <div className="data-table__pager">
      <span className="data-table__range" aria-live="polite">
        {first}–{last} of {rowCount}
      </span>
      <label className="data-table__size">
        Rows per page
        <select
          value={pageSize}
          disabled={disabled}
          onChange={(event) => onChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="data-table__page">
        Page {pageCount === 0 ? 0 : pageIndex + 1} of {pageCount}
      </span>
      <div className="data-table__nav">
        <button type="button" className="btn btn--icon" aria-label="First page" disabled={disabled || pageIndex <= 0} onClick={() => go(0)}>
          «
        </button>
        <button type="button" className="btn btn--icon" aria-label="Previous page" disabled={disabled || pageIndex <= 0} onClick={() => go(pageIndex - 1)}>
          ‹
        </button>
        <button type="button" className="btn btn--icon" aria-label="Next page" disabled={disabled || pageIndex >= lastPage} onClick={() => go(pageIndex + 1)}>
          ›
        </button>
        <button type="button" className="btn btn--icon" aria-label="Last page" disabled={disabled || pageIndex >= lastPage} onClick={() => go(lastPage)}>
          »
        </button>
      </div>
    </div>
  )
}
