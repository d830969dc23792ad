import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import { cardOfDetail, findCard, movedCard, placeCard } from '../lane-model'
import { moveUnread } from '../unread-counts'
import { changeBoard, changeStatusUnread, readBoard, refetchBoard, type BoardScope } from './board-cache'
import { laneKeys } from './lane-keys'
import type { Lane, LaneCard, RepairOrderDetail } from './lane-types'

export type MoveRepairOrderBody = ApiRequestBody<'/api/service-lane/repair-orders/{svcOpenRoIdPK}/status', 'put'>

/**
 * PUT /api/service-lane/repair-orders/{id}/status `{statusCode, fromStatusCode}` —
 * the order after the move. A move its lane does not allow is 400, an order
 * moved by someone else since `fromStatusCode` is 409, a role that may not move
 * is 403: each shows the server's message as a danger notice.
 */
export function moveRepairOrder(id: number, body: MoveRepairOrderBody): Promise<RepairOrderDetail> {
  return apiRequest<RepairOrderDetail>(`/api/service-lane/repair-orders/${encodeURIComponent(id)}/status`, { method: 'PUT', body })
}

export interface MoveVariables {
  card: LaneCard
  to: Lane
}

/**
 * Moves a card to another lane at once (optimistically), then on the server.
 * On failure the card goes back where it was — unless a newer move of it has
 * arrived from the stream meanwhile — and the board is loaded again.
 */
export function useMoveRepairOrder(scope: BoardScope | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ card, to }: MoveVariables) => moveRepairOrder(card.id, { statusCode: to.code, fromStatusCode: card.statusCode }),
    onMutate: async ({ card, to }: MoveVariables) => {
      if (!scope) return
      const { lanes, filter, today } = scope
      // A load in flight must not put the card back where it was.
      await queryClient.cancelQueries({ queryKey: laneKeys.open(filter.storeId, filter.advisorNo) })
      await queryClient.cancelQueries({ queryKey: laneKeys.closed(filter.storeId, filter.closedDate, filter.advisorNo) })
      changeBoard(queryClient, scope, (board) => placeCard(board, lanes, movedCard(card, to, today), filter))
      changeStatusUnread(queryClient, scope, (counts) => moveUnread(counts, card.statusCode, to.code, card.unreadCount))
    },
    onError: (_error, { card, to }) => {
      if (!scope) return
      const { lanes, filter } = scope
      const shown = findCard(readBoard(queryClient, scope), card.id)
      if (!shown || shown.statusCode === to.code) {
        changeBoard(queryClient, scope, (board) => placeCard(board, lanes, card, filter))
        changeStatusUnread(queryClient, scope, (counts) => moveUnread(counts, to.code, card.statusCode, card.unreadCount))
      }
      // Someone else may have moved it (409): show the board as it is now.
      refetchBoard(queryClient)
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(laneKeys.detail(detail.id), detail)
      if (!scope) return
      const { lanes, filter } = scope
      changeBoard(queryClient, scope, (board) => placeCard(board, lanes, cardOfDetail(detail), filter))
    },
  })
}
