import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { useSession } from '../../../lib/session'
import type { DealerStore } from '../dealer-system-requests'
import { shownTab, storeSearch, tabElementId, type DealerSystemSearch } from '../dealer-system-search'
import { DealerSystemTabs } from './dealer-system-tabs'
import { ClosedRepairOrdersTab, OpenRepairOrdersTab } from './repair-orders-tab'
import { SalesTab } from './sales-tab'
import type { DealerSystemTabProps } from './tab-props'
import { VehicleLookupTab } from './vehicle-lookup-tab'

const route = getRouteApi('/_app/dealer-system')

const PANEL_ID = 'dealer-system-panel'

/**
 * /dealer-system — what the dealer system (DMS) has sent for one store of the
 * user's (spec D-S4): its sales, its closed and its open repair orders (a row
 * shows the order's lines), and a vehicle lookup that gives each vehicle's
 * dealer-system id. Store, tab, the tab's filters and the page live in the
 * URL; every list pages on the server, and the server's refusals show as its
 * notices.
 */
export function DealerSystemScreen() {
  const user = useSession()
  const enterpriseId = user?.enterprise?.id
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== undefined })

  if (enterpriseId === undefined) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Dealer system</h1>
        </header>
        <p className="panel panel__note">The dealer system's records belong to the stores of an enterprise; this account is not in one.</p>
      </section>
    )
  }

  const storeList = stores.data ?? []
  const shown = storeList.find((s) => s.id === search.store) ?? storeList[0]
  const store: DealerStore | undefined = shown ? { bocId: shown.bocMaster.id, storeId: shown.id } : undefined
  const tab = shownTab(search)
  const noStore = stores.isSuccess && storeList.length === 0

  const onSearch = (update: (prev: DealerSystemSearch) => DealerSystemSearch) => void navigate({ search: update })
  const tabProps: DealerSystemTabProps = { store, search, onSearch }

  return (
    <section className="page page--dealer-system">
      <header className="page__header dms-header">
        <h1>Dealer system</h1>
        <div className="page__actions">
          <label className="filters__field dms-store">
            <span>Store</span>
            <select
              value={shown?.id ?? ''}
              disabled={stores.isPending || noStore}
              onChange={(event) => void navigate({ search: (prev) => storeSearch(prev, Number(event.target.value)) })}
            >
              {stores.isPending ? <option value="">Loading…</option> : null}
              {storeList.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.storeName}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>

      {noStore || stores.isError ? (
        <p className="panel panel__note">{stores.isError ? 'The stores could not be loaded.' : 'There is no store of yours to show.'}</p>
      ) : (
        <section className="panel dms-panel" aria-label="Dealer system records">
          <DealerSystemTabs current={tab} panelId={PANEL_ID} />
          <div id={PANEL_ID} role="tabpanel" className="dms-panel__body" aria-labelledby={tabElementId(tab)}>
            {tab === 'sales' ? <SalesTab key={tab} {...tabProps} /> : null}
            {tab === 'closed' ? <ClosedRepairOrdersTab key={tab} {...tabProps} /> : null}
            {tab === 'open' ? <OpenRepairOrdersTab key={tab} {...tabProps} /> : null}
            {tab === 'vehicles' ? <VehicleLookupTab key={tab} {...tabProps} /> : null}
          </div>
        </section>
      )}
    </section>
  )
}
