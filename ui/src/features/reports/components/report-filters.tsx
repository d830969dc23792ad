import { useId, useMemo } from 'react'
import { DateRangeFields } from '../../../components/date-range/date-range-fields'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { MultiSelect } from '../../../components/multi-select/multi-select'
import { useTemplateCatalogue } from '../../../components/template-catalogue/api/get-template-catalogue'
import { serviceTypeChoices, serviceTypeLabel } from '../../../lib/service-types'
import {
  applyReportFilters,
  clearReportDays,
  CUSTOMER_TYPES,
  hasCustomerType,
  matchingMonthWindow,
  MONTH_WINDOWS,
  oneCustomerType,
  reportWindow,
  selectMonthWindow,
  setReportDays,
  type ReportSearch,
} from '../report-search'

export interface ReportFiltersProps {
  kind: string
  /** The user's enterprise, whose stores the store filter offers (none: no store filter). */
  enterpriseId: number | undefined
  search: ReportSearch
  /** The browser's day, YYYY-MM-DD: the windows are counted from it. */
  today: string
  onChange: (next: ReportSearch) => void
}

/**
 * The report filter (E-E3): stores and service types (any number each; none
 * means all), the month windows (E-R1) and the days themselves (the last 7 days
 * unless set, E-R2), and for the monthly and daily tables the customer type.
 * Every change goes to the URL at once.
 */
export function ReportFilters({ kind, enterpriseId, search, today, onChange }: ReportFiltersProps) {
  const stores = useEnterpriseStores(enterpriseId ?? 0)
  const storesKnown = enterpriseId !== undefined
  const storeOptions = useMemo(() => {
    const known = (storesKnown ? (stores.data ?? []) : []).map((s) => ({ value: s.id, label: s.storeName }))
    // A store in the URL the list does not know still shows (by number), so it can be unticked.
    const unknown = (search.store ?? []).filter((id) => !known.some((s) => s.value === id)).map((id) => ({ value: id, label: `Store #${id}` }))
    return storesKnown && stores.isPending ? known : [...known, ...unknown]
  }, [stores.data, stores.isPending, storesKnown, search.store])
  // The server's service types (none while they load), and any in the URL it does not list, so it can be unticked.
  const catalogue = useTemplateCatalogue()
  const serviceOptions = useMemo(
    () => serviceTypeChoices(catalogue.data?.serviceTypes, search.serviceType).map((code) => ({ value: code, label: serviceTypeLabel(code) })),
    [catalogue.data, search.serviceType],
  )
  const windowLabelId = useId()
  const days = reportWindow(search, today)
  const chosenWindow = search.window ?? matchingMonthWindow(days, today)
  const filtered = !!(search.store || search.serviceType || search.from || search.to || search.window || search.customerType)

  return (
    <div className="filters report-filters" role="group" aria-label="Filters">
      <MultiSelect
        label="Stores"
        allText="All your stores"
        options={storeOptions}
        value={search.store ?? []}
        disabled={storesKnown && stores.isPending}
        onChange={(store) => onChange(applyReportFilters(search, { store }))}
      />
      <MultiSelect
        label="Service types"
        allText="All service types"
        options={serviceOptions}
        value={search.serviceType ?? []}
        onChange={(serviceType) => onChange(applyReportFilters(search, { serviceType }))}
      />
      <div className="filters__field report-filters__windows">
        <span id={windowLabelId}>Month</span>
        <div className="segmented" role="group" aria-labelledby={windowLabelId}>
          {MONTH_WINDOWS.map((w) => (
            <button
              key={w.id}
              type="button"
              className={`segmented__item${chosenWindow === w.id ? ' is-selected' : ''}`}
              aria-pressed={chosenWindow === w.id}
              onClick={() => onChange(selectMonthWindow(search, w.id))}
            >
              {w.label}
            </button>
          ))}
        </div>
      </div>
      <DateRangeFields
        value={days}
        hint="Days the report covers (the last 7 days unless chosen)"
        onChange={(range) => onChange(range.from || range.to ? setReportDays(search, range, today) : clearReportDays(search))}
      />
      {hasCustomerType(kind) ? (
        <label className="filters__field">
          <span>Customer type</span>
          <select
            value={search.customerType ?? ''}
            onChange={(event) => onChange(applyReportFilters(search, { customerType: oneCustomerType(event.target.value) }))}
          >
            <option value="">All</option>
            {CUSTOMER_TYPES.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button
        type="button"
        className="btn filters__clear"
        disabled={!filtered}
        onClick={() => onChange(applyReportFilters(search, { store: undefined, serviceType: undefined, from: undefined, to: undefined, window: undefined, customerType: undefined }))}
      >
        Clear filters
      </button>
    </div>
  )
}
