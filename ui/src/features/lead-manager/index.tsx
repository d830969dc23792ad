import { Link } from '@tanstack/react-router'
import { EnterpriseStoresTable } from '../../components/enterprise-stores/enterprise-stores-table'
import { canSeeCompanyMasterList } from '../../lib/roles'
import { useSession } from '../../lib/session'
import { OpenConversationForm } from './components/open-conversation-form'

/** /leadmanager — for now: the stores in the user's scope. */
export function LeadManagerScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null

  return (
    <section className="page">
      <header className="page__header">
        <h1>Lead manager</h1>
      </header>
      <section className="panel panel--padded" aria-labelledby="open-conversation-heading">
        <h2 id="open-conversation-heading" className="panel__title">
          Open conversation
        </h2>
        <OpenConversationForm />
      </section>
      <section className="panel" aria-labelledby="stores-in-scope">
        <header className="panel__header">
          <h2 id="stores-in-scope">Stores in your scope</h2>
          {enterprise ? <span className="panel__meta">{enterprise.name}</span> : null}
        </header>
        {enterprise ? (
          <EnterpriseStoresTable enterpriseId={enterprise.id} />
        ) : (
          <p className="panel__note">
            Your account is not tied to an enterprise.{' '}
            {canSeeCompanyMasterList(user) ? (
              <>
                Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link> to see its stores.
              </>
            ) : (
              'Ask an administrator to assign you to an enterprise.'
            )}
          </p>
        )}
      </section>
    </section>
  )
}
