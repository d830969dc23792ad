import { useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import type { AdminStore } from '../api/admin-types'
import { useAdminStores } from '../api/get-admin-stores'
import { useBocs } from '../api/get-bocs'
import { useSetStoreActive } from '../api/set-store-active'
import { storeColumns, storeRowId } from './store-columns'
import { StoreDialog } from './store-dialog'

/** The Stores section: every store of the enterprise (deactivated ones too), a new one, changes, deactivation. */
export function StoresPanel({ enterpriseId }: { enterpriseId: number }) {
  const stores = useAdminStores(enterpriseId)
  const bocs = useBocs(enterpriseId)
  const toggle = useSetStoreActive()
  // undefined: closed; null: a new store.
  const [editing, setEditing] = useState<AdminStore | null | undefined>(undefined)
  const [toggling, setToggling] = useState<AdminStore | null>(null)
  const columns = useMemo(() => storeColumns({ onEdit: setEditing, onToggleActive: setToggling }), [])
  const hasDealer = (bocs.data ?? []).some((d) => d.isActive)

  return (
    <section className="panel" aria-labelledby="admin-stores">
      <header className="panel__header">
        <h2 id="admin-stores">Stores</h2>
        <div className="page__actions">
          {bocs.data && !hasDealer ? <span className="panel__meta">Create a dealer first: every store belongs to one.</span> : null}
          <button type="button" className="btn btn--primary" disabled={!hasDealer} onClick={() => setEditing(null)}>
            New store
          </button>
        </div>
      </header>
      <DataTable
        label="Stores"
        className="admin-table"
        columns={columns}
        data={stores.data}
        getRowId={storeRowId}
        isLoading={stores.isPending}
        isFetching={stores.isFetching}
        skeletonRows={4}
      />
      {editing !== undefined ? (
        <StoreDialog enterpriseId={enterpriseId} dealers={bocs.data ?? []} store={editing ?? undefined} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        open={toggling !== null}
        header={toggling?.isActive ? 'Deactivate the store' : 'Activate the store'}
        message={
          toggling?.isActive
            ? `Deactivate ${toggling.storeName}? It leaves every store picker and sends no automated texts; nothing is deleted.`
            : `Activate ${toggling?.storeName ?? 'the store'} again?`
        }
        confirmText={toggling?.isActive ? 'Deactivate' : 'Activate'}
        loading={toggle.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() => {
          if (!toggling) return
          toggle.mutate(
            { enterpriseId, storeId: toggling.id, active: !toggling.isActive },
            { onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }), onSettled: () => setToggling(null) },
          )
        }}
      />
    </section>
  )
}
