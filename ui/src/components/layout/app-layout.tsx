import { Link, type LinkProps } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'

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

/**
 * Logged-in frame: left navigation, header with the user and Logout, content.
 * On a phone the navigation folds into a Menu button at the top.
 */
export function AppLayout({ userName, roles, enterpriseName, enterpriseLogo, nav, onLogout, loggingOut = false, headerTools, children }: AppLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  const navId = useId()
  return (
    <div className="app">
      <aside className={`app__sidebar${menuOpen ? ' is-open' : ''}`}>
        <div className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Bayline</span>
        </div>
        <button
          type="button"
          className="btn app__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav aria-label="Main" id={navId}>
          <ul className="nav-list">
            {nav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="nav-link"
                  activeProps={{ className: 'nav-link is-active' }}
                  onClick={() => setMenuOpen(false)}
                >
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
