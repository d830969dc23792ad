import { useMemo } from 'react'
import { DateRangeFields } from '../../../components/date-range/date-range-fields'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { MultiSelect } from '../../../components/multi-select/multi-select'
import { SearchInput } from '../../../components/search-input/search-input'
import { useTemplateCatalogue } from '../../../components/template-catalogue/api/get-template-catalogue'
import { serviceTypeChoices, serviceTypeLabel } from '../../../lib/service-types'
import { hasLeadFilters, type LeadFilterValues } from '../lead-search'
import type { LeadView } from '../lead-views'

export interface LeadFiltersProps {
  enterpriseId: number
  view: LeadView
  /** The filters in the URL. */
  value: LeadFilterValues
  onChange: (next: LeadFilterValues) => void
}

/**
 * Store and service type (any number each), the view's date range, text
 * search, unread only and AI on or off. Every change goes to the URL at once
 * (the search box after typing pauses).
 */
export function LeadFilters({ enterpriseId, view, value, onChange }: LeadFiltersProps) {
  const stores = useEnterpriseStores(enterpriseId)
  const storeOptions = useMemo(() => (stores.data ?? []).map((s) => ({ value: s.id, label: s.storeName })), [stores.data])
  // The server's service types (none while they load), and any in the URL it does not list, so it can be unticked.
  const catalogue = useTemplateCatalogue()
  const serviceOptions = useMemo(
    () => serviceTypeChoices(catalogue.data?.serviceTypes, value.serviceType).map((code) => ({ value: code, label: serviceTypeLabel(code) })),
    [catalogue.data, value.serviceType],
  )
  const set = (patch: Partial<LeadFilterValues>) => onChange({ ...value, ...patch })
  const omitted = new Set<string>(view.omit ?? [])

  return (
    <div className="filters lead-filters" role="group" aria-label="Filters">
      <label className="filters__field lead-filters__search">
        <span>Search</span>
        <SearchInput
          label="Search leads"
          placeholder="Name, phone or VIN"
          value={value.search ?? ''}
          onSearch={(search) => set({ search: search || undefined })}
        />
      </label>
      <MultiSelect
        label="Store"
        allText="All stores"
        options={storeOptions}
        value={value.store ?? []}
        disabled={stores.isPending}
        onChange={(store) => set({ store: store.length > 0 ? store : undefined })}
      />
      <MultiSelect
        label="Service"
        allText="All services"
        options={serviceOptions}
        value={omitted.has('serviceTypes') ? [] : (value.serviceType ?? [])}
        disabled={omitted.has('serviceTypes')}
        onChange={(serviceType) => set({ serviceType: serviceType.length > 0 ? serviceType : undefined })}
      />
      <DateRangeFields
        value={{ from: value.from, to: value.to }}
        hint={`Days of the ${view.dateMeaning}`}
        onChange={(range) => set(range)}
      />
      <label className="filters__field">
        <span>AI</span>
        <select
          value={value.ai === undefined ? '' : value.ai ? 'on' : 'off'}
          onChange={(event) => set({ ai: event.target.value === '' ? undefined : event.target.value === 'on' })}
        >
          <option value="">On or off</option>
          <option value="on">AI on</option>
          <option value="off">AI off</option>
        </select>
      </label>
      <label className="filters__check">
        <input type="checkbox" checked={!!value.unread} onChange={(event) => set({ unread: event.target.checked || undefined })} />
        Unread only
      </label>
      <button type="button" className="btn filters__clear" disabled={!hasLeadFilters(value)} onClick={() => onChange({})}>
        Clear filters
      </button>
    </div>
  )
}
