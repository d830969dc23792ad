import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { ACTIVE_TEXT, STARTS_TEXT } from '../assistant-text'
import type { Assistant } from '../api/admin-types'
import { useAdminStores } from '../api/get-admin-stores'
import { useAssistants } from '../api/get-assistants'
import { useSaveAssistant } from '../api/save-assistant'
import { assistantColumns, assistantRowId } from './assistant-columns'
import { AssistantDialog } from './assistant-dialog'

/**
 * The Assistants section: every store's assistants in the enterprise, their
 * two switches (automated replies, conversation starts), a new one, and
 * changes to one. Stores without an assistant are named.
 */
export function AssistantsPanel({ enterpriseId }: { enterpriseId: number }) {
  const stores = useAdminStores(enterpriseId)
  const assistants = useAssistants(enterpriseId)
  const save = useSaveAssistant()
  const { mutate } = save
  // undefined: closed; null: a new assistant.
  const [editing, setEditing] = useState<Assistant | null | undefined>(undefined)
  const storeList = useMemo(() => stores.data ?? [], [stores.data])
  const pendingId = save.isPending ? save.variables?.assistantId : undefined

  const columns = useMemo(
    () =>
      assistantColumns({
        stores: storeList,
        pendingId,
        onEdit: setEditing,
        onSwitch: (a, change) =>
          mutate(
            {
              enterpriseId,
              assistantId: a.id,
              body: {
                divisionId: a.divisionId,
                agentFirstName: a.agentFirstName,
                agentLastName: a.agentLastName,
                agentPhoneNumber: a.agentPhoneNumber,
                email: a.email,
                isActive: a.isActive,
                initializerProcessEnabled: a.initializerProcessEnabled,
                ...change,
              },
            },
            { onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }), onError: notifyApiError },
          ),
      }),
    [storeList, pendingId, enterpriseId, mutate],
  )
  const served = new Set((assistants.data ?? []).map((a) => a.storeIdPk))
  const without = storeList.filter((s) => s.isActive && !served.has(s.id))

  return (
    <section className="panel" aria-labelledby="admin-assistants">
      <header className="panel__header">
        <h2 id="admin-assistants">Assistants</h2>
        <button type="button" className="btn btn--primary" disabled={storeList.length === 0} onClick={() => setEditing(null)}>
          New assistant
        </button>
      </header>
      <p className="panel__note">{ACTIVE_TEXT}</p>
      <p className="panel__note">{STARTS_TEXT}</p>
      {!stores.isPending && storeList.length === 0 ? (
        <p className="panel__note" data-testid="assistants-no-store">
          The enterprise has no store yet: create one under Stores first.
        </p>
      ) : null}
      {without.length > 0 ? (
        <p className="panel__note" data-testid="stores-without-assistant">
          Without an assistant: {without.map((s) => s.storeName).join(', ')}.
        </p>
      ) : null}
      <DataTable
        label="Assistants"
        columns={columns}
        data={assistants.data}
        getRowId={assistantRowId}
        isLoading={assistants.isPending}
        isFetching={assistants.isFetching}
        skeletonRows={3}
      />
      {editing !== undefined ? (
        <AssistantDialog enterpriseId={enterpriseId} stores={storeList} assistant={editing ?? undefined} onClose={() => setEditing(undefined)} />
      ) : null}
    </section>
  )
}
