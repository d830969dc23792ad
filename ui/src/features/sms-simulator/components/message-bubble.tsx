import type { PhoneMessage } from '../api/get-phone-messages'
import { clockTime } from '../../../lib/date-time'
import { deliveryStatus, failureText, isFromCustomer } from './thread-model'

export interface MessageBubbleProps {
  message: PhoneMessage
  /** The store's zone: the time a text shows is the one staff see in the conversation. */
  timeZone?: string
}

/**
 * One text as the customer's phone shows it: their own on the right in blue;
 * the dealership's on the left in grey, with its delivery status and, when it
 * failed, why.
 */
export function MessageBubble({ message, timeZone }: MessageBubbleProps) {
  const own = isFromCustomer(message)
  const status = own ? null : deliveryStatus(message)
  const failure = own ? null : failureText(message)
  const time = clockTime(message.createdOn, timeZone)
  return (
    <li
      className={`bubble ${own ? 'bubble--own' : 'bubble--dealer'}${failure ? ' bubble--failed' : ''}`}
      data-testid="text-message"
      data-message-id={message.id}
      data-direction={message.direction}
    >
      <span className="visually-hidden">{own ? 'Customer: ' : `${message.fromName || 'Dealership'}: `}</span>
      <div className="bubble__body">
        {message.content ? <p className="bubble__text">{message.content}</p> : null}
        {message.mediaUrls.length > 0 ? (
          <ul className="bubble__media">
            {message.mediaUrls.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  Attachment {i + 1}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="bubble__meta">
        <time dateTime={message.createdOn}>{time}</time>
        {status ? (
          <>
            <span aria-hidden="true"> · </span>
            <span
              className={`bubble__status bubble__status--${status.tone}`}
              data-testid="text-status"
              data-status={message.messageStatus}
            >
              {status.label}
            </span>
          </>
        ) : null}
      </div>
      {failure ? (
        <p className="bubble__failure" role="note">
          {failure}
        </p>
      ) : null}
    </li>
  )
}
