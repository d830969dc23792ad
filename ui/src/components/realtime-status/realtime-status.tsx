import { useRealtimeStatus } from '../../lib/realtime'

const TEXT = {
  off: 'Offline',
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Refreshing',
} as const

/** Whether live updates flow; while they do not, the screen polls. */
export function RealtimeStatus() {
  const status = useRealtimeStatus()
  const title =
    status === 'open'
      ? 'Updates arrive as they happen.'
      : status === 'polling'
        ? 'Live updates are off for your account; the page refreshes itself.'
        : 'Live updates are unavailable; the page refreshes itself meanwhile.'
  return (
    <span className={`realtime-status realtime-status--${status}`} data-testid="realtime-status" title={title}>
      <span className="realtime-status__dot" aria-hidden="true" />
      {TEXT[status]}
    </span>
  )
}
