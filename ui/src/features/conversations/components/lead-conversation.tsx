import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError } from '../../../lib/api-client'
import { openChat } from '../../../lib/chat-dock'
import { REALTIME_FALLBACK_POLL_MS } from '../../../lib/config'
import { subscribeMessages } from '../../../lib/message-events'
import { useStreamDown } from '../../../lib/realtime'
import { isEnterpriseUser } from '../../../lib/roles'
import { useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { conversationKeys } from '../api/conversation-keys'
import { useConversation } from '../api/get-conversation'
import { useLead } from '../api/get-lead'
import { ConversationLog } from './conversation-log'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

export interface LeadConversationProps {
  /** The lead (future service interaction) whose conversation is shown. */
  leadId: number
  /** Called when the reader opens the conversation's chat box to reply (e.g. to close what shows this one). */
  onOpenChat?: () => void
}

/**
 * A lead's conversation to read where something else is shown (a repair
 * order's drawer): the same log as a chat box, kept live, without the editor
 * or the per-message options; "Reply in chat" opens the lead's chat box. It
 * is read-only, so nothing is acknowledged as read here.
 */
export function LeadConversation({ leadId, onOpenChat }: LeadConversationProps) {
  const user = useSession()
  const queryClient = useQueryClient()
  const streamDown = useStreamDown()
  const lead = useLead(leadId)
  const conversation = useConversation(leadId, { refetchInterval: streamDown ? REALTIME_FALLBACK_POLL_MS : false })
  const now = useNow(30_000)

  useEffect(
    () =>
      subscribeMessages(
        (event) => {
          if (event.message.jaguarFutureServiceInteractionId === leadId) {
            void queryClient.invalidateQueries({ queryKey: conversationKeys.history(leadId) })
          }
        },
        () => void queryClient.invalidateQueries({ queryKey: conversationKeys.history(leadId) }),
      ),
    [leadId, queryClient],
  )

  const missing =
    (lead.error instanceof ApiError && lead.error.status === 404) ||
    (conversation.error instanceof ApiError && conversation.error.status === 404)
  const error = conversation.isError
    ? missing
      ? { text: `There is no lead #${leadId} that you can see.` }
      : { text: 'The conversation could not be loaded.', retry: () => void conversation.refetch() }
    : null

  return (
    <div className="lead-conversation" data-testid="lead-conversation" data-lead-id={leadId}>
      <ConversationLog
        leadId={leadId}
        messages={conversation.data}
        isPending={conversation.isPending && !conversation.isError}
        error={error}
        lead={lead.data}
        storeId={lead.data?.storeMaster.id}
        timeZone={storeTimeZone(lead.data?.storeMaster)}
        now={now}
        privileged={false}
        enterpriseStyle={isEnterpriseUser(user)}
        currentUsername={user?.username}
        onArchive={() => undefined}
      />
      <div className="lead-conversation__actions">
        <button
          type="button"
          className="btn btn--small"
          disabled={missing}
          onClick={() => {
            if (openChat(leadId) !== 'limit') onOpenChat?.()
          }}
        >
          Reply in chat
        </button>
      </div>
    </div>
  )
}
