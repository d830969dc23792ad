/**
 * The board as the query cache holds it (the open orders, the closed lane, the
 * unread counts per status) and the one way to change it: moves from this user
 * (optimistic, undone on failure) and from the stream go through `changeBoard`.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { BoardCards, BoardFilter } from '../lane-model'
import { laneKeys } from './lane-keys'
import type { Lane, LaneCard, UnreadCount } from './lane-types'

/** What the screen shows: the lanes, the store/advisor/day, and whose counts. */
export interface BoardScope {
  lanes: readonly Lane[]
  filter: BoardFilter
  enterpriseId: number
  /** The store's today (YYYY-MM-DD): the close date of an order closed now. */
  today: string
}

export function readBoard(queryClient: QueryClient, { filter }: Pick<BoardScope, 'filter'>): BoardCards {
  return {
    open: queryClient.getQueryData<LaneCard[]>(laneKeys.open(filter.storeId, filter.advisorNo)),
    closed: queryClient.getQueryData<LaneCard[]>(laneKeys.closed(filter.storeId, filter.closedDate, filter.advisorNo)),
  }
}

/** Replaces the loaded lists that `change` changed (lists not loaded stay so). */
export function changeBoard(queryClient: QueryClient, scope: Pick<BoardScope, 'filter'>, change: (board: BoardCards) => BoardCards): void {
  const { filter } = scope
  const before = readBoard(queryClient, scope)
  const after = change(before)
  if (after.open !== before.open && after.open) queryClient.setQueryData(laneKeys.open(filter.storeId, filter.advisorNo), [...after.open])
  if (after.closed !== before.closed && after.closed) {
    queryClient.setQueryData(laneKeys.closed(filter.storeId, filter.closedDate, filter.advisorNo), [...after.closed])
  }
}

/** Changes the store's unread counts per status, when loaded. */
export function changeStatusUnread(
  queryClient: QueryClient,
  { enterpriseId, filter }: Pick<BoardScope, 'enterpriseId' | 'filter'>,
  change: (counts: readonly UnreadCount[]) => readonly UnreadCount[],
): void {
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStatus(enterpriseId, filter.storeId), (counts) =>
    counts ? [...change(counts)] : counts,
  )
}

/** Changes the unread counts per store, when loaded. */
export function changeStoreUnread(
  queryClient: QueryClient,
  enterpriseId: number,
  change: (counts: readonly UnreadCount[]) => readonly UnreadCount[],
): void {
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStore(enterpriseId), (counts) => (counts ? [...change(counts)] : counts))
}

/** Loads the board's lists again (after a refused move, or when the stream is back after a break). */
export function refetchBoard(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: laneKeys.openLists() })
  void queryClient.invalidateQueries({ queryKey: laneKeys.closedLists() })
}

/**
 * Loads again everything of the board's store that a dealer-system sync may have
 * changed: its open and closed orders, appointments, advisors and unread counts.
 */
export function refetchStoreBoard(queryClient: QueryClient, { enterpriseId, filter }: Pick<BoardScope, 'enterpriseId' | 'filter'>): void {
  const { storeId } = filter
  for (const queryKey of [
    laneKeys.openOfStore(storeId),
    laneKeys.closedOfStore(storeId),
    laneKeys.appointmentsOfStore(storeId),
    laneKeys.advisors(storeId),
    laneKeys.unreadByStatus(enterpriseId, storeId),
    laneKeys.unreadByStore(enterpriseId),
  ]) {
    void queryClient.invalidateQueries({ queryKey })
  }
}
