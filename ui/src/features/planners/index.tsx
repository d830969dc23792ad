import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../components/data-table/data-table'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import type { JobRun } from '../../components/job-runs/api/get-job-run'
import { RealtimeStatus } from '../../components/realtime-status/realtime-status'
import { ApiError, notifyApiError } from '../../lib/api-client'
import { EMPTY_LIST_TEXT, PAGE_SIZE_OPTIONS, PLANNER_AUDIT_PAGE_SIZE, PLANNER_PAGE_SIZE, PLANNER_PAGE_SIZE_OPTIONS } from '../../lib/config'
import { notify } from '../../lib/notices'
import { canSeeCompanyMasterList } from '../../lib/roles'
import { pagingSearch } from '../../lib/search-params'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { dayKey, formatDay } from '../../lib/date-time'
import { useCandidates } from './api/get-candidates'
import { usePlannerAudits } from './api/get-planner-audits'
import { plannerKeys } from './api/planner-keys'
import { useTransferPlanner } from './api/transfer-planner'
import { auditColumns, auditRowId } from './components/audit-columns'
import { candidateColumns, candidateRowId } from './components/candidate-columns'
import { ErrorAlertPanel } from './components/error-alert-panel'
import { PlannerFilters } from './components/planner-filters'
import { PlannerViewPicker } from './components/planner-view-picker'
import { TransferStatus, type PlannerTransfer } from './components/transfer-status'
import { NO_RECORDS_TEXT, transferOutcome } from './planner-format'
import {
  applyPlannerFilters,
  auditQuery,
  candidateQuery,
  errorAlertQuery,
  hasPlannerFilters,
  plannerFilters,
  plannerParams,
  plannerRequest,
  plannerWindow,
  resetPlannerSearch,
  selectMileage,
  selectPlannerView,
  type PlannerRequest,
} from './planner-search'
import { isPredictionView, plannerViewTitle } from './planner-views'

const route = getRouteApi('/_app/planners')

/** The server's text of a failed call. */
function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Server is not responding'
}

/** A 400 on a list or transfer call: the list is unavailable or invalid until Reset. */
function isInvalidListAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400
}

/** The planner, store and window of a request, for people. */
function describeRequest(request: PlannerRequest, storeLabel: string): string {
  const { from, to } = plannerWindow(request)
  const parts = [
    plannerViewTitle(request.view, request.mileage),
    storeLabel,
    `due ${formatDay(from)} to ${formatDay(to)}`,
    request.custNo ? `customer ${request.custNo}` : '',
    request.hardRun ? 'hard run' : '',
  ]
  return parts.filter(Boolean).join(' · ')
}

/**
 * /planners — the predictive planners (docs/planners.md): pick a planner,
 * narrow it (store, planner date and window, customer, hard run — all in the
 * URL), preview its candidates page by page, transfer them into leads as a
 * job run followed live, and see the planner's earlier transfers. The Toyota
 * error alert view instead lists the leads FEA alert files made (store,
 * customer, Lexus too or not).
 */
export function PlannersScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const today = dayKey(useNow(60_000))

  const request = plannerRequest(search, today)
  const query = candidateQuery(search, today)
  const audits = auditQuery(search)
  const filters = plannerFilters(search)
  // The error-alert view previews and transfers nothing: its leads exist already.
  const prediction = isPredictionView(request.view)
  const alerts = errorAlertQuery(search)

  const candidates = useCandidates(query, { enabled: enterprise !== null && prediction })
  const history = usePlannerAudits(audits, { enabled: enterprise !== null && prediction })
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.storeName])), [stores.data])
  const storeName = useCallback((id: number) => storeNames.get(id) ?? `Store #${id}`, [storeNames])
  const storeLabel = request.store === undefined ? 'all your stores' : storeName(request.store)

  // Spec: a 400 on a list or transfer call flags the list unavailable or invalid; Reset clears the flag.
  const [invalid, setInvalid] = useState<string | null>(null)
  const [seenError, setSeenError] = useState<unknown>(null)
  if (candidates.error !== seenError) {
    setSeenError(candidates.error)
    if (isInvalidListAnswer(candidates.error)) setInvalid(errorText(candidates.error))
  }

  const transferMutation = useTransferPlanner()
  const [confirming, setConfirming] = useState(false)
  const [transfer, setTransfer] = useState<PlannerTransfer | null>(null)
  const [transferError, setTransferError] = useState<string | null>(null)

  const startTransfer = () => {
    const view = request.view
    if (!isPredictionView(view)) return
    const description = describeRequest(request, request.store === undefined ? 'All stores' : storeLabel)
    setTransferError(null)
    transferMutation.mutate(
      { view: view.id, params: plannerParams(request) },
      {
        onSuccess: (started) => {
          setConfirming(false)
          setTransfer({ started: started.jobRun, description })
        },
        onError: (error) => {
          setConfirming(false)
          if (isInvalidListAnswer(error)) setInvalid(errorText(error))
          else if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setTransferError(error.message)
          else notifyApiError(error)
        },
      },
    )
  }

  const onTransferFinished = useCallback(
    (run: JobRun) => {
      void queryClient.invalidateQueries({ queryKey: plannerKeys.candidateLists() })
      void queryClient.invalidateQueries({ queryKey: plannerKeys.auditLists() })
      const outcome = run.status === 'succeeded' ? transferOutcome(run.result) : null
      if (outcome?.noRecords) notify({ type: 'warning', message: NO_RECORDS_TEXT })
      else if (outcome) notify({ message: `${outcome.message}: ${outcome.created} created, ${outcome.skipped} skipped` })
      else if (run.status === 'failed') notify({ type: 'danger', message: run.error || 'The transfer failed' })
    },
    [queryClient],
  )
  const dismissTransfer = useCallback(() => setTransfer(null), [])

  const reset = () => {
    setInvalid(null)
    setTransferError(null)
    void navigate({ search: (prev) => resetPlannerSearch(prev) })
  }

  const columns = useMemo(() => candidateColumns(), [])
  const historyColumns = useMemo(() => auditColumns(storeName), [storeName])

  if (!enterprise) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Planners</h1>
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

  const title = plannerViewTitle(request.view, request.mileage)
  const { from, to } = plannerWindow(request)
  const listError = candidates.error && !isInvalidListAnswer(candidates.error) ? errorText(candidates.error) : null
  const total = candidates.data?.totalElements
  const resetDisabled =
    !hasPlannerFilters(filters) && invalid === null && transferError === null && !search.page && !search.auditPage

  return (
    <section className="page page--planners">
      <header className="page__header">
        <h1>Planners</h1>
        <div className="page__actions">
          <RealtimeStatus />
        </div>
      </header>

      <section className="panel" aria-label="Planner and filters">
        <PlannerViewPicker value={request.view.id} onChange={(id) => void navigate({ search: (prev) => selectPlannerView(prev, id) })} />
        <div className="panel__header panel__header--toolbar planner-toolbar">
          <PlannerFilters
            enterpriseId={enterprise.id}
            value={filters}
            today={today}
            onChange={(next) => void navigate({ search: (prev) => applyPlannerFilters(prev, next) })}
            mileage={
              request.view.mileage
                ? { value: request.mileage, onChange: (mileage) => void navigate({ search: (prev) => selectMileage(prev, mileage) }) }
                : undefined
            }
            onReset={reset}
            resetDisabled={resetDisabled}
            variant={prediction ? 'prediction' : 'error-alert'}
          />
        </div>
      </section>

      {invalid !== null ? (
        <div className="warning-box" role="alert" data-testid="planner-invalid">
          <strong>The list is unavailable or invalid</strong>
          <span>{invalid}</span>
          <span>Change the filters and press Reset to start again.</span>
        </div>
      ) : null}

      {transferError !== null ? (
        <div className="danger-box" role="alert" data-testid="transfer-error">
          {transferError}
        </div>
      ) : null}

      {transfer ? (
        <TransferStatus key={transfer.started.id} transfer={transfer} onFinished={onTransferFinished} onDismiss={dismissTransfer} />
      ) : null}

      {prediction ? (
        <>
        <section className="panel" aria-labelledby="planner-candidates-title">
          <header className="panel__header planner-candidates__header">
            <div className="planner-candidates__title">
              <h2 id="planner-candidates-title">{title} candidates</h2>
              <span className="panel__meta" aria-live="polite">
                {total === undefined ? '\u00a0' : `${total} due ${formatDay(from)} – ${formatDay(to)}`}
              </span>
            </div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={invalid !== null || transferMutation.isPending}
              onClick={() => setConfirming(true)}
            >
              {transferMutation.isPending ? 'Starting…' : 'Transfer'}
            </button>
          </header>
          {listError !== null ? (
            <div className="danger-box planner-list-error" role="alert" data-testid="candidates-error">
              {listError}
            </div>
          ) : null}
          <DataTable
            label={`${title} candidates`}
            className="planner-table"
            columns={columns}
            data={candidates.data?.content}
            getRowId={candidateRowId}
            isLoading={candidates.isLoading}
            isFetching={candidates.isPlaceholderData}
            emptyText={candidates.error ? 'The list could not be loaded.' : EMPTY_LIST_TEXT}
            paging={{
              pageIndex: query.page,
              pageSize: query.size,
              rowCount: total ?? 0,
              pageSizeOptions: PLANNER_PAGE_SIZE_OPTIONS,
              onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, PLANNER_PAGE_SIZE) }) }),
            }}
          />
        </section>

        <section className="panel" aria-labelledby="planner-history-title">
          <header className="panel__header">
            <h2 id="planner-history-title">Transfer history</h2>
            <span className="panel__meta">{audits.plannerName}, newest first</span>
          </header>
          <DataTable
            label={`${audits.plannerName} transfers`}
            className="planner-table"
            columns={historyColumns}
            data={history.data?.content}
            getRowId={auditRowId}
            isLoading={history.isLoading}
            isFetching={history.isPlaceholderData}
            paging={{
              pageIndex: audits.page,
              pageSize: audits.size,
              rowCount: history.data?.totalElements ?? 0,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              onChange: (next) => {
                const paging = pagingSearch(next, PLANNER_AUDIT_PAGE_SIZE)
                void navigate({ search: (prev) => ({ ...prev, auditPage: paging.page, auditSize: paging.size }) })
              },
            }}
          />
        </section>

        </>
      ) : (
        <ErrorAlertPanel
          query={alerts}
          lexus={!!search.lexus}
          storeLabel={storeLabel}
          onPage={(next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, PLANNER_PAGE_SIZE) }) })}
        />
      )}

      <ConfirmDialog
        open={confirming}
        header="Transfer planner"
        message={
          `Transfer the ${title} planner's candidates into leads for ${storeLabel}, due ${formatDay(from)} to ${formatDay(to)} ` +
          `(planner date ${formatDay(request.date)}, ${request.minDays} to ${request.maxDays} days` +
          `${request.custNo ? `, customer ${request.custNo}` : ''})?` +
          (request.hardRun ? " Hard run: this planner's leads nobody has contacted yet are replaced." : '')
        }
        confirmText="Transfer"
        loading={transferMutation.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={startTransfer}
      />
    </section>
  )
}
