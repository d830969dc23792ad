import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { elapsedMs, formatDateTime, formatDuration } from '../../../lib/format-time'

export interface JobRunFactsProps {
  run: JobRun
  now: number
}

/** Counts, attempts and timestamps of a run. */
export function JobRunFacts({ run, now }: JobRunFactsProps) {
  const facts: Array<[string, string]> = [
    ['Total', String(run.counts.total)],
    ['Done', String(run.counts.done)],
    ['Failed', String(run.counts.failed)],
    ['Skipped', String(run.counts.skipped)],
    ['Attempt', `${run.attempt} of ${run.maxAttempts}`],
    ['Duration', formatDuration(elapsedMs(run.startedAt, run.finishedAt, now))],
    ['Created', formatDateTime(run.createdAt)],
    ['Started', formatDateTime(run.startedAt)],
    ['Finished', formatDateTime(run.finishedAt)],
    ['Last heartbeat', formatDateTime(run.heartbeatAt)],
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
