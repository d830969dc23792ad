import { useId, useState } from 'react'
import { DateInput } from '../../../components/date-input/date-input'
import { dayKey } from '../../../lib/date-time'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { useCreateVehicleRecord } from '../api/create-vehicle-record'
import type { LookedUpVehicle } from '../api/find-vehicles'
import { recordRequest, type DraftGaps, type RecordKind, type RecordStore } from '../vehicle-records'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'
import { VehiclePicker } from './vehicle-picker'

const RECORD_ADDED_TEXT = 'Record added'

const KIND_CHOICES: readonly { id: RecordKind; label: string; hint: string }[] = [
  { id: 'service', label: 'Service done elsewhere', hint: 'The planners count it as a visit of that day.' },
  { id: 'mileage', label: 'Odometer reading', hint: 'The planners project the mileage from it.' },
]

export interface VehicleRecordDialogProps {
  enterpriseId: number
  store: RecordStore
  /** The store's time zone: "today" is its day. */
  timeZone: string | undefined
  /** The kind offered first (the list shown). */
  kind: RecordKind
  onClose: () => void
  /** Saved: the list of its kind shows it. */
  onAdded: (kind: RecordKind) => void
}

/**
 * A new service done elsewhere or odometer reading (managers): the vehicle found
 * with the lookup, the day (today unless changed), the mileage and what was
 * done or a note. The server checks it and lists every problem at the top.
 * Mount it to open it.
 */
export function VehicleRecordDialog({ enterpriseId, store, timeZone, kind: firstKind, onClose, onAdded }: VehicleRecordDialogProps) {
  const id = useId()
  const create = useCreateVehicleRecord()
  const [kind, setKind] = useState<RecordKind>(firstKind)
  const [vehicle, setVehicle] = useState<LookedUpVehicle | undefined>(undefined)
  const [day, setDay] = useState(() => dayKey(Date.now(), timeZone))
  const [mileage, setMileage] = useState('')
  const [text, setText] = useState('')
  const [gaps, setGaps] = useState<DraftGaps>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const service = kind === 'service'

  const submit = () => {
    const formed = recordRequest({ kind, vehicleId: vehicle?.W2kCustomerVehicleID, day, mileage, text })
    setGaps(formed.gaps ?? {})
    if (!formed.request) return
    setRefusal(null)
    create.mutate(
      { enterpriseId, request: formed.request },
      {
        onSuccess: () => {
          notify({ message: RECORD_ADDED_TEXT, type: 'success' })
          onAdded(kind)
        },
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <AdminFormDialog
      open
      className="form-dialog--wide"
      title="Add a vehicle record"
      submitText="Save record"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormRefusal refusal={refusal} />
      <fieldset className="vehicle-record-kind">
        <legend className="field__label">Record</legend>
        {KIND_CHOICES.map((choice) => (
          <label key={choice.id} className="filters__check" title={choice.hint}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={choice.id}
              checked={kind === choice.id}
              onChange={() => {
                setKind(choice.id)
                setGaps({})
              }}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <VehiclePicker enterpriseId={enterpriseId} store={store} value={vehicle} onChange={setVehicle} error={gaps.vehicle} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-day`} className="field__label">
            {service ? 'Service day' : 'Reading day'}
          </label>
          <DateInput id={`${id}-day`} name={service ? 'service day' : 'reading day'} value={day} onChange={setDay} />
          {gaps.day ? <span className="field__error">{gaps.day}</span> : null}
        </div>
        <TextField
          label="Mileage"
          value={mileage}
          inputMode="numeric"
          hint={service ? 'Optional: the odometer at the service.' : 'The odometer as read, in miles.'}
          error={gaps.mileage}
          onChange={setMileage}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`} className="field__label">
          {service ? 'What was done' : 'Note'}
        </label>
        <textarea
          id={`${id}-text`}
          className="admin-textarea"
          rows={3}
          value={text}
          aria-describedby={`${id}-text-help`}
          onChange={(event) => setText(event.target.value)}
        />
        <span id={`${id}-text-help`} className="field__hint">
          {service ? 'For example “Oil change and tire rotation at another shop”.' : 'Optional: where the reading came from.'}
        </span>
      </div>
    </AdminFormDialog>
  )
}
