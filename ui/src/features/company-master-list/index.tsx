import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '../../components/data-table/data-table'
import { EnterpriseStoresTable } from '../../components/enterprise-stores/enterprise-stores-table'
import { SearchInput } from '../../components/search-input/search-input'
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { accessOf } from '../../lib/roles'
import { pagingSearch } from '../../lib/search-params'
import { useSession } from '../../lib/session'
import { useEnterprises } from '../../components/enterprises/api/get-enterprises'
import { enterpriseColumns, enterpriseRowId } from './components/enterprise-columns'

const route = getRouteApi('/_app/CompanyMasterList')

/** /CompanyMasterList — enterprises paged on the server; the selected one's stores below. */
export function CompanyMasterListScreen() {
  const params = route.useSearch()
  const navigate = route.useNavigate()
  const user = useSession()
  const page = params.page ?? 0
  const size = params.size ?? DEFAULT_PAGE_SIZE
  const search = params.search ?? ''
  const selectedId = params.enterprise

  const enterprises = useEnterprises({ page, size, search })
  const selected = enterprises.data?.content.find((e) => e.id === selectedId)

  return (
    <section className="page">
      <header className="page__header">
        <h1>Company master list</h1>
        <div className="page__actions">
          <SearchInput
            label="Search enterprises"
            placeholder="Search enterprises"
            value={search}
            onSearch={(next) =>
              void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })
            }
          />
          {/* Enterprises are created in the Administration area, by the platform's admins. */}
          {accessOf(user).platform ? (
            <Link to="/admin" search={{ newEnterprise: true }} className="btn btn--primary">
              New enterprise
            </Link>
          ) : null}
        </div>
      </header>

      <section className="panel" aria-label="Enterprises">
        <DataTable
          label="Enterprises"
          columns={enterpriseColumns}
          data={enterprises.data?.content}
          getRowId={enterpriseRowId}
          isLoading={enterprises.isPending}
          isFetching={enterprises.isFetching}
          selectedRowId={selectedId === undefined ? undefined : String(selectedId)}
          onRowClick={(enterprise) => void navigate({ search: (prev) => ({ ...prev, enterprise: enterprise.id }) })}
          paging={{
            pageIndex: page,
            pageSize: size,
            rowCount: enterprises.data?.totalElements ?? 0,
            onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, DEFAULT_PAGE_SIZE) }) }),
          }}
        />
      </section>

      <section className="panel" aria-labelledby="enterprise-stores">
        <header className="panel__header">
          <h2 id="enterprise-stores">
            {selectedId === undefined ? 'Stores' : `Stores of ${selected?.name ?? `enterprise ${selectedId}`}`}
          </h2>
        </header>
        {selectedId === undefined ? (
          <p className="panel__note">Select an enterprise to see its stores.</p>
        ) : (
          <EnterpriseStoresTable key={selectedId} enterpriseId={selectedId} />
        )}
      </section>
    </section>
  )
}
