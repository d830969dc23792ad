import type { ReactNode } from 'react'

export interface LinkPageProps {
  title: string
  subtitle?: string
  children?: ReactNode
  testId?: string
}

/** The frame of a page a signed link opens: the sign-in page's look, wide. */
export function LinkPage({ title, subtitle = 'Bayline', children, testId }: LinkPageProps) {
  return (
    <div className="login-page public-page" data-testid={testId}>
      <div className="login-card public-card public-card--wide">
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

/** Loading: a spinner only. */
export function LinkPageLoading({ testId }: { testId: string }) {
  return (
    <div className="login-page public-page" data-testid={testId}>
      <div className="spinner" role="status" aria-label="Loading…" />
    </div>
  )
}

/** A refused or broken link: the server's words and nothing else. */
export function LinkPageRefused({ text }: { text: string }) {
  return (
    <LinkPage title="Link not available" testId="link-refused">
      <p className="warning-box" role="alert" data-testid="link-refused-text">
        {text}
      </p>
    </LinkPage>
  )
}
