/**
 * Keeps the board live from the realtime stream:
 * - `repairOrder.moved` (anyone's move): the card leaves its lane and joins its
 *   new one when it belongs on the board shown (store, advisor, closed day);
 *   its unread messages go with it; an open drawer of it is refreshed;
 * - a customer's new message: its store's, its card's and its lane's unread
 *   counts go up by one; a lead's counters falling (its conversation was read)
 *   bring them down, never below zero;
 * - a dealer-system sync of the board's store succeeded (`imports.sync` job):
 *   the store's orders, appointments, advisors and unread counts are loaded
 *   again, as the sync may have created or moved any of them;
 * - the stream back after a break: everything is loaded again.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { subscribeLeadCounts, subscribeMessages } from '../../../lib/message-events'
import { realtime, type RealtimeClient } from '../../../lib/realtime'
import { isStoreSyncSucceeded, subscribeLaneMoves } from '../lane-events'
import { findCard, placeCard } from '../lane-model'
import {
  adjustCardUnread,
  adjustUnread,
  moveUnread,
  unreadChangeOfLeadCounts,
  unreadChangeOfMessage,
  type UnreadChange,
} from '../unread-counts'
import {
  changeBoard,
  changeStatusUnread,
  changeStoreUnread,
  readBoard,
  refetchBoard,
  refetchStoreBoard,
  type BoardScope,
} from './board-cache'
import { laneKeys } from './lane-keys'
import type { LaneCard, RepairOrderDetail } from './lane-types'

export function useLiveBoard(scope: BoardScope | undefined, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient()
  const latest = useRef(scope)
  useEffect(() => {
    latest.current = scope
  })

  useEffect(() => {
    const shownCards = (current: BoardScope): LaneCard[] => {
      const board = readBoard(queryClient, current)
      return [...(board.open ?? []), ...(board.closed ?? [])]
    }

    const applyUnread = (current: BoardScope, change: UnreadChange | null) => {
      if (!change) return
      if (change.storeId !== undefined) {
        const storeId = change.storeId
        changeStoreUnread(queryClient, current.enterpriseId, (counts) => adjustUnread(counts, storeId, change.delta))
      }
      if (change.cardId !== undefined) {
        const cardId = change.cardId
        changeBoard(queryClient, current, (board) => ({
          open: board.open && adjustCardUnread(board.open, cardId, change.delta),
          closed: board.closed && adjustCardUnread(board.closed, cardId, change.delta),
        }))
      }
      if (change.statusCode !== undefined && change.storeId === current.filter.storeId) {
        const status = change.statusCode
        changeStatusUnread(queryClient, current, (counts) => adjustUnread(counts, status, change.delta))
      }
    }

    const resync = () => {
      refetchBoard(queryClient)
      void queryClient.invalidateQueries({ queryKey: [...laneKeys.all, 'unread'] })
      void queryClient.invalidateQueries({ queryKey: laneKeys.details() })
    }

    const stopMoves = subscribeLaneMoves((card) => {
      const current = latest.current
      // The drawer of the card shows its new status at once, and its move history once fetched again.
      queryClient.setQueryData<RepairOrderDetail>(laneKeys.detail(card.id), (detail) => (detail ? { ...detail, ...card } : detail))
      void queryClient.invalidateQueries({ queryKey: laneKeys.detail(card.id) })
      if (!current) return
      const before = findCard(readBoard(queryClient, current), card.id)
      changeBoard(queryClient, current, (board) => placeCard(board, current.lanes, card, current.filter))
      if (before && before.statusCode !== card.statusCode) {
        changeStatusUnread(queryClient, current, (counts) => moveUnread(counts, before.statusCode, card.statusCode, before.unreadCount))
      }
    }, resync, client)

    const stopMessages = subscribeMessages(
      (event) => {
        const current = latest.current
        if (current) applyUnread(current, unreadChangeOfMessage(event, shownCards(current)))
      },
      () => undefined, // the moves' subscription resyncs everything
      client,
    )

    const stopLeads = subscribeLeadCounts(
      (counts) => {
        const current = latest.current
        if (current) applyUnread(current, unreadChangeOfLeadCounts(counts, shownCards(current)))
      },
      () => undefined,
      client,
    )

    // The same shared stream (`client`) as the moves, messages and leads above.
    const stopSyncs = client.subscribe((event) => {
      const current = latest.current
      if (current && isStoreSyncSucceeded(event, current.filter.storeId)) refetchStoreBoard(queryClient, current)
    })

    return () => {
      stopMoves()
      stopMessages()
      stopLeads()
      stopSyncs()
    }
  }, [queryClient, client])
}
