import { Switch } from '../../../components/switch/switch'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { divisionLabel } from '../admin-validation'
import type { AdminStore, Assistant } from '../api/admin-types'
import { storeLabel } from '../assistant-text'

const column = createDataTableColumnHelper<Assistant>()

export interface AssistantColumnsOptions {
  stores: readonly AdminStore[]
  /** The assistant whose switch is being saved. */
  pendingId: number | undefined
  onSwitch: (assistant: Assistant, change: Pick<Assistant, 'isActive'> | Pick<Assistant, 'initializerProcessEnabled'>) => void
  onEdit: (assistant: Assistant) => void
}

export function assistantColumns({ stores, pendingId, onSwitch, onEdit }: AssistantColumnsOptions) {
  const nameOf = (a: Assistant) => `${a.agentFirstName} ${a.agentLastName}`
  return column.columns([
    column.accessor((a) => storeLabel(stores, a.storeIdPk), { id: 'store', header: 'Store' }),
    column.accessor((a) => divisionLabel(a.divisionId), { id: 'division', header: 'Division', meta: { width: '8rem' } }),
    column.accessor(nameOf, { id: 'name', header: 'Assistant' }),
    column.accessor((a) => a.agentPhoneNumber ?? '', { id: 'phone', header: 'Phone', meta: { width: '10rem' } }),
    column.accessor((a) => a.email ?? '', { id: 'email', header: 'E-mail' }),
    column.display({
      id: 'active',
      header: 'Replies',
      meta: { width: '6rem' },
      cell: (info) => (
        <Switch
          checked={info.row.original.isActive}
          label={`Replies for ${storeLabel(stores, info.row.original.storeIdPk)}`}
          pending={pendingId === info.row.original.id}
          onChange={(next) => onSwitch(info.row.original, { isActive: next })}
        />
      ),
    }),
    column.display({
      id: 'starts',
      header: 'Starts conversations',
      meta: { width: '9rem' },
      cell: (info) => (
        <Switch
          checked={info.row.original.initializerProcessEnabled}
          label={`Starts conversations for ${storeLabel(stores, info.row.original.storeIdPk)}`}
          pending={pendingId === info.row.original.id}
          onChange={(next) => onSwitch(info.row.original, { initializerProcessEnabled: next })}
        />
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '6rem' },
      cell: (info) => (
        <button type="button" className="btn btn--small" aria-label={`Edit ${nameOf(info.row.original)}`} onClick={() => onEdit(info.row.original)}>
          Edit
        </button>
      ),
    }),
  ])
}

export function assistantRowId(assistant: Assistant): string {
  return String(assistant.id)
}
