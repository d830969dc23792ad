import { useId } from 'react'
import { createPortal } from 'react-dom'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { ApiError } from '../../../lib/api-client'
import { useIntentDetails, type IntentDetail, type IntentDetails } from '../api/get-intent-details'

/** The modal's title (spec section 2: "Show Intent"). */
export const INTENT_DETAILS_TITLE = 'Show Intent'
export const NOT_UNDERSTOOD_TEXT = 'The assistant has not read this message yet.'
export const NO_REQUESTED_TIME_TEXT = 'No appointment time requested'

const COLUMNS = ['Intent', 'Confidence', 'Final', 'Evidence'] as const
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 })

export interface IntentDetailsDialogProps {
  leadId: number
  /** The customer message. */
  messageId: number
  /** Close and Escape; the dialog has left its modal state (the page is no longer inert). */
  onClose: () => void
}

function IntentChips({ names, label }: { names: readonly string[]; label: string }) {
  if (names.length === 0) return <span className="intent-details__none">None</span>
  return (
    <ul className="intent-details__chips" aria-label={label}>
      {names.map((name) => (
        <li key={name} className="badge badge--info">
          {name}
        </li>
      ))}
    </ul>
  )
}

function IntentRow({ intent }: { intent: IntentDetail }) {
  const words = intent.symLogs.inputStrListBeforePreprocessor
  return (
    <tr data-testid="intent-row" data-final={intent.isFinal}>
      <th scope="row">{intent.intentName}</th>
      <td className="intent-details__number">{PERCENT.format(intent.confidence)}</td>
      <td>{intent.isFinal ? 'Yes' : 'No'}</td>
      <td>{words.length > 0 ? words.join(', ') : '—'}</td>
    </tr>
  )
}

function RequestedTime({ time }: { time: IntentDetails['requestedTime'] | null }) {
  if (!time) return <>{NO_REQUESTED_TIME_TEXT}</>
  return (
    <span data-testid="requested-time">
      <time dateTime={time.start}>{time.start}</time> ({time.grain})
      {time.end ? (
        <>
          {' '}
          until <time dateTime={time.end}>{time.end}</time>
        </>
      ) : null}
    </span>
  )
}

/**
 * What the assistant understood: final and multi intents, the time asked for,
 * insight and carrier keyword, and every intent with its evidence.
 */
function Understood({ details }: { details: IntentDetails }) {
  return (
    <>
      <dl className="intent-details__facts">
        <dt>Final intents</dt>
        <dd>
          <IntentChips names={details.finalIntentNames} label="Final intents" />
        </dd>
        {details.multiIntentNames.length > 0 ? (
          <>
            <dt>Multi-intent</dt>
            <dd>
              <IntentChips names={details.multiIntentNames} label="Multi-intent" />
            </dd>
          </>
        ) : null}
        <dt>Requested time</dt>
        <dd>
          <RequestedTime time={details.requestedTime} />
        </dd>
        {details.responseInsight ? (
          <>
            <dt>Response insight</dt>
            <dd>{details.responseInsight}</dd>
          </>
        ) : null}
        {details.carrierKeyword ? (
          <>
            <dt>Carrier keyword</dt>
            <dd>{details.carrierKeyword}</dd>
          </>
        ) : null}
      </dl>
      <div className="intent-details__table-box">
        <table className="intent-details__table" aria-label="Intents">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {details.intents.length > 0 ? (
              details.intents.map((intent, i) => <IntentRow key={`${intent.intentName}-${i}`} intent={intent} />)
            ) : (
              <tr className="intent-details__note">
                <td colSpan={COLUMNS.length}>No intents found.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  )
}

/**
 * The options menu's Show Intents (spec sections 2 and 6): a modal with what
 * the assistant understood of a customer message. Until the assistant has read
 * it (a background job, a second or two) it says so and offers Refresh.
 */
export function IntentDetailsDialog({ leadId, messageId, onClose }: IntentDetailsDialogProps) {
  const ref = useModalDialog(true)
  const titleId = useId()
  const details = useIntentDetails({ leadId, messageId })
  const canRefresh = details.isError || details.data?.understood === false
  // Leave the modal state at once, so that the caller can put focus back outside it.
  const close = () => {
    ref.current?.close()
    onClose()
  }

  let body
  if (details.isPending) {
    body = (
      <div className="intent-details__loading" aria-hidden="true">
        <span className="skeleton-bar" />
        <span className="skeleton-bar" />
        <span className="skeleton-bar" />
      </div>
    )
  } else if (details.isError) {
    const text = details.error instanceof ApiError ? details.error.message : 'The intents could not be loaded.'
    body = (
      <p className="danger-box" role="alert">
        {text}
      </p>
    )
  } else if (!details.data.understood) {
    body = (
      <p className="intent-details__unread" role="status">
        {NOT_UNDERSTOOD_TEXT}
      </p>
    )
  } else {
    body = <Understood details={details.data} />
  }

  return createPortal(
    <dialog
      ref={ref}
      className="form-dialog intent-details"
      aria-labelledby={titleId}
      data-testid="intent-details"
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
    >
      <h2 id={titleId} className="form-dialog__header">
        {INTENT_DETAILS_TITLE}
      </h2>
      <div className="form-dialog__body" aria-busy={details.isFetching || undefined}>
        {body}
      </div>
      <div className="form-dialog__actions">
        {canRefresh ? (
          // Stays enabled (and focused) while fetching; a second press does not restart the fetch.
          <button type="button" className="btn" onClick={() => void details.refetch({ cancelRefetch: false })}>
            Refresh
          </button>
        ) : null}
        <button type="button" className="btn btn--primary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>,
    document.body,
  )
}
