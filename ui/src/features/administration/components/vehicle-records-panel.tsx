import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'
import { notify } from '../../../lib/notices'
import { moveRovingFocus } from '../../../lib/roving-focus'
import type { VehicleRecordsView } from '../admin-search'
import { useDeleteVehicleRecord } from '../api/delete-vehicle-record'
import { useVehicleRecords, type VehicleRecord } from '../api/get-vehicle-records'
import { RECORD_KINDS, recordKindLabel, recordStoreOf, type RecordKind } from '../vehicle-records'
import { SelectField } from './select-field'
import { VehicleRecordDialog } from './vehicle-record-dialog'
import { vehicleRecordColumns, vehicleRecordName, vehicleRecordRowId } from './vehicle-record-columns'

export interface VehicleRecordsPanelProps {
  enterpriseId: number
  /** May add and delete records (the session's manager flag; the server decides each call). */
  mayManage: boolean
  /** The store in the address, if any: the enterprise's first store otherwise. */
  storeId: number | undefined
  /** Kind, page and size, as the address holds them. */
  view: VehicleRecordsView
  onChange: (next: { store?: number; kind?: RecordKind; page?: number; size?: number }) => void
}

/**
 * The Vehicle records section (decision 0020): what staff tell the planners that
 * the dealer system cannot — services done at another shop and odometer readings —
 * for one store at a time, a paged list of each kind. Managers add a record for a
 * vehicle found with the lookup, and delete one after a confirmation.
 */
export function VehicleRecordsPanel({ enterpriseId, mayManage, storeId, view, onChange }: VehicleRecordsPanelProps) {
  const panelId = useId()
  const tabsRef = useRef<HTMLDivElement>(null)
  const stores = useEnterpriseStores(enterpriseId)
  const list = stores.data
  const store = recordStoreOf(list, storeId)
  const timeZone = storeTimeZone(store)
  const records = useVehicleRecords(enterpriseId, store ? { kind: view.kind, storeId: store.id, page: view.page, size: view.size } : undefined)
  const remove = useDeleteVehicleRecord()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<VehicleRecord | null>(null)

  const columns = useMemo(
    () => vehicleRecordColumns({ kind: view.kind, timeZone, onDelete: mayManage ? setDeleting : undefined }),
    [view.kind, timeZone, mayManage],
  )

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    moveRovingFocus(event, Array.from(tabsRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
  }

  return (
    <section className="panel" aria-labelledby="admin-vehicle-records">
      <header className="panel__header panel__header--toolbar">
        <h2 id="admin-vehicle-records">Vehicle records</h2>
        <div className="page__actions">
          {list && list.length > 0 ? (
            <SelectField label="Store" className="vehicle-records__store" value={store ? String(store.id) : ''} onChange={(value) => onChange({ store: Number(value) })}>
              {list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.storeName}
                </option>
              ))}
            </SelectField>
          ) : null}
          {mayManage && store ? (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
              Add record
            </button>
          ) : null}
        </div>
      </header>
      <p className="panel__note">
        What the dealer system cannot know: a service done at another shop, or an odometer reading a customer sent. The planners count them
        with the repair orders; deleting one takes it back at their next run.
      </p>
      {stores.isPending ? <p className="panel__note">Loading stores…</p> : null}
      {stores.isSuccess && !store ? (
        <p className="panel__note" data-testid="vehicle-records-no-store">
          The enterprise has no store yet, so there are no vehicles to record anything for.
        </p>
      ) : null}
      {store ? (
        <>
          <div ref={tabsRef} className="panel-tabs" role="tablist" aria-label="Kinds of record" onKeyDown={onTabKey}>
            {RECORD_KINDS.map((kind) => {
              const selected = kind.id === view.kind
              return (
                <button
                  key={kind.id}
                  type="button"
                  id={`${panelId}-${kind.id}`}
                  role="tab"
                  aria-selected={selected}
                  aria-controls={selected ? panelId : undefined}
                  tabIndex={selected ? 0 : -1}
                  className={`panel-tabs__tab${selected ? ' is-selected' : ''}`}
                  onClick={() => {
                    if (!selected) onChange({ kind: kind.id })
                  }}
                >
                  {kind.label}
                </button>
              )
            })}
          </div>
          <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${view.kind}`}>
            <DataTable
              label={recordKindLabel(view.kind)}
              className="admin-table vehicle-records__table"
              columns={columns}
              data={records.data?.content}
              getRowId={vehicleRecordRowId}
              isLoading={records.isPending}
              isFetching={records.isFetching}
              emptyText={view.kind === 'service' ? 'No service done elsewhere is recorded for this store.' : 'No odometer reading is recorded for this store.'}
              paging={{
                pageIndex: view.page,
                pageSize: view.size,
                rowCount: records.data?.totalElements ?? 0,
                onChange: (next) => onChange({ page: next.pageIndex, size: next.pageSize }),
              }}
            />
          </div>
        </>
      ) : null}
      {adding && store ? (
        <VehicleRecordDialog
          enterpriseId={enterpriseId}
          store={store}
          timeZone={timeZone}
          kind={view.kind}
          onClose={() => setAdding(false)}
          onAdded={(kind) => {
            setAdding(false)
            // The newest record is first: show the first page of its kind.
            onChange({ kind })
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        header="Delete the record"
        message={deleting ? `Delete ${vehicleRecordName(view.kind, deleting)}? The planners no longer count it from their next run.` : ''}
        confirmText="Delete"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(
            { enterpriseId, kind: view.kind, id: deleting.id },
            {
              onSuccess: () => {
                notify({ message: 'Record deleted', type: 'success' })
                setDeleting(null)
              },
              onError: () => setDeleting(null),
            },
          )
        }}
      />
    </section>
  )
}
