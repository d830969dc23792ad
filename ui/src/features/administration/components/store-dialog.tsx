import { useId, useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { hasProblems, storeProblems, type DayDraft, type StoreDraft } from '../admin-validation'
import type { AdminStore, Boc } from '../api/admin-types'
import { useBrands } from '../api/get-brands'
import { useTimeZones } from '../api/get-time-zones'
import { useSaveStore } from '../api/save-store'
import { storeBody, storeDraftOf } from '../store-form'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { OpeningHoursEditor } from './opening-hours-editor'
import { SelectField } from './select-field'
import { TextField } from './text-field'

export interface StoreDialogProps {
  enterpriseId: number
  /** The enterprise's dealers (a new store goes under an active one). */
  dealers: readonly Boc[]
  /** The store changed; absent for a new one. */
  store?: AdminStore
  onClose: () => void
}

/**
 * A new store or a change to one: dealer, code, name, brand, phone number,
 * time zone, the hours automated texts may go out, the answer to HELP and the
 * opening hours of each weekday. Checked here first (required fields, codes,
 * HH:MM, opening before closing); the server's problems show at the top.
 * Mount it to open it.
 */
export function StoreDialog({ enterpriseId, dealers, store, onClose }: StoreDialogProps) {
  const helpId = useId()
  const save = useSaveStore()
  const brands = useBrands()
  const zones = useTimeZones()
  const [draft, setDraft] = useState<StoreDraft>(() => storeDraftOf(store, dealers))
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = storeProblems(draft)
  const shown = checked ? problems : {}

  const set = (patch: Partial<StoreDraft>) => setDraft((prev) => ({ ...prev, ...patch }))
  const setDay = (weekday: number, patch: Partial<DayDraft>) =>
    setDraft((prev) => ({ ...prev, week: prev.week.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)) }))

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    save.mutate(
      { enterpriseId, storeId: store?.id, body: storeBody(draft) },
      {
        onSuccess: () => {
          notify({ message: store ? UPDATED_NOTICE_TEXT : 'Successfully Created' })
          onClose()
        },
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  const dealerOptions = dealers.filter((d) => d.isActive || d.id === draft.bocId)
  const zoneList = zones.data ?? []
  const dayProblems = Object.fromEntries(draft.week.map((d) => [d.weekday, shown[`day${d.weekday}`]]))

  return (
    <AdminFormDialog
      open
      className="form-dialog--wide"
      title={store ? `Edit store ${store.storeCode}` : 'New store'}
      submitText={store ? 'Save' : 'Create store'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormRefusal refusal={refusal} />
      <div className="form-grid">
        <SelectField
          label="Dealer"
          value={draft.bocId === undefined ? '' : String(draft.bocId)}
          error={shown.bocId}
          onChange={(value) => set({ bocId: value === '' ? undefined : Number(value) })}
        >
          {draft.bocId === undefined ? <option value="">Choose a dealer</option> : null}
          {dealerOptions.map((d) => (
            <option key={d.id} value={d.id}>
              {d.bocName} ({d.bocCode}){d.isActive ? '' : ' — deactivated'}
            </option>
          ))}
        </SelectField>
        <SelectField label="Brand" value={draft.brand} disabled={brands.isPending} onChange={(brand) => set({ brand })}>
          <option value="">No brand</option>
          {draft.brand !== '' && !brands.data?.some((b) => b.code === draft.brand) ? <option value={draft.brand}>{draft.brand}</option> : null}
          {(brands.data ?? []).map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Store code"
          value={draft.storeCode}
          maxLength={60}
          hint="Letters, digits, '-', '_' and '.'; unique in the enterprise."
          error={shown.storeCode}
          onChange={(storeCode) => set({ storeCode })}
        />
        <TextField label="Store name" value={draft.storeName} maxLength={120} error={shown.storeName} onChange={(storeName) => set({ storeName })} />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          value={draft.phoneNumber}
          maxLength={30}
          placeholder="(555)-010-2000"
          hint="The number customers text; optional."
          error={shown.phoneNumber}
          onChange={(phoneNumber) => set({ phoneNumber })}
        />
        <SelectField
          label="Time zone"
          value={draft.timeZone}
          disabled={zones.isPending}
          error={shown.timeZone}
          hint="The store's clock: opening hours, allowed hours and appointments follow it."
          onChange={(timeZone) => set({ timeZone })}
        >
          {!zoneList.some((z) => z.name === draft.timeZone) ? <option value={draft.timeZone}>{draft.timeZone || 'Choose a time zone'}</option> : null}
          {zoneList.map((z) => (
            <option key={z.name} value={z.name}>
              {`${z.name} (${z.offset})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Texts allowed from"
          value={draft.quietHoursStart}
          placeholder="HH:MM"
          maxLength={5}
          inputMode="numeric"
          hint="Automated texts go out only between these times (store's clock)."
          error={shown.quietHoursStart}
          onChange={(quietHoursStart) => set({ quietHoursStart })}
        />
        <TextField
          label="Texts allowed until"
          value={draft.quietHoursEnd}
          placeholder="HH:MM"
          maxLength={5}
          inputMode="numeric"
          hint="A time before the start runs across midnight."
          error={shown.quietHoursEnd}
          onChange={(quietHoursEnd) => set({ quietHoursEnd })}
        />
      </div>
      <OpeningHoursEditor week={draft.week} problems={dayProblems} onChange={setDay} />
      <div className="field">
        <label htmlFor={helpId} className="field__label">
          Answer to HELP
        </label>
        <textarea
          id={helpId}
          className="admin-textarea"
          rows={2}
          value={draft.helpText}
          maxLength={400}
          aria-invalid={shown.helpText ? true : undefined}
          aria-describedby={`${helpId}-help`}
          onChange={(event) => set({ helpText: event.target.value })}
        />
        <span id={`${helpId}-help`} className={shown.helpText ? 'field__error' : 'field__hint'}>
          {shown.helpText ?? 'What a customer who texts HELP is told; empty for the standard answer.'}
        </span>
      </div>
    </AdminFormDialog>
  )
}
