import { useId, useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { hasProblems, isHexColor, leadFormProblems, MAX_BRAND_CHARS, MAX_CONSENT_CHARS, MAX_NAME_CHARS, type LeadFormDraft } from '../admin-validation'
import type { LeadForm } from '../api/admin-types'
import { useAdminStores } from '../api/get-admin-stores'
import { useSaveLeadForm } from '../api/save-lead-form'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { SelectField } from './select-field'
import { TextField } from './text-field'

export interface LeadFormDialogProps {
  enterpriseId: number
  form: LeadForm
  onClose: () => void
}

function draftOf(form: LeadForm): LeadFormDraft {
  return {
    storeId: form.storeId,
    brand: form.brand,
    title: form.title,
    consentText: form.consentText,
    accentColor: form.accentColor,
    isActive: form.isActive,
  }
}

/**
 * A change to a brand lead form: the store whose number texts the customer,
 * the brand, title and consent text the page shows, its accent colour and
 * whether it is on. Checked here first; the server's refusal shows at the top.
 * Mount it to open it.
 */
export function LeadFormDialog({ enterpriseId, form, onClose }: LeadFormDialogProps) {
  const save = useSaveLeadForm()
  const stores = useAdminStores(enterpriseId)
  const consentId = useId()
  const [draft, setDraft] = useState(() => draftOf(form))
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = leadFormProblems(draft)
  const shown = checked ? problems : {}
  const set = (patch: Partial<LeadFormDraft>) => setDraft((prev) => ({ ...prev, ...patch }))

  // The enterprise's active stores, and the form's own store even when it has been deactivated (the server says so).
  const choices = (stores.data ?? []).filter((store) => store.isActive || store.id === draft.storeId)
  const knownStore = choices.some((store) => store.id === draft.storeId)
  const consentChars = [...draft.consentText].length

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems) || draft.storeId === undefined) return
    setRefusal(null)
    const body = {
      storeId: draft.storeId,
      brand: draft.brand.trim(),
      title: draft.title.trim(),
      consentText: draft.consentText.trim(),
      accentColor: draft.accentColor.trim(),
      isActive: draft.isActive,
    }
    save.mutate(
      { slug: form.slug, body },
      {
        onSuccess: () => {
          notify({ message: UPDATED_NOTICE_TEXT })
          onClose()
        },
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <AdminFormDialog open title={`Edit lead form ${form.slug}`} submitText="Save" busy={save.isPending} onSubmit={submit} onClose={onClose}>
      <FormRefusal refusal={refusal} />
      <SelectField
        label="Store"
        value={draft.storeId === undefined ? '' : String(draft.storeId)}
        disabled={stores.isPending}
        hint="The store's number is the one the customer is texted from."
        error={shown.storeId}
        onChange={(value) => set({ storeId: value === '' ? undefined : Number(value) })}
      >
        <option value="">Choose a store</option>
        {draft.storeId !== undefined && !knownStore ? <option value={draft.storeId}>{form.storeName}</option> : null}
        {choices.map((store) => (
          <option key={store.id} value={store.id}>
            {store.storeName} ({store.storeCode}){store.isActive ? '' : ' — deactivated'}
          </option>
        ))}
      </SelectField>
      <TextField label="Brand" value={draft.brand} maxLength={MAX_BRAND_CHARS} error={shown.brand} onChange={(brand) => set({ brand })} />
      <TextField label="Title" value={draft.title} maxLength={MAX_NAME_CHARS} error={shown.title} onChange={(title) => set({ title })} />
      <div className="field">
        <label htmlFor={consentId} className="field__label">
          Consent text
        </label>
        <textarea
          id={consentId}
          className="admin-textarea"
          rows={5}
          value={draft.consentText}
          maxLength={MAX_CONSENT_CHARS}
          aria-invalid={shown.consentText ? true : undefined}
          aria-describedby={`${consentId}-help ${consentId}-count`}
          onChange={(event) => set({ consentText: event.target.value })}
        />
        <span id={`${consentId}-help`} className={shown.consentText ? 'field__error' : 'field__hint'}>
          {shown.consentText ?? 'Shown word for word beside the submit button and kept with every submission.'}
        </span>
        <span id={`${consentId}-count`} className="field__hint" data-testid="consent-count">
          {consentChars} / {MAX_CONSENT_CHARS} characters
        </span>
      </div>
      <div className="admin-color-row">
        <TextField
          label="Accent colour"
          value={draft.accentColor}
          maxLength={7}
          placeholder="#EB0A1E"
          hint="#RRGGBB"
          error={shown.accentColor}
          onChange={(accentColor) => set({ accentColor })}
        />
        <input
          type="color"
          className="admin-color"
          aria-label="Pick the accent colour"
          value={isHexColor(draft.accentColor) ? draft.accentColor.trim().toLowerCase() : '#000000'}
          onChange={(event) => set({ accentColor: event.target.value.toUpperCase() })}
        />
      </div>
      <label className="filters__check">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Active (a form that is off answers "not available")
      </label>
    </AdminFormDialog>
  )
}
