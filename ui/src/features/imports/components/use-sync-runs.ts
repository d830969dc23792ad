import { useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useMemo, useState } from 'react'
import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { notify } from '../../../lib/notices'
import type { DataSource } from '../api/get-data-sources'
import { importKeys } from '../api/import-keys'
import { useStartSync } from '../api/start-sync'
import { syncFinishedNotice } from '../data-sources'

/** A sync started from this screen, followed live. */
export interface FollowedSync {
  sourceId: number
  sourceName: string
  run: JobRun
}

export interface SyncRuns {
  /** The syncs followed, in the order they were started. */
  followed: readonly FollowedSync[]
  /** Sync now: starts the source's sync and follows its run. */
  start: (source: DataSource) => void
  /** The run is over: its notice, and everything it changed is fetched again. */
  finish: (sourceId: number, run: JobRun) => void
  dismiss: (sourceId: number) => void
  /** A sync of the source is being started or runs. */
  isSyncing: (sourceId: number) => boolean
}

/** The data sources screen's followed syncs, for its rows and panels. */
export const SyncRunsContext = createContext<SyncRuns | null>(null)

export function useSyncRuns(): SyncRuns {
  const runs = useContext(SyncRunsContext)
  if (!runs) throw new Error('useSyncRuns: outside SyncRunsContext')
  return runs
}

/**
 * The state behind `SyncRunsContext`: "Sync now" posts `sync-data` (a refusal,
 * such as 'Datasource is not configured', shows the server's first error as
 * the usual danger notice), shows the 202's message and follows the run; when
 * it is over 'Synced Successfully' (or what went wrong) shows and the history,
 * the sources and the uploads are fetched again.
 */
export function useSyncRunsState(): SyncRuns {
  const queryClient = useQueryClient()
  const { mutateAsync } = useStartSync()
  const [followed, setFollowed] = useState<readonly FollowedSync[]>([])
  const [starting, setStarting] = useState<ReadonlySet<number>>(new Set())

  const start = useCallback(
    (source: DataSource) => {
      if (source.storeIdFk === undefined) return
      setStarting((ids) => new Set(ids).add(source.id))
      mutateAsync({ storeIdFk: source.storeIdFk, dataSourceId: source.id })
        .then((started) => {
          notify({ message: started.message })
          const next: FollowedSync = { sourceId: source.id, sourceName: source.name, run: started.jobRun }
          setFollowed((list) => [...list.filter((f) => f.sourceId !== source.id), next])
        })
        .catch(() => {
          // The client showed the server's reason already.
        })
        .finally(() =>
          setStarting((ids) => {
            const next = new Set(ids)
            next.delete(source.id)
            return next
          }),
        )
    },
    [mutateAsync],
  )

  const finish = useCallback(
    (sourceId: number, run: JobRun) => {
      setFollowed((list) => list.map((f) => (f.run.id === run.id ? { ...f, run } : f)))
      const notice = syncFinishedNotice(run)
      if (notice) notify(notice)
      void queryClient.invalidateQueries({ queryKey: importKeys.syncLists() })
      void queryClient.invalidateQueries({ queryKey: importKeys.sourceLists() })
      void queryClient.invalidateQueries({ queryKey: importKeys.source(sourceId) })
      void queryClient.invalidateQueries({ queryKey: importKeys.reportLists() })
    },
    [queryClient],
  )

  const dismiss = useCallback((sourceId: number) => setFollowed((list) => list.filter((f) => f.sourceId !== sourceId)), [])

  const isSyncing = useCallback(
    (sourceId: number) => starting.has(sourceId) || followed.some((f) => f.sourceId === sourceId && !isFinishedJobStatus(f.run.status)),
    [starting, followed],
  )

  return useMemo(() => ({ followed, start, finish, dismiss, isSyncing }), [followed, start, finish, dismiss, isSyncing])
}
