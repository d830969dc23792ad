import { useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { notify } from '../../../lib/notices'
import type { Brand } from '../api/admin-types'
import { useDeleteBrand } from '../api/delete-brand'
import { useBrands } from '../api/get-brands'
import { BrandDialog } from './brand-dialog'
import { brandColumns, brandRowId } from './brand-columns'

const DELETED_NOTICE_TEXT = 'Successfully Deleted'

/**
 * The Brands section (H-S2; SUPER_ADMIN): the makes stores carry, shared by
 * every enterprise, with how many stores carry each; a new brand, a new name
 * for one, and removing one after a confirmation (the server refuses while
 * stores carry it, in its own words).
 */
export function BrandsPanel() {
  const brands = useBrands()
  const remove = useDeleteBrand()
  // undefined: closed; null: a new brand.
  const [editing, setEditing] = useState<Brand | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<Brand | null>(null)
  const columns = useMemo(() => brandColumns({ onRename: setEditing, onDelete: setDeleting }), [])

  return (
    <section className="panel" aria-labelledby="admin-brands">
      <header className="panel__header">
        <h2 id="admin-brands">Brands</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          Add brand
        </button>
      </header>
      <p className="panel__note">The makes a store may carry, for every enterprise. A brand keeps its code; one that stores carry cannot be deleted.</p>
      <DataTable
        label="Brands"
        className="admin-table"
        columns={columns}
        data={brands.data}
        getRowId={brandRowId}
        isLoading={brands.isPending}
        isFetching={brands.isFetching}
        skeletonRows={6}
      />
      {editing !== undefined ? <BrandDialog brand={editing ?? undefined} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        header="Delete the brand"
        message={deleting ? `Delete the brand ${deleting.name} (${deleting.code})? Stores can no longer be given it.` : ''}
        confirmText="Delete"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.code, {
            onSuccess: () => {
              notify({ message: DELETED_NOTICE_TEXT })
              setDeleting(null)
            },
            onError: () => setDeleting(null),
          })
        }}
      />
    </section>
  )
}
