import { useId, useState } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { ApiError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/date-time'
import { notify } from '../../../lib/notices'
import { useCreateLeadLinks } from '../api/create-lead-links'

export const COPIED_TEXT = 'Link copied'

/** A link of the dialog: its label with the expiry, the URL and Copy. */
function LinkRow({ label, url, expiresAt, testId }: { label: string; url: string; expiresAt: string; testId: string }) {
  const id = useId()
  return (
    <div className="share-links__row" data-testid={testId}>
      <label htmlFor={id} className="share-links__label">
        {label} — until {formatDateTime(expiresAt)}
      </label>
      <div className="share-links__field">
        <input id={id} className="share-links__url" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="btn btn--small"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => notify({ message: COPIED_TEXT }),
              () => notify({ type: 'warning', message: 'Copy failed: select the link and copy it.' }),
            )
          }}
        >
          Copy
        </button>
      </div>
    </div>
  )
}

/**
 * "Share links" of a lead's chat box: asks the server for fresh signed links
 * and shows both — the deal room (for the staff member) and the customer's
 * page — with their expiry and Copy buttons.
 */
export function ShareLinksButton({ leadId }: { leadId: number }) {
  const [open, setOpen] = useState(false)
  const links = useCreateLeadLinks()
  const ref = useModalDialog(open)
  const headerId = useId()

  const close = () => {
    setOpen(false)
    links.reset()
  }

  return (
    <>
      <button
        type="button"
        className="chat-box__action chat-box__share"
        aria-label="Share links"
        aria-haspopup="dialog"
        title="Share links"
        onClick={() => {
          setOpen(true)
          links.mutate(leadId)
        }}
      >
        {/* Drawn, not an emoji: not every system has an emoji font. */}
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.6 2.6 0 013.7 3.7L10.7 8.2M9 11.5l-1.2 1.2a2.6 2.6 0 01-3.7-3.7L5.3 7.8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <dialog
        ref={ref}
        className="confirm-dialog share-links"
        aria-labelledby={headerId}
        data-testid="share-links-dialog"
        onCancel={(event) => {
          event.preventDefault()
          close()
        }}
      >
        <h2 id={headerId} className="confirm-dialog__header">
          Share links
        </h2>
        <div className="share-links__content">
          {links.isPending ? <div className="spinner" role="status" aria-label="Loading…" /> : null}
          {links.isError ? (
            <p className="warning-box" role="alert">
              {links.error instanceof ApiError && links.error.body?.message ? links.error.body.message : 'The links could not be made.'}
            </p>
          ) : null}
          {links.data ? (
            <>
              <LinkRow label="Deal room (for you)" url={links.data.dealRoomUrl} expiresAt={links.data.dealRoomExpiresAt} testId="share-link-deal-room" />
              <LinkRow label="Customer page" url={links.data.landingUrl} expiresAt={links.data.landingExpiresAt} testId="share-link-landing" />
            </>
          ) : null}
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  )
}
