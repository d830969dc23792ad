import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../components/data-table/data-table'
import { RealtimeStatus } from '../../components/realtime-status/realtime-status'
import { notifyApiError } from '../../lib/api-client'
import { openChat, useChatDock } from '../../lib/chat-dock'
import { LEAD_LIST_FALLBACK_POLL_MS, LEAD_PAGE_SIZE, LEAD_PAGE_SIZE_OPTIONS } from '../../lib/config'
import { useStreamDown } from '../../lib/realtime'
import { canSeeCompanyMasterList } from '../../lib/roles'
import { pagingSearch } from '../../lib/search-params'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { useLeads } from './api/get-leads'
import { useLiveLeads } from './api/live-leads'
import { forceStartWarning, useStartConversation } from './api/start-conversation'
import { leadColumns, leadRowId } from './components/lead-columns'
import { LeadFilters } from './components/lead-filters'
import { LeadViewTabs } from './components/lead-view-tabs'
import { applyFilters, leadFilters, leadListQuery, shownSort, type LeadSortKey } from './lead-search'
import { leadView, leadViewTabId } from './lead-views'

const route = getRouteApi('/_app/leadmanager')

interface StartWarning {
  leadId: number
  /** The server's text. */
  text: string
}

/**
 * /leadmanager — the lead lists (Lead Manager, GI, GI 0, Contact later, Follow
 * up and more) as one server-paged, server-sorted table. View, filters, page
 * and sort live in the URL; rows open the lead's conversation in a chat box.
 */
export function LeadManagerScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const view = leadView(search.view)
  const query = leadListQuery(search)
  const sort = shownSort(search, view)
  const ids = useId()
  const panelId = `${ids}-panel`

  const poll = useStreamDown() ? LEAD_LIST_FALLBACK_POLL_MS : false
  const leads = useLeads(query, { enabled: enterprise !== null, refetchInterval: poll })
  useLiveLeads(query, leads.data)
  const dock = useChatDock()
  const now = useNow(60_000)

  // Deep link (spec section 2): ?future_service_interaction_id=N opens that conversation, then leaves the URL.
  const deepLink = search.future_service_interaction_id
  useEffect(() => {
    if (deepLink === undefined) return
    openChat(deepLink)
    void navigate({ search: (prev) => ({ ...prev, future_service_interaction_id: undefined }), replace: true })
  }, [deepLink, navigate])

  const start = useStartConversation()
  const { mutate: startMutate } = start
  const [warning, setWarning] = useState<StartWarning | null>(null)
  // A start the server wants confirmed (the customer was contacted already) asks first.
  const startConversation = useCallback(
    (leadId: number, force: boolean) =>
      startMutate(
        { leadId, force },
        {
          onSuccess: () => setWarning(null),
          onError: (error) => {
            const text = forceStartWarning(error)
            if (text !== null && !force) {
              setWarning({ leadId, text })
              return
            }
            setWarning(null)
            // The hook leaves the warning answers to us; refused even when forced, it is an error like any other.
            if (text !== null) notifyApiError(error)
          },
        },
      ),
    [startMutate],
  )
  const startingId = start.isPending ? start.variables.leadId : undefined
  const columns = useMemo(
    () =>
      leadColumns({ now, startingId, tracked: view.tracked ?? false, onOpen: (lead) => openChat(lead.id), onStart: (lead) => startConversation(lead.id, false) }),
    [now, startingId, startConversation, view.tracked],
  )

  if (!enterprise) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Lead manager</h1>
        </header>
        <p className="panel panel__note">
          Your account is not tied to an enterprise.{' '}
          {canSeeCompanyMasterList(user) ? (
            <>
              Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link>.
            </>
          ) : (
            'Ask an administrator to assign you to an enterprise.'
          )}
        </p>
      </section>
    )
  }

  return (
    <section className="page">
      <header className="page__header">
        <h1>Lead manager</h1>
        <div className="page__actions">
          <RealtimeStatus />
        </div>
      </header>

      <section className="panel" aria-label="Leads">
        <LeadViewTabs current={view} panelId={panelId} tabIdPrefix={`${ids}-tab`} />
        <div className="panel__header panel__header--toolbar">
          <LeadFilters
            enterpriseId={enterprise.id}
            view={view}
            value={leadFilters(search)}
            onChange={(next) => void navigate({ search: (prev) => applyFilters(prev, next) })}
          />
        </div>
        <div id={panelId} role="tabpanel" aria-labelledby={leadViewTabId(`${ids}-tab`, view)}>
          <DataTable
            label={`${view.label} leads`}
            className="lead-table"
            columns={columns}
            data={leads.data?.content}
            getRowId={leadRowId}
            isLoading={leads.isLoading}
            isFetching={leads.isPlaceholderData}
            selectedRowId={dock.focusedId === null ? undefined : String(dock.focusedId)}
            onRowClick={(lead) => openChat(lead.id)}
            sorting={{
              id: sort?.id,
              desc: sort?.desc ?? false,
              onChange: (next) =>
                void navigate({
                  search: (prev) => ({
                    ...prev,
                    sortBy: next.id as LeadSortKey,
                    sortDirection: next.desc ? 'DESC' : 'ASC',
                    page: undefined,
                  }),
                }),
            }}
            paging={{
              pageIndex: query.page,
              pageSize: query.size,
              rowCount: leads.data?.totalElements ?? 0,
              pageSizeOptions: LEAD_PAGE_SIZE_OPTIONS,
              onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, LEAD_PAGE_SIZE) }) }),
            }}
          />
        </div>
      </section>

      <ConfirmDialog
        open={warning !== null}
        header="Start conversation"
        message={warning?.text ?? ''}
        confirmText="Start anyway"
        loading={start.isPending}
        onCancel={() => setWarning(null)}
        onConfirm={() => {
          if (warning) startConversation(warning.leadId, true)
        }}
      />
    </section>
  )
}
