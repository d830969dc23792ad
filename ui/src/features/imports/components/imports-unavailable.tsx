import { Link } from '@tanstack/react-router'
import { canSeeCompanyMasterList } from '../../../lib/roles'
import type { UserData } from '../../../lib/session'
import type { ImportAccess } from '../import-access'

export interface ImportsUnavailableProps {
  user: UserData | null
  access: Exclude<ImportAccess, 'ok'>
  title: string
}

/** Why the Imports screens are not for this user. */
export function ImportsUnavailable({ user, access, title }: ImportsUnavailableProps) {
  return (
    <section className="page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      <p className="panel panel__note" data-testid="imports-unavailable">
        {access === 'role' ? (
          'Data files are uploaded by administrators and managers. Ask one to load the file.'
        ) : canSeeCompanyMasterList(user) ? (
          <>
            Your account is not tied to an enterprise. Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link>.
          </>
        ) : (
          'Your account is not tied to an enterprise. Ask an administrator to assign you to an enterprise.'
        )}
      </p>
    </section>
  )
}
