import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { pagingSearch } from '../../../lib/search-params'
import { useClosedRepairOrders, type DealerRepairOrder, type RepairOrderPage } from '../api/search-closed-repair-orders'
import { useOpenRepairOrders } from '../api/search-open-repair-orders'
import { closedRepairOrdersQuery, openRepairOrdersQuery, type DealerStore } from '../dealer-system-requests'
import { DEALER_SYSTEM_PAGE_SIZE, filterSearch, type DealerSystemSearch } from '../dealer-system-search'
import { countText } from '../../../lib/record-format'
import { DayFilters } from './day-filters'
import { closedRepairOrderColumns, openRepairOrderColumns } from './dealer-system-columns'
import { RepairOrderLines } from './repair-order-lines'
import type { DealerSystemTabProps } from './tab-props'

const orderRowId = (order: DealerRepairOrder) => String(order.id)

interface OrdersListProps extends DealerSystemTabProps {
  kind: 'closed' | 'open'
  page: RepairOrderPage | undefined
  isPending: boolean
  isPlaceholderData: boolean
  isError: boolean
  hasQuery: boolean
}

/** The table of one kind of order, its filters and the lines of the order picked (local: a new page or filter closes them). */
function OrdersList({ kind, search, onSearch, page, isPending, isPlaceholderData, isError, hasQuery }: OrdersListProps) {
  const columns = useMemo(() => (kind === 'closed' ? closedRepairOrderColumns() : openRepairOrderColumns()), [kind])
  const [pickedId, setPickedId] = useState<number | null>(null)
  const picked = page?.content.find((order) => order.id === pickedId)
  const label = kind === 'closed' ? 'Closed repair orders' : 'Open repair orders'
  const filtered = search.from !== undefined || search.to !== undefined || search.inspections === true
  const change = (update: (prev: DealerSystemSearch) => DealerSystemSearch) => {
    setPickedId(null)
    onSearch(update)
  }

  return (
    <>
      <div className="panel__header panel__header--toolbar dms-toolbar">
        <div className="filters dms-filters" role="group" aria-label={`${label} filters`}>
          <DayFilters
            what={kind === 'closed' ? 'Closed' : 'Opened'}
            from={search.from}
            to={search.to}
            onChange={(days) => change((prev) => filterSearch(prev, days))}
          />
          {kind === 'closed' ? (
            <label className="filters__check">
              <input
                type="checkbox"
                checked={search.inspections === true}
                onChange={(event) => change((prev) => filterSearch(prev, { inspections: event.target.checked }))}
              />
              State inspections only
            </label>
          ) : null}
        </div>
        <span className="panel__meta dms-count" aria-live="polite">
          {countText(page?.totalElements, 'repair order', 'repair orders') || '\u00a0'}
        </span>
      </div>
      <p className="dms-hint">Pick a repair order to see its lines.</p>
      <DataTable
        label={label}
        className="dms-table"
        columns={columns}
        data={page?.content}
        getRowId={orderRowId}
        isLoading={!hasQuery || isPending}
        isFetching={isPlaceholderData}
        selectedRowId={picked ? String(picked.id) : undefined}
        onRowClick={(order) => setPickedId((current) => (current === order.id ? null : order.id))}
        emptyText={
          isError
            ? `The ${label.toLowerCase()} could not be loaded.`
            : filtered
              ? 'No repair order matches these filters.'
              : kind === 'closed'
                ? 'The dealer system has sent no closed repair orders for this store yet.'
                : 'This store has no open repair orders.'
        }
        paging={{
          pageIndex: search.page ?? 0,
          pageSize: search.size ?? DEALER_SYSTEM_PAGE_SIZE,
          rowCount: page?.totalElements ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          onChange: (next) => change((prev) => ({ ...prev, ...pagingSearch(next, DEALER_SYSTEM_PAGE_SIZE) })),
        }}
      />
      {picked ? <RepairOrderLines order={picked} onClose={() => setPickedId(null)} /> : null}
    </>
  )
}

function closedQuery(store: DealerStore | undefined, search: DealerSystemSearch) {
  return store ? closedRepairOrdersQuery(store, search) : undefined
}

function openQuery(store: DealerStore | undefined, search: DealerSystemSearch) {
  return store ? openRepairOrdersQuery(store, search) : undefined
}

/** The store's closed repair orders, newest first, by closed days; state inspections only on request. A row shows its lines. */
export function ClosedRepairOrdersTab(props: DealerSystemTabProps) {
  const query = closedQuery(props.store, props.search)
  const orders = useClosedRepairOrders(query)
  return (
    <OrdersList
      {...props}
      kind="closed"
      page={query ? orders.data : undefined}
      isPending={orders.isPending}
      isPlaceholderData={orders.isPlaceholderData}
      isError={orders.isError}
      hasQuery={query !== undefined}
    />
  )
}

/** The store's open repair orders, the longest waiting first, by opened days. A row shows its lines. */
export function OpenRepairOrdersTab(props: DealerSystemTabProps) {
  const query = openQuery(props.store, props.search)
  const orders = useOpenRepairOrders(query)
  return (
    <OrdersList
      {...props}
      kind="open"
      page={query ? orders.data : undefined}
      isPending={orders.isPending}
      isPlaceholderData={orders.isPlaceholderData}
      isError={orders.isError}
      hasQuery={query !== undefined}
    />
  )
}
