import { useState } from 'react'
import { showRefusal, type Refusal } from '../admin-refusal'
import type { AdminStore, MappedCode, UnmappedCode } from '../api/admin-types'
import { useMapCode } from '../api/unmapped-actions'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { SelectField } from './select-field'

export interface MapCodeDialogProps {
  enterpriseId: number
  /** The code mapped. */
  code: UnmappedCode
  /** The stores offered (active ones). */
  stores: readonly AdminStore[]
  onMapped: (result: MappedCode) => void
  onClose: () => void
}

/**
 * Maps a waiting store code to a store: its rows load there now, and later
 * rows with the code too. A store is required; the server's refusal (the code
 * is a store's own, the store is gone or deactivated) shows at the top.
 * Mount it to open it.
 */
export function MapCodeDialog({ enterpriseId, code, stores, onMapped, onClose }: MapCodeDialogProps) {
  const map = useMapCode(enterpriseId)
  const [storeId, setStoreId] = useState('')
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problem = storeId === '' ? 'Choose a store' : null

  const submit = () => {
    setChecked(true)
    if (problem) return
    setRefusal(null)
    map.mutate(
      { enterpriseId, code: code.code, storeId: Number(storeId) },
      {
        onSuccess: (result) => {
          onMapped(result)
          onClose()
        },
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <AdminFormDialog open title={`Map ${code.code} to a store`} submitText="Map and load rows" busyText="Loading rows…" busy={map.isPending} onSubmit={submit} onClose={onClose}>
      <FormRefusal refusal={refusal} />
      <p className="panel__note">
        {code.rows === 1 ? '1 row waits' : `${code.rows} rows wait`} for this code. They load into the store chosen now, and later rows with the code do too.
      </p>
      <SelectField label="Store" value={storeId} error={checked ? problem : null} onChange={setStoreId}>
        <option value="">Choose a store</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.storeName} ({store.storeCode})
          </option>
        ))}
      </SelectField>
    </AdminFormDialog>
  )
}
