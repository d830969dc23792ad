import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useBlocker } from '@tanstack/react-router'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { canManage } from '../../../lib/roles'
import { useSession } from '../../../lib/session'
import { CadenceEditor } from './cadence-editor'
import { NoEnterprise } from './no-enterprise'

const route = getRouteApi('/_app/follow-up-cadence')

/**
 * /follow-up-cadence — a store's follow-up steps (docs/follow-ups.md): on/off,
 * wait, channel, subject and text of FU1…FUDT and E1…E3. Managers save; leaving
 * the store or the screen with unsaved changes asks first.
 */
export function FollowUpCadenceScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const canEdit = canManage(user)
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })
  const storeList = stores.data ?? []
  const storeId = search.store ?? storeList[0]?.id
  const storeKnown = search.store === undefined || stores.isPending || storeList.some((s) => s.id === search.store)

  const [dirty, setDirty] = useState(false)
  // Another store, another screen, or closing the tab with unsaved changes asks first.
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true })

  if (!enterprise) return <NoEnterprise title="Follow-up cadence" />

  return (
    <section className="page page--cadence">
      <header className="page__header">
        <h1>Follow-up cadence</h1>
        <div className="page__actions">
          <label className="filters__field">
            <span>Store</span>
            <select
              value={storeId ?? ''}
              disabled={stores.isPending}
              onChange={(event) => void navigate({ search: (prev) => ({ ...prev, store: Number(event.target.value) || undefined }) })}
            >
              {storeId === undefined ? <option value="">{stores.isPending ? 'Loading…' : 'No stores'}</option> : null}
              {storeList.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.storeName}
                </option>
              ))}
              {storeKnown ? null : <option value={search.store}>Store #{search.store}</option>}
            </select>
          </label>
        </div>
      </header>

      {!canEdit ? (
        <div className="warning-box" data-testid="cadence-read-only">
          <strong>Managers only</strong>
          <span>Only administrators and dealer or store managers can change the cadence; you can read it here.</span>
        </div>
      ) : null}

      {storeId !== undefined ? (
        <CadenceEditor key={storeId} storeId={storeId} canEdit={canEdit} onDirtyChange={setDirty} />
      ) : stores.isPending ? null : (
        <p className="panel panel__note">You have no stores to set a cadence for.</p>
      )}

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        header="Unsaved changes"
        message="The cadence has changes that are not saved. Leave without saving them?"
        confirmText="Leave without saving"
        cancelText="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </section>
  )
}
