import { useMemo } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { SearchInput } from '../../../components/search-input/search-input'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { pagingSearch } from '../../../lib/search-params'
import { useVehicleSearch, type DealerVehicle } from '../api/search-vehicles'
import { VEHICLE_SEARCH_MIN_LENGTH, vehicleSearchQuery } from '../dealer-system-requests'
import { DEALER_SYSTEM_PAGE_SIZE, filterSearch } from '../dealer-system-search'
import { countText } from '../../../lib/record-format'
import { vehicleColumns } from './dealer-system-columns'
import type { DealerSystemTabProps } from './tab-props'

const vehicleRowId = (vehicle: DealerVehicle) => String(vehicle.W2kCustomerVehicleID)

const SEARCH_FIRST_TEXT = `Type at least ${VEHICLE_SEARCH_MIN_LENGTH} characters: a VIN or its last digits, a customer number, a name or a phone number.`

/**
 * The vehicle lookup: the store's customers' vehicles by VIN (or its last
 * digits), customer number, name or phone, each with the id the dealer system
 * knows it by. Nothing is asked of the server until the search is long enough.
 */
export function VehicleLookupTab({ store, search, onSearch }: DealerSystemTabProps) {
  const query = store ? vehicleSearchQuery(store, search) : undefined
  const vehicles = useVehicleSearch(query)
  const columns = useMemo(() => vehicleColumns(), [])
  const data = query ? vehicles.data : undefined

  return (
    <>
      <div className="panel__header panel__header--toolbar dms-toolbar">
        <div className="filters dms-filters" role="group" aria-label="Vehicle lookup">
          <label className="filters__field">
            <span>Search</span>
            <SearchInput
              label="Search vehicles"
              placeholder="VIN, last digits, customer #, name or phone"
              value={search.q ?? ''}
              onSearch={(q) => onSearch((prev) => filterSearch(prev, { q }))}
            />
          </label>
        </div>
        <span className="panel__meta dms-count" aria-live="polite">
          {countText(data?.totalElements, 'vehicle', 'vehicles') || '\u00a0'}
        </span>
      </div>
      <DataTable
        label="Vehicles"
        className="dms-table"
        columns={columns}
        data={data?.content}
        getRowId={vehicleRowId}
        isLoading={query !== undefined && vehicles.isPending}
        isFetching={query !== undefined && vehicles.isPlaceholderData}
        emptyText={
          store === undefined
            ? 'Loading the stores…'
            : query === undefined
              ? SEARCH_FIRST_TEXT
              : vehicles.isError
                ? 'The vehicles could not be looked up.'
                : 'No vehicle of this store matches the search.'
        }
        paging={
          query
            ? {
                pageIndex: query.page,
                pageSize: query.size,
                rowCount: data?.totalElements ?? 0,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                onChange: (next) => onSearch((prev) => ({ ...prev, ...pagingSearch(next, DEALER_SYSTEM_PAGE_SIZE) })),
              }
            : undefined
        }
      />
    </>
  )
}
