import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo, useState, type ComponentType } from 'react'
import { EnterpriseLogo } from '../../../components/enterprises/enterprise-logo'
import { RealtimeStatus } from '../../../components/realtime-status/realtime-status'
import { LANE_FALLBACK_POLL_MS } from '../../../lib/config'
import { useStreamDown } from '../../../lib/realtime'
import { canSeeCompanyMasterList } from '../../../lib/roles'
import { pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { dayKey } from '../../../lib/date-time'
import type { BoardScope } from '../api/board-cache'
import { useClosedRepairOrders } from '../api/get-closed-repair-orders'
import { useLaneAppointments } from '../api/get-lane-appointments'
import { useLaneStores } from '../api/get-lane-stores'
import { useLanes } from '../api/get-lanes'
import { useOpenRepairOrders } from '../api/get-open-repair-orders'
import { useStoreAdvisors } from '../api/get-store-advisors'
import { useUnreadByStatus } from '../api/get-unread-by-status'
import { useUnreadByStore } from '../api/get-unread-by-store'
import type { LaneAppointment, LaneCard } from '../api/lane-types'
import { useLiveBoard } from '../api/live-board'
import { useMoveRepairOrder } from '../api/move-repair-order'
import { ALL_ADVISORS, groupByLane, openStatusCodes } from '../lane-model'
import { DEFAULT_LANE_LIST, LANE_LIST_PAGE_SIZE } from '../lane-search'
import { laneUnread } from '../unread-counts'
import { LaneBoard } from './lane-board'
import { LaneDrawer, type DrawerItem, type LaneConversationProps } from './lane-drawer'
import { LaneFilters } from './lane-filters'
import { LaneLists } from './lane-lists'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

const route = getRouteApi('/_app/service-lane')

export interface ServiceLaneScreenProps {
  /** The conversation a drawer shows (the conversations feature's, plugged in by the route). */
  conversation?: ComponentType<LaneConversationProps>
}

/** Placeholder columns while the lanes themselves load. */
function BoardSkeleton() {
  return (
    <div className="lane-board" aria-busy="true" aria-label="Loading the lanes">
      {Array.from({ length: 8 }, (_, i) => (
        <section key={i} className="lane">
          <header className="lane__header">
            <span className="skeleton-bar" />
          </header>
          <ul className="lane__cards" aria-hidden="true">
            <li className="lane-card lane-card--skeleton">
              <span className="skeleton-bar" />
              <span className="skeleton-bar" />
            </li>
          </ul>
        </section>
      ))}
    </div>
  )
}

/**
 * /service-lane — the service-lane board (spec section F): a store's
 * appointments of the day, its open repair orders in the lanes of their
 * status, and its orders closed on a day, for one advisor or all. Cards move
 * between lanes by drag and drop or their "Move" menu (only to the lanes their
 * lane allows, as the server says), at once, undone when the server refuses;
 * anyone's move and every customer message reach the board live. A card opens
 * its drawer (lines, moves, conversation). Under the board: the store's sales,
 * global inbox, jobs, e-mail transcripts and notifications.
 */
export function ServiceLaneScreen({ conversation }: ServiceLaneScreenProps) {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()

  const board = useLanes()
  const lanes = board.data?.lanes
  const stores = useLaneStores()
  const storeList = stores.data ?? []
  const storeId = search.store ?? storeList[0]?.id
  const store = storeList.find((s) => s.id === storeId)
  const timeZone = storeTimeZone(store)
  const now = useNow(60_000)
  const today = dayKey(now, timeZone)
  const date = search.date ?? today
  const closedDate = search.closedDate ?? today
  const salesDate = search.salesDate ?? today
  const advisorNo = search.advisor ?? ALL_ADVISORS

  const streamDown = useStreamDown()
  const poll = { refetchInterval: streamDown ? LANE_FALLBACK_POLL_MS : (false as const) }
  const statusCodes = useMemo(() => lanes && openStatusCodes(lanes), [lanes])
  const advisors = useStoreAdvisors(storeId)
  const open = useOpenRepairOrders(storeId, advisorNo, statusCodes, poll)
  const closed = useClosedRepairOrders(storeId, closedDate, advisorNo, poll)
  const appointments = useLaneAppointments(storeId, date, poll)
  const unreadByStatus = useUnreadByStatus(enterprise?.id, storeId)
  const unreadByStore = useUnreadByStore(enterprise?.id)

  const scope = useMemo<BoardScope | undefined>(
    () =>
      lanes && storeId !== undefined && enterprise
        ? { lanes, filter: { storeId, advisorNo, closedDate }, enterpriseId: enterprise.id, today }
        : undefined,
    [lanes, storeId, advisorNo, closedDate, enterprise, today],
  )
  useLiveBoard(scope)
  const move = useMoveRepairOrder(scope)

  const cardsByLane = useMemo(
    () => (lanes ? groupByLane(lanes, [...(open.data ?? []), ...(closed.data ?? [])]) : new Map<string, LaneCard[]>()),
    [lanes, open.data, closed.data],
  )
  const unreadByLane = useMemo(() => (lanes ? laneUnread(lanes, unreadByStatus.data, cardsByLane) : new Map<string, number>()), [lanes, unreadByStatus.data, cardsByLane])

  // Appointments of the advisor picked (appointments name their advisor by id).
  const advisorList = advisors.data ?? []
  const pickedAdvisorId = advisorNo === ALL_ADVISORS ? undefined : advisorList.find((a) => a.advisorNo === advisorNo)?.id
  const shownAppointments = useMemo(
    () => (advisorNo === ALL_ADVISORS ? appointments.data : appointments.data?.filter((a) => a.advisorId === pickedAdvisorId)),
    [appointments.data, advisorNo, pickedAdvisorId],
  )

  const [drawer, setDrawer] = useState<DrawerItem | null>(null)

  const setSearch = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false })
  const dayParam = (day: string) => (day && day !== today ? day : undefined)

  if (!enterprise) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Service Lane</h1>
        </header>
        <p className="panel panel__note">
          Your account is not tied to an enterprise.{' '}
          {canSeeCompanyMasterList(user) ? (
            <>
              Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link>.
            </>
          ) : (
            'Ask an administrator to assign you to an enterprise.'
          )}
        </p>
      </section>
    )
  }

  const canMove = board.data?.canMove ?? false
  const seesDelayColor = board.data?.seesDelayColor ?? false
  const list = search.list ?? DEFAULT_LANE_LIST

  return (
    <section className="page page--service-lane">
      <header className="page__header">
        <div className="page__title">
          <EnterpriseLogo enterpriseId={enterprise.id} className="enterprise-logo--board" />
          <h1>Service Lane</h1>
        </div>
        <div className="page__actions">
          {!canMove && board.data ? <span className="panel__meta">Your role may look at the board but not move cards.</span> : null}
          <RealtimeStatus />
        </div>
      </header>

      <section className="panel lane-panel" aria-label="Board">
        <div className="panel__header panel__header--toolbar">
          <LaneFilters
            stores={storeList}
            storesPending={stores.isPending}
            storeId={storeId}
            unreadByStore={unreadByStore.data}
            advisors={advisorList}
            advisorsPending={advisors.isPending && storeId !== undefined}
            advisorNo={advisorNo}
            date={date}
            closedDate={closedDate}
            lanes={lanes}
            // Advisor numbers are a store's own: another store starts with every advisor.
            onStore={(next) => setSearch({ store: next || undefined, advisor: undefined, page: undefined })}
            onAdvisor={(next) => setSearch({ advisor: next === ALL_ADVISORS ? undefined : next })}
            onDate={(next) => setSearch({ date: dayParam(next) })}
            onClosedDate={(next) => setSearch({ closedDate: dayParam(next) })}
          />
        </div>
        {lanes ? (
          <LaneBoard
            lanes={lanes}
            cardsByLane={cardsByLane}
            open={{ loaded: open.data !== undefined, pending: open.isPending && storeId !== undefined, failed: open.isError, retry: () => void open.refetch() }}
            closed={{ loaded: closed.data !== undefined, pending: closed.isPending && storeId !== undefined, failed: closed.isError, retry: () => void closed.refetch() }}
            appointments={{
              items: shownAppointments,
              pending: appointments.isPending && storeId !== undefined,
              failed: appointments.isError,
              retry: () => void appointments.refetch(),
            }}
            unreadByLane={unreadByLane}
            advisors={advisorList}
            canMove={canMove}
            seesDelayColor={seesDelayColor}
            timeZone={timeZone}
            onOpenCard={(card) => setDrawer({ kind: 'repair-order', card })}
            onOpenAppointment={(appointment: LaneAppointment) => setDrawer({ kind: 'appointment', appointment })}
            onMove={(card, to) => move.mutate({ card, to })}
          />
        ) : board.isError ? (
          <div className="panel--error" role="alert">
            <p>The lanes could not be loaded.</p>
            <button type="button" className="btn" onClick={() => void board.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <BoardSkeleton />
        )}
      </section>

      <LaneLists
        list={list}
        storeId={storeId}
        bocId={store?.bocMaster.id}
        salesDate={salesDate}
        page={search.page ?? 0}
        size={search.size ?? LANE_LIST_PAGE_SIZE}
        timeZone={timeZone}
        onSalesDate={(next) => setSearch({ salesDate: dayParam(next), page: undefined })}
        onPage={(next) => setSearch(pagingSearch(next, LANE_LIST_PAGE_SIZE))}
      />

      <LaneDrawer
        item={drawer}
        lanes={lanes ?? []}
        canMove={canMove}
        seesDelayColor={seesDelayColor}
        advisors={advisorList}
        timeZone={timeZone}
        conversation={conversation}
        onMove={(card, to) => move.mutate({ card, to })}
        onClose={() => setDrawer(null)}
      />
    </section>
  )
}
