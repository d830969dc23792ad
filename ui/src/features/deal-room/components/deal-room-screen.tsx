import { useState } from 'react'
import { formatPhone } from '../../../lib/format-phone'
import { useLogout } from '../../../lib/logout'
import { isExpired, useSession } from '../../../lib/session'
import type { DealRoomLink } from '../api/deal-room-types'
import { useDealRoomConversation } from '../api/get-deal-room-conversation'
import { useDealRoomLead } from '../api/get-deal-room-lead'
import { failureText, INVALID_LINK_TEXT, isLinkRefused } from '../api/link-errors'
import { DealRoomEditor } from './deal-room-editor'
import { customerName, linkFrom, type SignedLinkSearch } from './link-params'
import { LinkPage, LinkPageLoading, LinkPageRefused } from './link-page'
import type { LinkedLog, LinkedOptions, LinkedTemplates } from './linked-slots'

export interface DealRoomScreenProps {
  /** The signed link's query, passed back to the server as given. */
  search: SignedLinkSearch
  /** The conversation log (the conversations feature's, plugged in by the route). */
  conversationLog: LinkedLog
  /** The template picker a staff visitor gets (plugged in by the route); none: no picker. */
  templatePicker?: LinkedTemplates
  /** The conversation's options (handoffs, AI switch) a staff visitor gets (plugged in by the route). */
  options?: LinkedOptions
}

/**
 * /dealroom — the deal room a signed link opens (spec G-S5), with or without a
 * session: the customer's name and phone, their conversation (polled every
 * 5 s, following the newest message) and, when the link may send, an editor.
 * A visitor who also has a staff session gets the staff options on messages,
 * the conversation's options (handoffs, AI switch), the template picker and a
 * Logout link. A refused link shows the server's words only.
 */
export function DealRoomScreen({ search, conversationLog, templatePicker, options }: DealRoomScreenProps) {
  const link = linkFrom(search)
  if (!link) return <LinkPageRefused text={INVALID_LINK_TEXT} />
  return <DealRoom link={link} conversationLog={conversationLog} templatePicker={templatePicker} options={options} />
}

function DealRoom({
  link,
  conversationLog: ConversationLog,
  templatePicker: TemplatePicker,
  options: Options,
}: Omit<DealRoomScreenProps, 'search'> & { link: DealRoomLink }) {
  const session = useSession()
  const staff = session !== null && !isExpired(session)
  const logout = useLogout()
  const lead = useDealRoomLead(link)
  const conversation = useDealRoomConversation(link, lead.isSuccess)
  const [draft, setDraft] = useState('')

  if (lead.isPending) return <LinkPageLoading testId="deal-room-loading" />
  if (lead.isError) return <LinkPageRefused text={failureText(lead.error)} />
  if (isLinkRefused(conversation.error)) return <LinkPageRefused text={failureText(conversation.error)} />

  const room = lead.data
  const phone = formatPhone(room.customerPhone)
  const error = conversation.isError ? { text: failureText(conversation.error), retry: () => void conversation.refetch() } : null

  return (
    <LinkPage title={customerName(room)} subtitle={[phone, room.storeName].filter(Boolean).join(' · ')} testId="deal-room-page">
      <section className="deal-room" aria-label={`Conversation with ${customerName(room)}`}>
        <header className="deal-room__header" data-testid="deal-room-header">
          <span className="deal-room__name" data-testid="deal-room-name">
            {customerName(room)}
          </span>
          {phone ? (
            <span className="deal-room__phone" data-testid="deal-room-phone">
              {phone}
            </span>
          ) : null}
          {room.userName ? <span className="deal-room__user">with {room.userName}</span> : null}
          {staff ? (
            <span className="deal-room__staff">
              {Options ? <Options
                  leadId={room.id}
                  lead={{ aiEnabled: room.aiEnabled, dtDialogEnabled: room.dtDialogEnabled }}
                  onChanged={() => {
                    void lead.refetch()
                    void conversation.refetch()
                  }}
                /> : null}
              <button type="button" className="btn btn--link" disabled={logout.isPending || logout.isSuccess} onClick={() => logout.mutate()}>
                Logout
              </button>
            </span>
          ) : null}
        </header>
        <ConversationLog
          leadId={room.id}
          messages={conversation.data}
          isPending={conversation.isPending && !conversation.isError}
          error={error}
          timeZone={room.storeTimeZone || undefined}
          lead={{ aiEnabled: room.aiEnabled, dtDialogEnabled: room.dtDialogEnabled }}
          staff={staff}
        />
        {room.conversationClosed ? (
          <p className="deal-room__closed" role="status">
            This conversation is closed.
          </p>
        ) : null}
        {room.canSend ? (
          <>
            {staff && TemplatePicker ? <TemplatePicker leadId={room.id} onApply={setDraft} /> : null}
            <DealRoomEditor link={link} draft={draft} onDraftChange={setDraft} />
          </>
        ) : null}
      </section>
    </LinkPage>
  )
}
