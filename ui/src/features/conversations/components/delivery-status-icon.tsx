import type { MessageView } from '../../../lib/message-events'
import { deliveryIcon, type DeliveryIcon } from './conversation-model'

const GLYPHS: Record<DeliveryIcon, string> = {
  restricted: '⊘',
  failed: '✕',
  'double-check': '✓✓',
  check: '✓',
  unknown: '?',
}

/** A staff message's delivery status (spec section 4); the hover text explains it. */
export function DeliveryStatusIcon({ message }: { message: Pick<MessageView, 'messageStatus' | 'errors'> }) {
  const { icon, title } = deliveryIcon(message)
  return (
    <span
      className={`delivery-icon delivery-icon--${icon}`}
      role="img"
      aria-label={title}
      title={title}
      data-testid="delivery-status"
      data-icon={icon}
      data-status={message.messageStatus}
    >
      {GLYPHS[icon]}
    </span>
  )
}
