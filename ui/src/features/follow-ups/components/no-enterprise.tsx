import { Link } from '@tanstack/react-router'
import { canSeeCompanyMasterList } from '../../../lib/roles'
import { useSession } from '../../../lib/session'

/** The screen of a user who is not tied to an enterprise: whose stores would it show? */
export function NoEnterprise({ title }: { title: string }) {
  const user = useSession()
  return (
    <section className="page">
      <header className="page__header">
        <h1>{title}</h1>
      </header>
      <p className="panel panel__note">
        Your account is not tied to an enterprise.{' '}
        {canSeeCompanyMasterList(user) ? (
          <>
            Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link>.
          </>
        ) : (
          'Ask an administrator to assign you to an enterprise.'
        )}
      </p>
    </section>
  )
}
