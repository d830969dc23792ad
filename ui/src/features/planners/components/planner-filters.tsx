import { useState } from 'react'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { SearchInput } from '../../../components/search-input/search-input'
import { DEFAULT_MAX_DAYS, DEFAULT_MIN_DAYS, type PlannerFilterValues } from '../planner-search'
import { mileageLabel, PLANNER_MILEAGES } from '../planner-views'
import { DateInput } from '../../../components/date-input/date-input'

export interface PlannerFiltersProps {
  enterpriseId: number
  /** The filters in the URL. */
  value: PlannerFilterValues
  /** Today (YYYY-MM-DD): the planner date when none is picked. */
  today: string
  onChange: (next: PlannerFilterValues) => void
  /** The milestone select, shown for "Any mileage" only. */
  mileage?: { value: number; onChange: (mileage: number) => void }
  /** Clears the filters (and the "list invalid" flag). */
  onReset: () => void
  resetDisabled: boolean
  /**
   * `error-alert`: the error-alert list's filters — store, the days the alerts
   * arrived, customer and the Lexus toggle; the planner date, window and hard
   * run belong to predictions.
   */
  variant?: 'prediction' | 'error-alert'
}

/**
 * Store, planner date, the window in days around it, customer number and
 * hard run (for the error-alert list: store, alert days, customer number and Lexus).
 * Selects, the date and the checkboxes go to the URL at once; the day counts
 * on Enter or leaving the field, the customer number after typing pauses.
 */
export function PlannerFilters({
  enterpriseId,
  value,
  today,
  onChange,
  mileage,
  onReset,
  resetDisabled,
  variant = 'prediction',
}: PlannerFiltersProps) {
  const prediction = variant === 'prediction'
  const stores = useEnterpriseStores(enterpriseId)
  const set = (patch: Partial<PlannerFilterValues>) => onChange({ ...value, ...patch })
  const storeKnown = value.store === undefined || (stores.data ?? []).some((store) => store.id === value.store)

  return (
    <div className="filters planner-filters" role="group" aria-label="Planner filters">
      {mileage ? (
        <label className="filters__field">
          <span>Mileage</span>
          <select value={mileage.value} onChange={(event) => mileage.onChange(Number(event.target.value))}>
            {PLANNER_MILEAGES.map((m) => (
              <option key={m} value={m}>
                {mileageLabel(m)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="filters__field">
        <span>Store</span>
        <select
          className="planner-filters__store"
          value={value.store ?? ''}
          disabled={stores.isPending}
          onChange={(event) => set({ store: event.target.value === '' ? undefined : Number(event.target.value) })}
        >
          <option value="">All stores</option>
          {(stores.data ?? []).map((store) => (
            <option key={store.id} value={store.id}>
              {store.storeName}
            </option>
          ))}
          {storeKnown ? null : <option value={value.store}>Store #{value.store}</option>}
        </select>
      </label>
      {prediction ? (
        <>
          <label className="filters__field">
            <span>Planner date</span>
            <DateInput name="planner date" value={value.date ?? today} onChange={(date) => set({ date: date || undefined })} />
          </label>
          <DayCountField
            label="Min days"
            hint="Days after the planner date the window starts; negative takes overdue vehicles"
            value={value.minDays ?? DEFAULT_MIN_DAYS}
            onCommit={(minDays) => set({ minDays })}
          />
          <DayCountField
            label="Max days"
            hint="Days after the planner date the window ends (included)"
            value={value.maxDays ?? DEFAULT_MAX_DAYS}
            onCommit={(maxDays) => set({ maxDays })}
          />
        </>
      ) : (
        <>
          <label className="filters__field">
            <span>Alerts from</span>
            <DateInput name="alerts from" value={value.alertsFrom ?? ''} onChange={(day) => set({ alertsFrom: day || undefined })} />
          </label>
          <label className="filters__field">
            <span>Alerts to</span>
            <DateInput name="alerts to" value={value.alertsTo ?? ''} onChange={(day) => set({ alertsTo: day || undefined })} />
          </label>
        </>
      )}
      <label className="filters__field planner-filters__customer">
        <span>Customer no.</span>
        <SearchInput
          label="Customer number"
          placeholder="Optional"
          value={value.custNo ?? ''}
          onSearch={(custNo) => set({ custNo: custNo || undefined })}
        />
      </label>
      {prediction ? (
        <label className="filters__check" title="Replace this planner's leads nobody has contacted yet with fresh ones">
          <input type="checkbox" checked={!!value.hardRun} onChange={(event) => set({ hardRun: event.target.checked || undefined })} />
          Hard run
        </label>
      ) : (
        <label className="filters__check" title="Lexus vehicles' alerts make Lexus error-alert leads">
          <input type="checkbox" checked={!!value.lexus} onChange={(event) => set({ lexus: event.target.checked || undefined })} />
          Include Lexus
        </label>
      )}
      <button type="button" className="btn filters__clear" disabled={resetDisabled} onClick={onReset}>
        Reset
      </button>
    </div>
  )
}

interface DayCountFieldProps {
  label: string
  hint: string
  /** The count in the URL (or its default). */
  value: number
  onCommit: (value: number) => void
}

/** A whole number of days, applied on Enter or when the field is left; anything else goes back to the URL's. */
function DayCountField({ label, hint, value, onCommit }: DayCountFieldProps) {
  const [text, setText] = useState(String(value))
  const [shown, setShown] = useState(value)

  // The URL changed from outside (reset, back button): show its value.
  if (value !== shown) {
    setShown(value)
    setText(String(value))
  }

  const commit = () => {
    const n = text.trim() === '' ? NaN : Number(text)
    if (Number.isSafeInteger(n)) {
      if (n !== value) onCommit(n)
    } else {
      setText(String(value))
    }
  }

  return (
    <label className="filters__field planner-filters__days" title={hint}>
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        step={1}
        value={text}
        aria-description={hint}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
    </label>
  )
}
