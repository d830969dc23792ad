import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

export interface NavItem {
  to: NonNullable<LinkProps['to']>
  label: string
}

export interface AppLayoutProps {
  userName: string
  roles: string[]
  enterpriseName?: string | null
  /** Shown before the enterprise's name (its logo, when it has one). */
  enterpriseLogo?: ReactNode
  nav: NavItem[]
  onLogout: () => void
  loggingOut?: boolean
  /** Shown in the header before the user's name (e.g. the handoffs bell). */
  headerTools?: ReactNode
  children: ReactNode
}

/** Logged-in frame: left navigation, header with the user and Logout, content. */
export function AppLayout({ userName, roles, enterpriseName, enterpriseLogo, nav, onLogout, loggingOut = false, headerTools, children }: AppLayoutProps) {
  return (
    <div className="app">
      <aside className="app__sidebar">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Bayline</span>
        </div>
        <nav aria-label="Main">
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="nav-link" activeProps={{ className: 'nav-link is-active' }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="app__main">
        <header className="app__header">
          <div className="app__context">
            {enterpriseLogo}
            {enterpriseName ? <span className="enterprise-name">{enterpriseName}</span> : null}
          </div>
          <div className="user-box">
            {headerTools}
            <div className="user-box__text">
              <span className="user-box__name" data-testid="user-name">
                {userName}
              </span>
              <span className="user-box__roles">{roles.join(', ')}</span>
            </div>
            <button type="button" className="btn" onClick={onLogout} disabled={loggingOut}>
              {loggingOut ? 'Logging out…' : 'Logout'}
            </button>
          </div>
        </header>
        <main className="app__content">{children}</main>
      </div>
    </div>
  )
}
