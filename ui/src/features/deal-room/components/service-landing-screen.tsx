import type { DealRoomLink } from '../api/deal-room-types'
import { useDealRoomConversation } from '../api/get-deal-room-conversation'
import { useDealRoomLead } from '../api/get-deal-room-lead'
import { failureText, INVALID_LINK_TEXT, isLinkRefused } from '../api/link-errors'
import { customerName, linkFrom, type SignedLinkSearch } from './link-params'
import { LinkPage, LinkPageLoading, LinkPageRefused } from './link-page'
import type { LinkedLog } from './linked-slots'

export interface ServiceLandingScreenProps {
  /** The signed link's query, passed back to the server as given. */
  search: SignedLinkSearch
  /** The conversation log (the conversations feature's, plugged in by the route). */
  conversationLog: LinkedLog
}

/**
 * /service/landing — the customer's page a signed link opens: the store and
 * their conversation with it (polled every 5 s), read-only: no editor, no
 * options. A refused link shows the server's words only.
 */
export function ServiceLandingScreen({ search, conversationLog }: ServiceLandingScreenProps) {
  const link = linkFrom(search)
  if (!link) return <LinkPageRefused text={INVALID_LINK_TEXT} />
  return <ServiceLanding link={link} conversationLog={conversationLog} />
}

function ServiceLanding({ link, conversationLog: ConversationLog }: Omit<ServiceLandingScreenProps, 'search'> & { link: DealRoomLink }) {
  const lead = useDealRoomLead(link)
  const conversation = useDealRoomConversation(link, lead.isSuccess)

  if (lead.isPending) return <LinkPageLoading testId="service-landing-loading" />
  if (lead.isError) return <LinkPageRefused text={failureText(lead.error)} />
  if (isLinkRefused(conversation.error)) return <LinkPageRefused text={failureText(conversation.error)} />

  const room = lead.data
  const error = conversation.isError ? { text: failureText(conversation.error), retry: () => void conversation.refetch() } : null

  return (
    <LinkPage title={room.storeName} subtitle={`Your conversation, ${customerName(room)}`} testId="service-landing-page">
      <section className="deal-room deal-room--read-only" aria-label={`Your conversation with ${room.storeName}`}>
        <header className="deal-room__header">
          <span className="deal-room__name" data-testid="service-landing-store">
            {room.storeName}
          </span>
        </header>
        <ConversationLog
          leadId={room.id}
          messages={conversation.data}
          isPending={conversation.isPending && !conversation.isError}
          error={error}
          timeZone={room.storeTimeZone || undefined}
          staff={false}
        />
      </section>
    </LinkPage>
  )
}
