import { formatCount } from '../../../lib/format-number'

export interface CountCard {
  /** Names the card for tests and styles (`data-count`). */
  id: string
  label: string
  value: number
  tone: 'success' | 'info' | 'warning' | 'danger' | 'neutral'
  hint?: string
}

/** The big counts of a dry run or a run. */
export function CountCards({ cards, label }: { cards: readonly CountCard[]; label: string }) {
  return (
    <dl className="bulk-counts" aria-label={label}>
      {cards.map((card) => (
        <div key={card.id} className={`bulk-count bulk-count--${card.tone}`} title={card.hint} data-count={card.id}>
          <dt className="bulk-count__label">{card.label}</dt>
          <dd className="bulk-count__value">{formatCount(card.value)}</dd>
        </div>
      ))}
    </dl>
  )
}
