import type { DataSource } from '../api/get-data-sources'
import { syncAvailability } from '../data-sources'
import { useSyncRuns } from './use-sync-runs'

/**
 * "Sync now" for a source; while its sync starts or runs it reads "Syncing…".
 * A source that cannot sync (uploads only, switched off) keeps the button,
 * `aria-disabled` with the reason on hover, so focus stays on it.
 */
export function SyncNowButton({ source, className = 'btn btn--small' }: { source: DataSource; className?: string }) {
  const { start, isSyncing } = useSyncRuns()
  const syncing = isSyncing(source.id)
  const { allowed, hint } = syncAvailability(source)
  const unavailable = syncing || !allowed
  return (
    <button
      type="button"
      className={className}
      aria-disabled={unavailable || undefined}
      aria-label={syncing ? `Syncing ${source.name}…` : `Sync now: ${source.name}`}
      title={syncing ? 'A sync of this source is running' : hint}
      onClick={() => {
        if (!unavailable) start(source)
      }}
    >
      <span aria-hidden="true">↻</span> {syncing ? 'Syncing…' : 'Sync now'}
    </button>
  )
}
