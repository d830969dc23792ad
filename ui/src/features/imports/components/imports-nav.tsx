import { Link } from '@tanstack/react-router'

const SECTIONS = [
  { to: '/imports', label: 'Uploads' },
  { to: '/imports/sources', label: 'Data sources' },
  { to: '/imports/sync-history', label: 'Sync history' },
] as const

/** The Imports area's sections: the uploads, the data sources and the sync history (the shown one is `aria-current`). */
export function ImportsNav() {
  return (
    <nav className="imports-nav" aria-label="Imports sections">
      {SECTIONS.map((section) => (
        <Link
          key={section.to}
          to={section.to}
          className="imports-nav__link"
          activeOptions={{ exact: true, includeSearch: false }}
          activeProps={{ className: 'imports-nav__link is-active', 'aria-current': 'page' }}
        >
          {section.label}
        </Link>
      ))}
    </nav>
  )
}
