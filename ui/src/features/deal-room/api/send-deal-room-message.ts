import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dealRoomKeys } from './deal-room-keys'
import type { DealRoomConversation, DealRoomLink, DealRoomMessage, DealRoomSendBody } from './deal-room-types'
import { linkQuery } from './link-errors'

export interface DealRoomSendInput {
  link: DealRoomLink
  body: DealRoomSendBody
}

/** POST /servicedealroom/send — public, with the link's query; 403 when the page may not send. No notice: the editor says why. */
export function sendDealRoomMessage({ link, body }: DealRoomSendInput): Promise<DealRoomMessage> {
  return apiRequest<DealRoomMessage>('/servicedealroom/send', { method: 'POST', query: linkQuery(link), body, auth: false, notifyErrors: false })
}

/** Sends; the stored message joins the conversation at once, then the conversation is refetched. */
export function useSendDealRoomMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendDealRoomMessage,
    onSuccess: (sent, { link }) => {
      queryClient.setQueryData<DealRoomConversation>(dealRoomKeys.history(link), (old) =>
        old === undefined ? [sent] : old.some((m) => m.id === sent.id) ? old : [...old, sent],
      )
      void queryClient.invalidateQueries({ queryKey: dealRoomKeys.history(link) })
    },
  })
}
