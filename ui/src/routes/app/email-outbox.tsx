import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { OutboxScreen } from '../../features/email-outbox'
import { outboxQueryOptions } from '../../features/email-outbox/api/get-outbox'
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { nonNegativeInt, pageSize, pagingSearch } from '../../lib/search-params'
import { appRoute } from '../app'

export interface OutboxSearch {
  /** Zero-based page. */
  page?: number
  size?: number
}

/** `/email-outbox` — every signed-in user; the server keeps to the stores in their scope. */
export const emailOutboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'email-outbox',
  validateSearch: (raw: Record<string, unknown>): OutboxSearch => ({ page: nonNegativeInt(raw.page), size: pageSize(raw.size) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 0, size: search.size ?? DEFAULT_PAGE_SIZE }),
  loader: ({ context: { queryClient }, deps }) => void queryClient.ensureQueryData(outboxQueryOptions(deps)).catch(noop),
  component: function EmailOutboxPage() {
    const search = emailOutboxRoute.useSearch()
    const navigate = emailOutboxRoute.useNavigate()
    return (
      <OutboxScreen
        page={search.page ?? 0}
        size={search.size ?? DEFAULT_PAGE_SIZE}
        onPage={(next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, DEFAULT_PAGE_SIZE) }) })}
      />
    )
  },
})
