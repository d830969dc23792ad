import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { CompanyMasterListScreen } from '../../features/company-master-list'
import { enterprisesQueryOptions } from '../../components/enterprises/api/get-enterprises'
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { canSeeCompanyMasterList } from '../../lib/roles'
import { nonNegativeInt, pageSize, positiveInt, text } from '../../lib/search-params'
import { appRoute } from '../app'

export interface CompanyMasterListSearch {
  /** Zero-based page. */
  page?: number
  size?: number
  search?: string
  /** Highlighted enterprise, whose stores are shown. */
  enterprise?: number
}

export const companyMasterListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'CompanyMasterList',
  validateSearch: (raw: Record<string, unknown>): CompanyMasterListSearch => ({
    page: nonNegativeInt(raw.page),
    size: pageSize(raw.size),
    search: text(raw.search),
    enterprise: positiveInt(raw.enterprise),
  }),
  beforeLoad: ({ context: { user } }) => {
    if (!canSeeCompanyMasterList(user)) throw redirect({ to: '/leadmanager', replace: true })
  },
  loaderDeps: ({ search }) => ({
    page: search.page ?? 0,
    size: search.size ?? DEFAULT_PAGE_SIZE,
    search: search.search ?? '',
    enterprise: search.enterprise,
  }),
  loader: ({ context: { queryClient }, deps: { enterprise, ...query } }) => {
    // Start the fetches; the screen keeps the previous page visible meanwhile.
    void queryClient.ensureQueryData(enterprisesQueryOptions(query)).catch(noop)
    if (enterprise !== undefined) void queryClient.ensureQueryData(enterpriseStoresQueryOptions(enterprise)).catch(noop)
  },
  component: CompanyMasterListScreen,
})
