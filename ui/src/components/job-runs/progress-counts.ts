import { formatBytes, formatCount } from '../../lib/format-number'
import type { JobRunSummary } from './api/get-job-runs'

/** What a run has done of what it has to, in its unit: `12 of 40 leads`, `1.3 KB of 1.3 KB`. */
export function progressCounts({ done, total }: { done: number; total: number }, unit: JobRunSummary['unit']): string {
  if (unit === 'bytes') return `${formatBytes(done)} of ${formatBytes(total)}`
  // The server names the unit in the plural (`leads`, `items`, `rows`): one is one of them.
  return `${formatCount(done)} of ${formatCount(total)} ${total === 1 ? unit.replace(/s$/, '') : unit}`
}
