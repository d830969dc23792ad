import type { ReactNode } from 'react'

export interface CellStackProps {
  main: ReactNode
  /** The muted second line; kept (empty) when absent, so rows keep one height. */
  sub?: ReactNode
  title?: string
}

/** Two lines in one table cell: the main one and a muted one under it. */
export function CellStack({ main, sub, title }: CellStackProps) {
  return (
    <span className="cell-stack" title={title}>
      <span className="cell-stack__main">{main || '—'}</span>
      <span className="cell-stack__sub">{sub || '\u00a0'}</span>
    </span>
  )
}
