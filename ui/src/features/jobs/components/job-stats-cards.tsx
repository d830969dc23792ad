import { formatDuration } from '../../../lib/format-duration'
import type { JobStats } from '../api/get-job-stats'

export interface JobStatsCardsProps {
  stats: JobStats | undefined
}

const BACKENDS: Record<string, string> = { embedded: 'Embedded', redis: 'Redis' }

/** Queue statistics as a row of cards. */
export function JobStatsCards({ stats }: JobStatsCardsProps) {
  const cards: Array<{ label: string; value: string; tone?: 'danger' }> = [
    { label: 'Pending', value: stats ? String(stats.pending) : '…' },
    { label: 'Running', value: stats ? String(stats.running) : '…' },
    {
      label: 'Failed last hour',
      value: stats ? String(stats.failedLastHour) : '…',
      tone: stats && stats.failedLastHour > 0 ? 'danger' : undefined,
    },
    { label: 'Throughput last hour', value: stats ? String(stats.throughputLastHour) : '…' },
    {
      label: 'Oldest pending',
      value: stats ? (stats.oldestPendingSeconds === undefined ? '—' : formatDuration(stats.oldestPendingSeconds * 1000)) : '…',
    },
    { label: 'Backend', value: stats ? (BACKENDS[stats.backend] ?? stats.backend) : '…' },
  ]
  return (
    <section className="stat-cards" aria-label="Queue statistics">
      {cards.map((card) => (
        <div key={card.label} className={card.tone ? `stat-card stat-card--${card.tone}` : 'stat-card'}>
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value" data-testid={`stat-${card.label.toLowerCase().replaceAll(' ', '-')}`}>
            {card.value}
          </span>
        </div>
      ))}
    </section>
  )
}
