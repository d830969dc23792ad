import { Link } from '@tanstack/react-router'
import { canManage } from '../../../lib/roles'
import { useSession } from '../../../lib/session'
import type { AdminAccess } from '../admin-access'

export interface AdminNavProps {
  access: AdminAccess
  /** Kept in every tab's address, so SUPER_ADMIN stays on the enterprise picked. */
  enterprise: number | undefined
  /** An enterprise is worked on: without one only the platform's own sections (brands) are listed. */
  withEnterprise?: boolean
}

/** The area's sections the user's role may use (the shown one is `aria-current`). */
export function AdminNav({ access, enterprise, withEnterprise = true }: AdminNavProps) {
  const search = { enterprise }
  const user = useSession()
  if (!withEnterprise) {
    return (
      <nav className="imports-nav admin-nav" aria-label="Administration sections">
        {access.platform ? <SectionLink to="/admin/brands" search={search} label="Brands" /> : null}
      </nav>
    )
  }
  return (
    <nav className="imports-nav admin-nav" aria-label="Administration sections">
      {access.tenant ? (
        <>
          <SectionLink to="/admin" search={search} label="Enterprise" />
          <SectionLink to="/admin/dealers" search={search} label="Dealers" />
          <SectionLink to="/admin/stores" search={search} label="Stores" />
          <SectionLink to="/admin/unmapped" search={search} label="Unmapped codes" />
          <SectionLink to="/admin/lead-forms" search={search} label="Lead forms" />
        </>
      ) : null}
      {access.users ? <SectionLink to="/admin/users" search={search} label="Users" /> : null}
      {access.telephony ? <SectionLink to="/admin/telephony" search={search} label="Numbers & SMS" /> : null}
      {access.assistants ? <SectionLink to="/admin/assistants" search={search} label="Assistants" /> : null}
      {access.developer ? <SectionLink to="/admin/developer" search={search} label="Developer" /> : null}
      {/* Listed by anyone who may open the area (managers also add and delete). */}
      <SectionLink to="/admin/vehicle-records" search={search} label="Vehicle records" />
      {/* The reports' mailing lists, for those the server lets work on them (the managers' flag). */}
      {canManage(user) ? (
        <Link to="/reports/mailing-lists" className="imports-nav__link">
          Mailing lists
        </Link>
      ) : null}
      {access.tenant ? <SectionLink to="/admin/audit" search={search} label="Audit log" /> : null}
      {/* Brands are the platform's, shared by every enterprise. */}
      {access.platform ? <SectionLink to="/admin/brands" search={search} label="Brands" /> : null}
    </nav>
  )
}

function SectionLink({ to, search, label }: { to: '/admin' | '/admin/dealers' | '/admin/stores' | '/admin/unmapped' | '/admin/lead-forms' | '/admin/users' | '/admin/telephony' | '/admin/assistants' | '/admin/developer' | '/admin/vehicle-records' | '/admin/audit' | '/admin/brands'; search: { enterprise: number | undefined }; label: string }) {
  return (
    <Link
      to={to}
      search={search}
      className="imports-nav__link"
      activeOptions={{ exact: true, includeSearch: false }}
      activeProps={{ className: 'imports-nav__link is-active', 'aria-current': 'page' }}
    >
      {label}
    </Link>
  )
}
