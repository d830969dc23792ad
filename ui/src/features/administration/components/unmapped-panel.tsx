import { useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { notify } from '../../../lib/notices'
import type { CodeMapping, UnmappedCode } from '../api/admin-types'
import { useAdminStores } from '../api/get-admin-stores'
import { useUnmapped } from '../api/get-unmapped'
import { useDiscardCode, useRemoveCodeMapping } from '../api/unmapped-actions'
import { discardQuestion, mappedText } from '../unmapped-text'
import { MapCodeDialog } from './map-code-dialog'
import { codeMappingRowId, mappingColumns, unmappedCodeRowId, waitingColumns } from './unmapped-columns'

/**
 * The Unmapped codes section: the dealer-system store codes rows wait for
 * (map one to a store, or drop its rows) and the mappings saved (remove one).
 */
export function UnmappedPanel({ enterpriseId }: { enterpriseId: number }) {
  const unmapped = useUnmapped(enterpriseId)
  const stores = useAdminStores(enterpriseId)
  const discard = useDiscardCode(enterpriseId)
  const unmap = useRemoveCodeMapping(enterpriseId)
  const [mapping, setMapping] = useState<UnmappedCode | null>(null)
  const [discarding, setDiscarding] = useState<UnmappedCode | null>(null)
  const [removing, setRemoving] = useState<CodeMapping | null>(null)
  const [mapped, setMapped] = useState<string | null>(null)
  const waiting = useMemo(() => waitingColumns({ onMap: setMapping, onDiscard: setDiscarding }), [])
  const mappings = useMemo(() => mappingColumns({ onRemove: setRemoving }), [])
  const activeStores = useMemo(
    () => (stores.data ?? []).filter((s) => s.isActive).sort((a, b) => a.storeName.localeCompare(b.storeName)),
    [stores.data],
  )

  return (
    <section className="panel" aria-labelledby="admin-unmapped">
      <header className="panel__header">
        <h2 id="admin-unmapped">Unmapped codes</h2>
      </header>
      <p className="panel__note">
        Rows from imports and the dealer system whose store code names no store wait here. Map a code to a store to load its rows there now and from then on.
      </p>
      {mapped ? (
        <p className="success-box" role="status" data-testid="code-mapped">
          {mapped}
        </p>
      ) : null}

      <section aria-labelledby="admin-unmapped-waiting">
        <h3 id="admin-unmapped-waiting">Waiting</h3>
        <DataTable
          label="Waiting"
          className="admin-table"
          columns={waiting}
          data={unmapped.data?.codes}
          getRowId={unmappedCodeRowId}
          isLoading={unmapped.isPending}
          isFetching={unmapped.isFetching}
          skeletonRows={3}
          emptyText="No rows are waiting for a store code."
        />
      </section>

      <section aria-labelledby="admin-unmapped-mappings">
        <h3 id="admin-unmapped-mappings">Mappings</h3>
        <DataTable
          label="Mappings"
          className="admin-table"
          columns={mappings}
          data={unmapped.data?.mappings}
          getRowId={codeMappingRowId}
          isLoading={unmapped.isPending}
          isFetching={unmapped.isFetching}
          skeletonRows={3}
          emptyText="No store codes are mapped."
        />
      </section>

      {mapping ? (
        <MapCodeDialog
          enterpriseId={enterpriseId}
          code={mapping}
          stores={activeStores}
          onMapped={(result) => setMapped(mappedText(result))}
          onClose={() => setMapping(null)}
        />
      ) : null}
      <ConfirmDialog
        open={discarding !== null}
        header="Discard the waiting rows"
        message={discarding ? discardQuestion(discarding.code, discarding.rows) : ''}
        confirmText="Discard rows"
        loading={discard.isPending}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (!discarding) return
          discard.mutate(
            { enterpriseId, code: discarding.code },
            {
              onSuccess: (result) => notify({ message: `Dropped ${result.discarded === 1 ? '1 row' : `${result.discarded} rows`} of ${result.code}.` }),
              onSettled: () => setDiscarding(null),
            },
          )
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        header="Remove the mapping"
        message={removing ? `Remove the mapping of ${removing.code} to ${removing.storeName}? Later rows with the code wait here again.` : ''}
        confirmText="Remove mapping"
        loading={unmap.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return
          unmap.mutate({ enterpriseId, code: removing.code }, { onSuccess: (result) => notify({ message: result.message }), onSettled: () => setRemoving(null) })
        }}
      />
    </section>
  )
}
