import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { formatDateTime } from '../../../lib/date-time'
import { elapsedMs, formatDuration } from '../../../lib/format-duration'

export interface JobRunFactsProps {
  run: JobRun
  now: number
  /** The run's store's zone (lib/date-time); the browser's when none. */
  timeZone?: string
}

/** Counts, attempts and timestamps of a run. */
export function JobRunFacts({ run, now, timeZone }: JobRunFactsProps) {
  const facts: Array<[string, string]> = [
    ['Total', String(run.counts.total)],
    ['Done', String(run.counts.done)],
    ['Failed', String(run.counts.failed)],
    ['Skipped', String(run.counts.skipped)],
    ['Attempt', `${run.attempt} of ${run.maxAttempts}`],
    ['Duration', formatDuration(elapsedMs(run.startedAt, run.finishedAt, now))],
    ['Created', formatDateTime(run.createdAt, timeZone)],
    ['Started', formatDateTime(run.startedAt, timeZone)],
    ['Finished', formatDateTime(run.finishedAt, timeZone)],
    ['Last heartbeat', formatDateTime(run.heartbeatAt, timeZone)],
  ]
  if (run.idempotencyKey) facts.push(['Idempotency key', run.idempotencyKey])
  if (run.enterpriseId !== undefined) facts.push(['Enterprise', String(run.enterpriseId)])
  if (run.createdBy !== undefined) facts.push(['Started by user', String(run.createdBy)])

  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__item">
          <dt>{label}</dt>
          <dd data-testid={`fact-${label.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
