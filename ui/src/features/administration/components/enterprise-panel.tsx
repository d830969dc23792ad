import { ApiError, firstErrorText } from '../../../lib/api-client'
import { useEnterprise } from '../../../components/enterprises/api/get-enterprise'
import { formatDateTime } from '../../../lib/date-time'
import type { AdminAccess } from '../admin-access'
import { EnterpriseActivation } from './enterprise-activation'
import { EnterpriseNameForm } from './enterprise-name-form'
import { EnterpriseSettingsSection } from './enterprise-settings-form'
import { LogoPanel } from './logo-panel'

export interface EnterprisePanelProps {
  enterpriseId: number
  access: AdminAccess
}

/**
 * The Enterprise section: its facts, its name, its logo, its own settings (the
 * assistant's reach and shared file, the inbound view) and (SUPER_ADMIN)
 * whether it is active.
 */
export function EnterprisePanel({ enterpriseId, access }: EnterprisePanelProps) {
  const enterprise = useEnterprise(enterpriseId)

  if (!enterprise.data) {
    if (enterprise.isError) {
      const error = enterprise.error
      return (
        <div className="panel panel--error" role="alert">
          <p>{error instanceof ApiError && (error.status === 403 || error.status === 404) ? firstErrorText(error) : 'The enterprise could not be loaded.'}</p>
          <button type="button" className="btn" onClick={() => void enterprise.refetch()}>
            Try again
          </button>
        </div>
      )
    }
    return (
      <section className="panel panel--padded" aria-busy="true" aria-label="Enterprise">
        <span className="skeleton-bar" />
      </section>
    )
  }

  const e = enterprise.data
  return (
    <div className="admin-sections">
      <section className="panel" aria-labelledby="admin-enterprise-facts">
        <header className="panel__header">
          <h2 id="admin-enterprise-facts">{e.name}</h2>
          {e.isActive ? <span className="badge badge--success">Active</span> : <span className="badge badge--danger">Deactivated</span>}
        </header>
        <div className="panel--padded admin-enterprise">
          <dl className="facts">
            <div className="facts__item">
              <dt>Code</dt>
              <dd>{e.code}</dd>
            </div>
            <div className="facts__item">
              <dt>Created</dt>
              <dd>{formatDateTime(e.createdAt)}</dd>
            </div>
            <div className="facts__item">
              <dt>Demo data</dt>
              <dd>{e.isDemo ? 'Yes' : 'No'}</dd>
            </div>
            <div className="facts__item">
              <dt>Status</dt>
              <dd>{e.isActive ? 'Active' : `Deactivated ${formatDateTime(e.deactivatedAt)}`}</dd>
            </div>
          </dl>
          {/* A new answer (a save) starts the form again from the saved name. */}
          <EnterpriseNameForm key={e.name} enterprise={e} />
        </div>
      </section>

      <LogoPanel enterprise={e} />

      {access.tenant ? <EnterpriseSettingsSection enterpriseId={e.id} mayPickFile={access.developer} /> : null}

      {access.platform ? <EnterpriseActivation enterprise={e} /> : null}
    </div>
  )
}
