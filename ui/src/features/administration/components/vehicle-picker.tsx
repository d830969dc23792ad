import { useId, useState } from 'react'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useVehicleLookup, type LookedUpVehicle } from '../api/find-vehicles'
import { foundVehicleLabel, vehicleLookupQuery, VEHICLE_SEARCH_MIN_LENGTH, type RecordStore } from '../vehicle-records'

/** Matches shown at once; more narrow the search. */
const MATCHES_SHOWN = 10
const TYPING_PAUSE_MS = 300

export interface VehiclePickerProps {
  enterpriseId: number
  store: RecordStore
  /** The vehicle picked, if any. */
  value: LookedUpVehicle | undefined
  onChange: (vehicle: LookedUpVehicle) => void
  /** Why the form needs a vehicle, shown under the field. */
  error?: string
}

/**
 * The vehicle a record is for, found with the store's vehicle lookup: typed (the
 * VIN's end, a customer number or name), then picked from the matches. The one
 * picked stays offered while another search runs.
 */
export function VehiclePicker({ enterpriseId, store, value, onChange, error }: VehiclePickerProps) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const query = vehicleLookupQuery(store, useDebouncedValue(typed, TYPING_PAUSE_MS), MATCHES_SHOWN)
  const lookup = useVehicleLookup(enterpriseId, query)
  const found = query && !lookup.isPlaceholderData ? (lookup.data?.content ?? []) : []
  const matches = value && !found.some((v) => v.W2kCustomerVehicleID === value.W2kCustomerVehicleID) ? [value, ...found] : found
  const total = lookup.data?.totalElements ?? 0

  let status: string
  if (typed.trim().length < VEHICLE_SEARCH_MIN_LENGTH) status = `Type at least ${VEHICLE_SEARCH_MIN_LENGTH} characters.`
  else if (!query || lookup.isFetching) status = 'Looking…'
  else if (lookup.isError) status = 'The lookup failed; try again.'
  else if (total === 0) status = `No vehicle of this store matches “${query.text}”.`
  else if (total > found.length) status = `${total} matches; the first ${found.length} are shown. Type more to narrow them.`
  else status = total === 1 ? '1 match.' : `${total} matches.`

  return (
    <div className="vehicle-picker">
      <div className="field">
        <label htmlFor={id} className="field__label">
          Find the vehicle
        </label>
        <input
          id={id}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          placeholder="VIN's last characters, customer number or name"
          aria-describedby={`${id}-help`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter looks up; it does not send the form.
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
        <span id={`${id}-help`} className={error ? 'field__error' : 'field__hint'}>
          {error ?? 'The end of the VIN (6 characters find one vehicle), the customer number, or the name.'}
        </span>
      </div>
      <p className="vehicle-picker__status" role="status">
        {status}
      </p>
      {matches.length > 0 ? (
        <fieldset className="vehicle-picker__matches">
          <legend className="field__label">Matches</legend>
          {matches.map((vehicle) => (
            <label key={vehicle.W2kCustomerVehicleID} className="vehicle-picker__match">
              <input
                type="radio"
                name={`${id}-vehicle`}
                value={vehicle.W2kCustomerVehicleID}
                checked={value?.W2kCustomerVehicleID === vehicle.W2kCustomerVehicleID}
                onChange={() => onChange(vehicle)}
              />
              <span>{foundVehicleLabel(vehicle)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
