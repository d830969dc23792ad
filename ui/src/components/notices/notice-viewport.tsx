import { dismissNotice, useNotices } from '../../lib/notices'

/** Renders the notices raised through `notify()`, top-right. */
export function NoticeViewport() {
  const notices = useNotices()
  return (
    <div className="notice-viewport" aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice--${notice.type}`}
          role={notice.type === 'danger' || notice.type === 'warning' ? 'alert' : 'status'}
          data-testid="notice"
        >
          <div className="notice__body">
            <strong className="notice__title">{notice.title}</strong>
            <p className="notice__message">{notice.message}</p>
            {notice.action ? (
              <button
                type="button"
                className="btn btn--small notice__action"
                onClick={() => {
                  notice.action?.onClick()
                  dismissNotice(notice.id)
                }}
              >
                {notice.action.label}
              </button>
            ) : null}
          </div>
          <button type="button" className="notice__close" aria-label="Dismiss" onClick={() => dismissNotice(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
