import { useMemo } from 'react'
import { DateRangeFields } from '../../../components/date-range/date-range-fields'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { MultiSelect } from '../../../components/multi-select/multi-select'
import { SearchInput } from '../../../components/search-input/search-input'
import { useTemplateCatalogue } from '../../../components/template-catalogue/api/get-template-catalogue'
import { serviceTypeChoices, serviceTypeLabel } from '../../../lib/service-types'
import { hasBulkFilters, type BulkFilterValues, type BulkList } from '../bulk-search'

export interface BulkFiltersProps {
  enterpriseId: number
  list: BulkList
  /** The filters in the URL. */
  value: BulkFilterValues
  onChange: (next: BulkFilterValues) => void
}

/**
 * Stores (those the user sees) and service types, any number each; the list's
 * date range; a text search. Every change goes to the URL at once (the search
 * after typing pauses).
 */
export function BulkFilters({ enterpriseId, list, value, onChange }: BulkFiltersProps) {
  const stores = useEnterpriseStores(enterpriseId)
  const storeOptions = useMemo(() => {
    const known = (stores.data ?? []).map((s) => ({ value: s.id, label: s.storeName }))
    // A store in the URL the list does not know still shows (by number), so it can be unticked.
    const unknown = (value.store ?? []).filter((id) => !known.some((s) => s.value === id)).map((id) => ({ value: id, label: `Store #${id}` }))
    return stores.isPending ? known : [...known, ...unknown]
  }, [stores.data, stores.isPending, value.store])
  // The server's service types (none while they load), and any in the URL it does not list, so it can be unticked.
  const catalogue = useTemplateCatalogue()
  const serviceOptions = useMemo(
    () => serviceTypeChoices(catalogue.data?.serviceTypes, value.serviceType).map((code) => ({ value: code, label: serviceTypeLabel(code) })),
    [catalogue.data, value.serviceType],
  )
  const set = (patch: Partial<BulkFilterValues>) => onChange({ ...value, ...patch })

  return (
    <div className="filters bulk-filters" role="group" aria-label="Filters">
      <MultiSelect
        label="Stores"
        allText="All your stores"
        options={storeOptions}
        value={value.store ?? []}
        disabled={stores.isPending}
        onChange={(store) => set({ store: store.length > 0 ? store : undefined })}
      />
      <MultiSelect
        label="Service types"
        allText="All service types"
        options={serviceOptions}
        value={value.serviceType ?? []}
        onChange={(serviceType) => set({ serviceType: serviceType.length > 0 ? serviceType : undefined })}
      />
      <DateRangeFields value={{ from: value.from, to: value.to }} hint={`Days of the ${list.dateMeaning}`} onChange={(range) => set(range)} />
      <label className="filters__field bulk-filters__search">
        <span>Search</span>
        <SearchInput
          label="Search customers"
          placeholder="Name, phone, VIN or customer no."
          value={value.search ?? ''}
          onSearch={(search) => set({ search: search || undefined })}
        />
      </label>
      <button type="button" className="btn filters__clear" disabled={!hasBulkFilters(value)} onClick={() => onChange({})}>
        Clear filters
      </button>
    </div>
  )
}
