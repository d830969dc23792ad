import { useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { ACTIVE_TEXT, STARTS_TEXT, storeLabel } from '../assistant-text'
import { assistantProblems, DIVISIONS, divisionLabel, hasProblems, SERVICE_DIVISION } from '../admin-validation'
import type { AdminStore, Assistant } from '../api/admin-types'
import { useCreateAssistant } from '../api/create-assistant'
import { useSaveAssistant } from '../api/save-assistant'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { SelectField } from './select-field'
import { TextField } from './text-field'

export interface AssistantDialogProps {
  enterpriseId: number
  /** The stores an assistant may be given to (and named by). */
  stores: readonly AdminStore[]
  /** The assistant changed; absent for a new one. */
  assistant?: Assistant
  onClose: () => void
}

/**
 * A new assistant for a store (one per division, Service by default) or a
 * change to one (its store and division stay). Checked here first; the
 * server's refusal (every problem of a 400, the 409 of a second assistant)
 * shows at the top. Mount it to open it.
 */
export function AssistantDialog({ enterpriseId, stores, assistant, onClose }: AssistantDialogProps) {
  const create = useCreateAssistant()
  const save = useSaveAssistant()
  const [storeId, setStoreId] = useState<number | undefined>(assistant?.storeIdPk ?? stores[0]?.id)
  const [divisionId, setDivisionId] = useState(assistant?.divisionId ?? SERVICE_DIVISION)
  const [firstName, setFirstName] = useState(assistant?.agentFirstName ?? '')
  const [lastName, setLastName] = useState(assistant?.agentLastName ?? '')
  const [phone, setPhone] = useState(assistant?.agentPhoneNumber ?? '')
  const [email, setEmail] = useState(assistant?.email ?? '')
  const [active, setActive] = useState(assistant?.isActive ?? true)
  const [starts, setStarts] = useState(assistant?.initializerProcessEnabled ?? true)
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = assistantProblems({ storeId, divisionId, firstName, lastName, phone, email })
  const busy = create.isPending || save.isPending

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems) || storeId === undefined) return
    setRefusal(null)
    const body = {
      storeId,
      divisionId,
      agentFirstName: firstName.trim(),
      agentLastName: lastName.trim(),
      agentPhoneNumber: phone.trim() || undefined,
      email: email.trim() || undefined,
      isActive: active,
      initializerProcessEnabled: starts,
    }
    const handlers = {
      onSuccess: () => {
        notify({ message: assistant ? UPDATED_NOTICE_TEXT : 'Successfully Created' })
        onClose()
      },
      onError: (error: Error) => {
        showRefusal(error, setRefusal)
      },
    }
    if (assistant) save.mutate({ enterpriseId, assistantId: assistant.id, body }, handlers)
    else create.mutate({ enterpriseId, body }, handlers)
  }

  return (
    <AdminFormDialog
      open
      title={assistant ? `Edit assistant of ${storeLabel(stores, assistant.storeIdPk)}` : 'New assistant'}
      submitText={assistant ? 'Save' : 'Create assistant'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormRefusal refusal={refusal} />
      {assistant ? (
        <p className="field__hint">
          {storeLabel(stores, assistant.storeIdPk)}, {divisionLabel(assistant.divisionId)}: an assistant keeps its store and division.
        </p>
      ) : (
        <>
          <SelectField
            label="Store"
            value={storeId === undefined ? '' : String(storeId)}
            error={checked ? problems.storeId : null}
            onChange={(value) => setStoreId(value === '' ? undefined : Number(value))}
          >
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {storeLabel(stores, store.id)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Division" value={divisionId} hint="One assistant per store and division." onChange={setDivisionId}>
            {DIVISIONS.map((d) => (
              <option key={d.code} value={d.code}>
                {d.label === d.code ? d.code : `${d.label} (${d.code})`}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <TextField label="First name" value={firstName} maxLength={120} error={checked ? problems.firstName : null} onChange={setFirstName} />
      <TextField label="Last name" value={lastName} maxLength={120} error={checked ? problems.lastName : null} onChange={setLastName} />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        value={phone}
        maxLength={20}
        hint="Optional; 10 digits, or 11 starting with 1."
        error={checked ? problems.phone : null}
        onChange={setPhone}
      />
      <TextField label="E-mail" type="email" inputMode="email" value={email} maxLength={200} hint="Optional." error={checked ? problems.email : null} onChange={setEmail} />
      <label className="filters__check">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {ACTIVE_TEXT}
      </label>
      <label className="filters__check">
        <input type="checkbox" checked={starts} onChange={(event) => setStarts(event.target.checked)} />
        {STARTS_TEXT}
      </label>
    </AdminFormDialog>
  )
}

