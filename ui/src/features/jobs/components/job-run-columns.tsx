import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { JobRunSummary } from '../../../components/job-runs/api/get-job-runs'
import { jobRunDownload } from '../../../components/job-runs/job-download'
import { JobDownloadLink } from '../../../components/job-runs/job-download-link'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobStatusBadge } from '../../../components/job-runs/job-status-badge'
import { elapsedMs, formatDateTime, formatDuration } from '../../../lib/format-time'

const column = createDataTableColumnHelper<JobRunSummary>()

/**
 * The runs table; `now` drives the duration of running runs. With `files`
 * (some run shown made one, e.g. a report export) a column offers the files.
 */
export function jobRunColumns(now: number, { files = false }: { files?: boolean } = {}) {
  const fileColumn = column.display({
    id: 'file',
    header: 'File',
    meta: { width: '6.5rem' },
    cell: (info) => {
      const download = jobRunDownload(info.row.original)
      return download ? <JobDownloadLink download={download} /> : null
    },
  })
  return column.columns([
    column.accessor('id', {
      header: 'ID',
      meta: { width: '4.5rem', align: 'end' },
      cell: (info) => `#${info.getValue()}`,
    }),
    column.accessor('kind', { header: 'Kind', meta: { width: '13rem' } }),
    column.accessor('status', {
      header: 'Status',
      meta: { width: '8.5rem' },
      cell: (info) => <JobStatusBadge status={info.getValue()} cancelRequested={info.row.original.cancelRequested} />,
    }),
    column.accessor('progress', {
      header: 'Progress',
      meta: { width: '14rem' },
      cell: (info) => <JobProgress run={info.row.original} label={`Progress of run ${info.row.original.id}`} />,
    }),
    column.accessor((run) => `${run.attempt}/${run.maxAttempts}`, {
      id: 'attempt',
      header: 'Attempt',
      meta: { width: '7rem', align: 'end' },
    }),
    column.accessor('createdAt', {
      header: 'Created',
      meta: { width: '11.5rem' },
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue(), 'short')}</span>,
    }),
    column.accessor((run) => elapsedMs(run.startedAt, run.finishedAt, now), {
      id: 'duration',
      header: 'Duration',
      meta: { width: '6.5rem', align: 'end' },
      cell: (info) => formatDuration(info.getValue()),
    }),
    ...(files ? [fileColumn] : []),
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
