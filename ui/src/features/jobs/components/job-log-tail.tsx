import { useLayoutEffect, useRef } from 'react'
import type { JobLogLine } from '../../../components/job-runs/api/get-job-run'
import { clockTime } from '../../../lib/date-time'

export interface JobLogTailProps {
  logs: readonly JobLogLine[]
  /** The run's store's zone (lib/date-time); the browser's when none. */
  timeZone?: string
}

/**
 * The newest log lines, oldest first. Follows new lines while scrolled to the
 * bottom; stays put while the reader scrolls back.
 */
export function JobLogTail({ logs, timeZone }: JobLogTailProps) {
  const ref = useRef<HTMLOListElement>(null)
  const follow = useRef(true)
  const lastId = logs.at(-1)?.id

  useLayoutEffect(() => {
    const list = ref.current
    if (list && follow.current) list.scrollTop = list.scrollHeight
  }, [lastId])

  if (logs.length === 0) return <p className="panel__note">No log lines yet.</p>

  return (
    <ol
      ref={ref}
      className="log-tail"
      aria-label="Log"
      tabIndex={0}
      onScroll={(event) => {
        const list = event.currentTarget
        follow.current = list.scrollHeight - list.scrollTop - list.clientHeight < 24
      }}
    >
      {logs.map((line) => (
        <li key={line.id} className={`log-line log-line--${line.level}`}>
          <time className="log-line__time" dateTime={line.loggedAt}>
            {clockTime(line.loggedAt, timeZone, { seconds: true })}
          </time>
          <span className="log-line__level">{line.level}</span>
          <span className="log-line__text">{line.line}</span>
        </li>
      ))}
    </ol>
  )
}
