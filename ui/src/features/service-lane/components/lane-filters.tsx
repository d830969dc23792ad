import type { Lane, LaneAdvisor, LaneStore, UnreadCount } from '../api/lane-types'
import { ALL_ADVISORS, laneElementId } from '../lane-model'
import { unreadOf } from '../unread-counts'
import { DateInput } from '../../../components/date-input/date-input'

export interface LaneFiltersProps {
  stores: readonly LaneStore[]
  storesPending: boolean
  storeId: number | undefined
  /** Unread customer messages per store (shown with each store). */
  unreadByStore: readonly UnreadCount[] | undefined
  advisors: readonly LaneAdvisor[]
  advisorsPending: boolean
  advisorNo: string
  /** The appointments lane's day and the closed lane's day (YYYY-MM-DD). */
  date: string
  closedDate: string
  lanes: readonly Lane[] | undefined
  onStore: (storeId: number) => void
  onAdvisor: (advisorNo: string) => void
  onDate: (date: string) => void
  onClosedDate: (date: string) => void
}

function storeLabel(store: LaneStore, unread: number): string {
  return unread > 0 ? `${store.storeName} (${unread} unread)` : store.storeName
}

/** Scrolls the board to a lane (the lane picker of narrow windows). */
function showLane(stateKey: string) {
  document.getElementById(laneElementId({ stateKey }))?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
}

/** What the board shows: store, advisor (default ALL), the appointments' day and the closed orders' day; on narrow windows, a lane to go to. */
export function LaneFilters({
  stores,
  storesPending,
  storeId,
  unreadByStore,
  advisors,
  advisorsPending,
  advisorNo,
  date,
  closedDate,
  lanes,
  onStore,
  onAdvisor,
  onDate,
  onClosedDate,
}: LaneFiltersProps) {
  const storeKnown = storeId === undefined || stores.some((s) => s.id === storeId)
  const advisorKnown = advisorNo === ALL_ADVISORS || advisors.some((a) => a.advisorNo === advisorNo)
  return (
    <div className="filters lane-filters" role="group" aria-label="Board shown">
      <label className="filters__field">
        <span>Store</span>
        <select value={storeId ?? ''} disabled={storesPending} onChange={(event) => onStore(Number(event.target.value))}>
          {storeId === undefined ? <option value="">{storesPending ? 'Loading…' : 'No stores'}</option> : null}
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {storeLabel(s, unreadOf(unreadByStore, s.id))}
            </option>
          ))}
          {storeKnown ? null : <option value={storeId}>Store #{storeId}</option>}
        </select>
      </label>
      <label className="filters__field">
        <span>Advisor</span>
        <select value={advisorNo} disabled={storeId === undefined} onChange={(event) => onAdvisor(event.target.value)}>
          <option value={ALL_ADVISORS}>{advisorsPending ? 'All advisors (loading…)' : 'All advisors'}</option>
          {advisors.map((a) => (
            <option key={a.id} value={a.advisorNo}>
              {a.name}
              {a.openCount ? ` (${a.openCount} open)` : ''}
            </option>
          ))}
          {advisorKnown || advisorsPending ? null : <option value={advisorNo}>Advisor {advisorNo}</option>}
        </select>
      </label>
      <label className="filters__field">
        <span>Appointments on</span>
        <DateInput name="appointment day" value={date} required onChange={onDate} />
      </label>
      <label className="filters__field">
        <span>Closed on</span>
        <DateInput name="closing day" value={closedDate} required onChange={onClosedDate} />
      </label>
      {lanes ? (
        <label className="filters__field lane-picker">
          <span>Go to lane</span>
          <select
            value=""
            onChange={(event) => {
              if (event.target.value) showLane(event.target.value)
            }}
          >
            <option value="">Pick a lane…</option>
            {lanes.map((lane) => (
              <option key={lane.code} value={lane.stateKey}>
                {lane.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  )
}
