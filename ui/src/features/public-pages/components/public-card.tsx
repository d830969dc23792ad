import type { CSSProperties, ReactNode } from 'react'

export interface PublicCardProps {
  title: string
  /** The line under the title (default: the product name). */
  subtitle?: string
  children?: ReactNode
  /** Sets the page's `--accent` (brand colour). */
  accent?: string
  /** Wider card (a lead form) instead of the sign-in width. */
  wide?: boolean
  testId?: string
}

/** The frame of a page a logged-out visitor sees: the sign-in page's look. */
export function PublicCard({ title, subtitle = 'Bayline', children, accent, wide = false, testId }: PublicCardProps) {
  const style = accent ? ({ '--accent': accent } as CSSProperties) : undefined
  return (
    <div className="login-page public-page" style={style} data-testid={testId}>
      <div className={wide ? 'login-card public-card public-card--wide' : 'login-card public-card'}>
        <div className="login-card__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <div>
            <h1>{title}</h1>
            <p>{subtitle}</p>
          </div>
        </div>
        <div className="public-card__body">{children}</div>
      </div>
    </div>
  )
}
