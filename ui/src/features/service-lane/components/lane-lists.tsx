import { Link } from '@tanstack/react-router'
import { useMemo, useRef, type KeyboardEvent } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { useJobRuns } from '../../../components/job-runs/api/get-job-runs'
import { useLiveJobRuns } from '../../../components/job-runs/api/job-events'
import { openChat } from '../../../lib/chat-dock'
import { JOBS_FALLBACK_POLL_MS } from '../../../lib/config'
import { HandoffList } from '../../../components/handoff-bell/handoff-bell'
import { useHandoffActions, useHandoffs } from '../../../lib/handoffs'
import { useStreamDown } from '../../../lib/realtime'
import { moveRovingFocus } from '../../../lib/roving-focus'
import { useNow } from '../../../lib/use-now'
import { useSales } from '../api/get-sales'
import { useStoreLeads, type StoreLeadList } from '../api/get-store-leads'
import { LANE_LISTS, type LaneListId } from '../lane-search'
import { laneJobColumns, saleColumns, storeLeadColumns } from './lane-list-columns'
import { DateInput } from '../../../components/date-input/date-input'

export interface LaneListsProps {
  list: LaneListId
  storeId: number | undefined
  /** The store's dealer (the sales call names it). */
  bocId: number | undefined
  /** The sales list's day, YYYY-MM-DD. */
  salesDate: string
  page: number
  size: number
  timeZone: string | undefined
  onSalesDate: (date: string) => void
  onPage: (next: { pageIndex: number; pageSize: number }) => void
}

const PANEL_ID = 'lane-list-panel'

function SalesList({ storeId, bocId, salesDate, page, size, onSalesDate, onPage }: LaneListsProps) {
  const query = storeId !== undefined && bocId !== undefined ? { bocId, storeId, date: salesDate, page, size } : undefined
  const sales = useSales(query)
  const columns = useMemo(() => saleColumns(), [])
  return (
    <>
      <div className="lane-lists__toolbar">
        <label className="filters__field">
          <span>Sold on</span>
          <DateInput name="sale day" value={salesDate} required onChange={onSalesDate} />
        </label>
      </div>
      <DataTable
        label="Sales"
        columns={columns}
        data={sales.data?.content}
        getRowId={(row) => String(row.id)}
        isLoading={sales.isPending && query !== undefined}
        isFetching={sales.isFetching}
        emptyText="No sales that day."
        paging={{ pageIndex: page, pageSize: size, rowCount: sales.data?.totalElements ?? 0, onChange: onPage }}
      />
    </>
  )
}

function StoreLeadsList({ list, storeId, page, size, onPage }: LaneListsProps & { list: StoreLeadList }) {
  const now = useNow(60_000)
  const leads = useStoreLeads(storeId !== undefined ? { list, storeId, page, size } : undefined)
  const columns = useMemo(() => storeLeadColumns(now), [now])
  return (
    <DataTable
      label={list === 'global-inbox' ? 'Global inbox' : 'Email transcripts'}
      columns={columns}
      data={leads.data?.content}
      getRowId={(row) => String(row.id)}
      isLoading={leads.isPending && storeId !== undefined}
      isFetching={leads.isFetching}
      onRowClick={(row) => openChat(row.id)}
      paging={{ pageIndex: page, pageSize: size, rowCount: leads.data?.totalElements ?? 0, onChange: onPage }}
    />
  )
}

function JobsList({ page, size, onPage }: LaneListsProps) {
  const streamDown = useStreamDown()
  const query = { page, size }
  const runs = useJobRuns(query, { refetchInterval: streamDown ? JOBS_FALLBACK_POLL_MS : false })
  useLiveJobRuns(query, runs.data)
  const columns = useMemo(() => laneJobColumns(), [])
  return (
    <DataTable
      label="Jobs"
      columns={columns}
      data={runs.data?.content}
      getRowId={(row) => String(row.id)}
      isLoading={runs.isPending}
      isFetching={runs.isFetching}
      paging={{ pageIndex: page, pageSize: size, rowCount: runs.data?.totalElements ?? 0, onChange: onPage }}
    />
  )
}

function NotificationsList({ storeId, timeZone }: LaneListsProps) {
  const handoffs = useHandoffs({ storeId })
  const actions = useHandoffActions()
  const unread = handoffs.data?.unread ?? 0
  return (
    <div className="lane-notifications">
      <HandoffList
        handoffs={handoffs.data?.content ?? []}
        empty={handoffs.isPending ? 'Loading…' : 'No handoffs for this store.'}
        timeZone={timeZone}
        onOpen={actions.open}
        onRemove={actions.remove}
      />
      {unread > 0 && storeId !== undefined ? (
        <button type="button" className="btn btn--small" disabled={actions.pending} onClick={() => actions.readAll(storeId)}>
          Mark this store's read
        </button>
      ) : null}
    </div>
  )
}

/**
 * The lists beside the board, one at a time under tabs (the tab, the sales
 * day and the page live in the URL): the store's sales of a day, its global
 * inbox, the job runs (paged, live), its e-mail transcripts and the handoff
 * notifications. A lead's row opens its conversation.
 */
export function LaneLists(props: LaneListsProps) {
  const { list } = props
  const tabsRef = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    moveRovingFocus(event, Array.from(tabsRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
  }
  return (
    <section className="panel lane-lists" aria-label="Lists">
      <div ref={tabsRef} className="lane-lists__tabs" role="tablist" aria-label="Lists" onKeyDown={onKeyDown}>
        {LANE_LISTS.map((tab) => {
          const selected = tab.id === list
          return (
            <Link
              key={tab.id}
              from="/service-lane"
              to="/service-lane"
              search={(prev) => ({ ...prev, list: tab.id, page: undefined, size: undefined })}
              replace
              resetScroll={false}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              tabIndex={selected ? 0 : -1}
              className={`lane-lists__tab${selected ? ' is-selected' : ''}`}
            >
              {tab.label}
            </Link>
          )
        })}
      </div>
      <div id={PANEL_ID} role="tabpanel" className="lane-lists__panel" aria-label={LANE_LISTS.find((t) => t.id === list)?.label}>
        {list === 'sales' ? <SalesList {...props} /> : null}
        {list === 'global-inbox' || list === 'email-transcripts' ? <StoreLeadsList {...props} list={list} /> : null}
        {list === 'jobs' ? <JobsList {...props} /> : null}
        {list === 'notifications' ? <NotificationsList {...props} /> : null}
      </div>
    </section>
  )
}
