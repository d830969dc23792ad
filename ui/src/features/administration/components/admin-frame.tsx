import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import { useEnterprise } from '../../../components/enterprises/api/get-enterprise'
import { enterprisesQueryOptions } from '../../../components/enterprises/api/get-enterprises'
import type { AdminAccess } from '../admin-access'
import { AdminNav } from './admin-nav'

export interface AdminFrameProps {
  access: AdminAccess
  /** The enterprise worked on, if any. */
  enterpriseId: number | undefined
  /** SUPER_ADMIN picked another enterprise. */
  onPickEnterprise: (enterpriseId: number) => void
  /**
   * The section is the platform's, for every enterprise (the brands): shown
   * though no enterprise is picked. Otherwise it waits for one.
   */
  forEveryEnterprise?: boolean
  /** The section, rendered once there is an enterprise (or at once, `forEveryEnterprise`). */
  children: ReactNode
}

/** Enterprises offered by SUPER_ADMIN's picker: the first 100 by name (others come from the company master list). */
const PICKER_QUERY = { page: 0, size: 100, search: '' }

/**
 * The Administration area's frame: its title with the enterprise worked on
 * (SUPER_ADMIN picks it, and may start a new one), the sections the role
 * may use, and the section itself.
 */
export function AdminFrame({ access, enterpriseId, onPickEnterprise, forEveryEnterprise = false, children }: AdminFrameProps) {
  const pickerId = useId()
  const enterprise = useEnterprise(enterpriseId)
  // Only SUPER_ADMIN picks: the list is not asked for anyone else.
  const enterprises = useQuery({ ...enterprisesQueryOptions(PICKER_QUERY), enabled: access.platform })
  const list = enterprises.data?.content ?? []
  const listed = enterpriseId === undefined || list.some((e) => e.id === enterpriseId)

  return (
    <section className="page page--admin">
      <header className="page__header">
        <div className="page__title">
          <h1>Administration</h1>
          {!access.platform && enterprise.data ? <span className="page__subtitle">{enterprise.data.name}</span> : null}
          {enterprise.data && !enterprise.data.isActive ? <span className="badge badge--danger">Deactivated</span> : null}
        </div>
        {access.platform ? (
          <div className="page__actions">
            <label htmlFor={pickerId} className="field__label">
              Enterprise
            </label>
            <select
              id={pickerId}
              className="admin-enterprise-picker"
              value={enterpriseId ?? ''}
              disabled={enterprises.isPending}
              onChange={(event) => {
                if (event.target.value !== '') onPickEnterprise(Number(event.target.value))
              }}
            >
              {enterpriseId === undefined ? <option value="">Choose an enterprise</option> : null}
              {!listed ? <option value={enterpriseId}>{enterprise.data?.name ?? `Enterprise ${enterpriseId}`}</option> : null}
              {list.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.isActive ? e.name : `${e.name} (deactivated)`}
                </option>
              ))}
            </select>
            <Link to="/admin" search={{ enterprise: enterpriseId, newEnterprise: true }} className="btn">
              New enterprise
            </Link>
          </div>
        ) : null}
      </header>

      {/* Without an enterprise SUPER_ADMIN still finds the platform's own sections. */}
      {enterpriseId !== undefined || access.platform ? (
        <AdminNav access={access} enterprise={access.platform ? enterpriseId : undefined} withEnterprise={enterpriseId !== undefined} />
      ) : null}
      {enterpriseId === undefined && !forEveryEnterprise ? (
        <p className="panel panel__note" data-testid="admin-no-enterprise">
          {access.platform
            ? 'Choose the enterprise to administer above, or open one from the company master list.'
            : 'Your account is not tied to an enterprise, so there is nothing to administer here.'}
        </p>
      ) : null}
      {enterpriseId !== undefined || forEveryEnterprise ? children : null}
    </section>
  )
}
