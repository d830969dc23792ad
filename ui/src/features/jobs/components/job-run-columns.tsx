import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { JobRunSummary } from '../../../components/job-runs/api/get-job-runs'
import { jobRunDownload } from '../../../components/job-runs/job-download'
import { JobDownloadLink } from '../../../components/job-runs/job-download-link'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobStatusBadge } from '../../../components/job-runs/job-status-badge'
import type { StoreZones } from '../../../components/enterprise-stores/store-time-zone'
import { formatDateTime } from '../../../lib/date-time'
import { elapsedMs, formatDuration } from '../../../lib/format-duration'
import { JobRunActionsCell } from './job-run-actions'

const column = createDataTableColumnHelper<JobRunSummary>()

/** The stores of a run in a cell: the first, and how many more (all in the tooltip). */
function storesText(stores: JobRunSummary['stores']): { text: string; title: string } {
  const names = stores.map((store) => store.name)
  if (names.length === 0) return { text: '—', title: 'Not tied to a store' }
  const text = names.length === 1 ? names[0]! : `${names[0]} +${names.length - 1}`
  return { text, title: names.join(', ') }
}

/** The zone a run's times show in: its store's when it works on one store (lib/date-time). */
export function runTimeZone(run: Pick<JobRunSummary, 'stores'>, zoneOf: StoreZones): string | undefined {
  return run.stores.length === 1 ? zoneOf(run.stores[0]!.id) : undefined
}

/**
 * The runs table; `now` drives the duration of running runs. With `files`
 * (some run shown made one, e.g. a report export) a column offers the files;
 * with `actions` (some run shown offers one) a column offers Cancel and Retry.
 */
export function jobRunColumns(
  now: number,
  { files = false, actions = false, zoneOf = () => undefined }: { files?: boolean; actions?: boolean; zoneOf?: StoreZones } = {},
) {
  const fileColumn = column.display({
    id: 'file',
    header: 'File',
    meta: { width: '6.5rem' },
    cell: (info) => {
      const download = jobRunDownload(info.row.original)
      return download ? <JobDownloadLink download={download} /> : null
    },
  })
  const actionColumn = column.display({
    id: 'actions',
    header: 'Actions',
    meta: { width: '9rem' },
    cell: JobRunActionsCell,
  })
  return column.columns([
    column.accessor('id', {
      header: 'ID',
      meta: { width: '4.5rem', align: 'end' },
      cell: (info) => `#${info.getValue()}`,
    }),
    column.accessor('label', {
      header: 'Kind',
      meta: { width: '12rem' },
      cell: (info) => <span title={info.row.original.kind}>{info.getValue()}</span>,
    }),
    column.accessor((run) => storesText(run.stores).text, {
      id: 'stores',
      header: 'Store',
      meta: { width: '10rem' },
      cell: (info) => <span title={storesText(info.row.original.stores).title}>{info.getValue()}</span>,
    }),
    column.accessor((run) => run.createdByName ?? 'System', {
      id: 'startedBy',
      header: 'Started by',
      meta: { width: '9rem' },
    }),
    column.accessor('status', {
      header: 'Status',
      meta: { width: '8.5rem' },
      cell: (info) => <JobStatusBadge status={info.getValue()} cancelRequested={info.row.original.cancelRequested} />,
    }),
    column.accessor('progress', {
      header: 'Progress',
      meta: { width: '16rem' },
      cell: (info) => <JobProgress run={info.row.original} label={`Progress of run ${info.row.original.id}`} />,
    }),
    column.accessor((run) => `${run.attempt}/${run.maxAttempts}`, {
      id: 'attempt',
      header: 'Attempt',
      meta: { width: '7rem', align: 'end' },
    }),
    column.accessor('createdAt', {
      header: 'Created',
      meta: { width: '14rem' },
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue(), runTimeZone(info.row.original, zoneOf))}</span>,
    }),
    column.accessor((run) => elapsedMs(run.startedAt, run.finishedAt, now), {
      id: 'duration',
      header: 'Duration',
      meta: { width: '6.5rem', align: 'end' },
      cell: (info) => formatDuration(info.getValue()),
    }),
    ...(files ? [fileColumn] : []),
    ...(actions ? [actionColumn] : []),
    column.accessor((run) => run.error ?? '', {
      id: 'error',
      header: 'Error',
      cell: (info) =>
        info.getValue() ? (
          <span className="text-danger" title={info.getValue()}>
            {info.getValue()}
          </span>
        ) : null,
    }),
  ])
}

export function jobRunRowId(run: JobRunSummary): string {
  return String(run.id)
}
