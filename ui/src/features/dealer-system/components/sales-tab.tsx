import { useMemo } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { SearchInput } from '../../../components/search-input/search-input'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { pagingSearch } from '../../../lib/search-params'
import { useDealerSales, type DealerSale } from '../api/search-sales'
import { salesQuery } from '../dealer-system-requests'
import { DEALER_SYSTEM_PAGE_SIZE, filterSearch } from '../dealer-system-search'
import { countText } from '../../../lib/record-format'
import { DayFilters } from './day-filters'
import { saleColumns } from './dealer-system-columns'
import type { DealerSystemTabProps } from './tab-props'

const saleRowId = (sale: DealerSale) => String(sale.id)

/** The store's sales, newest first: by deal number, customer or VIN, sold days, and whether the vehicle came back for service. */
export function SalesTab({ store, search, onSearch }: DealerSystemTabProps) {
  const query = store ? salesQuery(store, search) : undefined
  const sales = useDealerSales(query)
  const columns = useMemo(() => saleColumns(), [])
  const data = query ? sales.data : undefined
  const filtered = search.q !== undefined || search.from !== undefined || search.to !== undefined || search.service === true

  return (
    <>
      <div className="panel__header panel__header--toolbar dms-toolbar">
        <div className="filters dms-filters" role="group" aria-label="Sales filters">
          <label className="filters__field">
            <span>Search</span>
            <SearchInput
              label="Search sales"
              placeholder="Deal #, customer or VIN"
              value={search.q ?? ''}
              onSearch={(q) => onSearch((prev) => filterSearch(prev, { q }))}
            />
          </label>
          <DayFilters what="Sold" from={search.from} to={search.to} onChange={(days) => onSearch((prev) => filterSearch(prev, days))} />
          <label className="filters__check">
            <input
              type="checkbox"
              checked={search.service === true}
              onChange={(event) => onSearch((prev) => filterSearch(prev, { service: event.target.checked }))}
            />
            Came back for service
          </label>
        </div>
        <span className="panel__meta dms-count" aria-live="polite">
          {countText(data?.totalElements, 'sale', 'sales') || '\u00a0'}
        </span>
      </div>
      <DataTable
        label="Sales"
        className="dms-table"
        columns={columns}
        data={data?.content}
        getRowId={saleRowId}
        isLoading={query === undefined || sales.isPending}
        isFetching={sales.isPlaceholderData}
        emptyText={
          sales.isError
            ? 'The sales could not be loaded.'
            : filtered
              ? 'No sale matches these filters.'
              : 'The dealer system has sent no sales for this store yet.'
        }
        paging={{
          pageIndex: query?.page ?? 0,
          pageSize: query?.size ?? DEALER_SYSTEM_PAGE_SIZE,
          rowCount: data?.totalElements ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          onChange: (next) => onSearch((prev) => ({ ...prev, ...pagingSearch(next, DEALER_SYSTEM_PAGE_SIZE) })),
        }}
      />
    </>
  )
}
