import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { Boc } from '../api/admin-types'
import { useBocs } from '../api/get-bocs'
import { DealerDialog } from './dealer-dialog'
import { dealerColumns, dealerRowId } from './dealer-columns'

/** The Dealers section: the enterprise's dealers, active and deactivated, a new one, and changes to one. */
export function DealersPanel({ enterpriseId }: { enterpriseId: number }) {
  const bocs = useBocs(enterpriseId)
  // undefined: closed; null: a new dealer.
  const [editing, setEditing] = useState<Boc | null | undefined>(undefined)
  const columns = useMemo(() => dealerColumns({ onEdit: setEditing }), [])

  return (
    <section className="panel" aria-labelledby="admin-dealers">
      <header className="panel__header">
        <h2 id="admin-dealers">Dealers</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing(null)}>
          New dealer
        </button>
      </header>
      <DataTable
        label="Dealers"
        columns={columns}
        data={bocs.data}
        getRowId={dealerRowId}
        isLoading={bocs.isPending}
        isFetching={bocs.isFetching}
        skeletonRows={4}
      />
      {editing !== undefined ? <DealerDialog enterpriseId={enterpriseId} dealer={editing ?? undefined} onClose={() => setEditing(undefined)} /> : null}
    </section>
  )
}
