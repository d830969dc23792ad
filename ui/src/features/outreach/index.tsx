import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import type { JobRun } from '../../components/job-runs/api/get-job-run'
import { RealtimeStatus } from '../../components/realtime-status/realtime-status'
import { useTemplateCatalogue } from '../../components/template-catalogue/api/get-template-catalogue'
import { ApiError, firstErrorText, notifyApiError } from '../../lib/api-client'
import { notify } from '../../lib/notices'
import { canManage, canSeeCompanyMasterList } from '../../lib/roles'
import { pagingSearch } from '../../lib/search-params'
import { useSession } from '../../lib/session'
import { useBulkDryRun, useStartBulkRun, type DryRun } from './api/initiate-bulk'
import { bulkRunResult, customersText } from './bulk-format'
import {
  applyBulkFilters,
  BULK_REPORT_PAGE_SIZE,
  bulkInitiateBody,
  bulkList,
  bulkSelection,
  canStartRun,
  dismissRun,
  previewStatus,
  selectAllTypesTemplate,
  selectBulkList,
  selectionKey,
  selectTypeTemplate,
  setNotTexted,
  showRun,
  templateOverrides,
  templateServiceTypes,
  textedCount,
  type BulkFilterValues,
  type HeldPreview,
} from './bulk-search'
import { BulkFilters } from './components/bulk-filters'
import { BulkRunPanel } from './components/bulk-run-panel'
import { DryRunPreview } from './components/dry-run-preview'
import { ListPicker } from './components/list-picker'
import { TemplatePicker } from './components/template-picker'
import { formatCount } from '../../lib/format-number'

const route = getRouteApi('/_app/bulk-initiation')

/** The answers the screen explains in place (the server's message); anything else raises the usual notice. */
const EXPLAINED_STATUSES = [400, 403, 404, 409, 413]

/** A failed call's message for the page, or null when the usual notice shows it. */
function explainedError(error: unknown): string | null {
  return error instanceof ApiError && EXPLAINED_STATUSES.includes(error.status) ? firstErrorText(error) : null
}

/**
 * /bulk-initiation — text many due customers at once (docs/bulk-initiation.md):
 * pick a lead list and filters and the templates (all in the URL), preview who
 * would be texted now, later or not and why (a dry run, nothing sent), confirm
 * to start the run, follow it live and read what it did with each lead.
 */
export function BulkInitiationScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const manager = canManage(user)
  const search = route.useSearch()
  const navigate = route.useNavigate()

  const selection = bulkSelection(search)
  const key = selectionKey(selection)
  const list = bulkList(search.list)
  const filters: BulkFilterValues = { store: search.store, serviceType: search.serviceType, from: search.from, to: search.to, search: search.search }
  const overrides = templateOverrides(search)

  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })
  const catalogue = useTemplateCatalogue()
  const dryRun = useBulkDryRun()
  const start = useStartBulkRun()
  const [preview, setPreview] = useState<HeldPreview<DryRun> | null>(null)
  // The server's refusal of a call, shown while the selection it was about is on screen.
  const [refusal, setRefusal] = useState<{ key: string; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [started, setStarted] = useState<JobRun | null>(null)

  const status = previewStatus(preview, key)
  const current = status === 'current' ? preview!.result : null
  const texted = current ? textedCount(current) : 0
  const seenTypes = useMemo(() => [...new Set((preview?.result.leads ?? []).map((l) => l.serviceType))].sort(), [preview])

  const runPreview = () => {
    const requestKey = key
    setRefusal(null)
    dryRun.mutate(bulkInitiateBody(selection, { dryRun: true }), {
      onSuccess: (answer) => {
        if (answer.dryRun) setPreview({ key: requestKey, result: answer.dryRun, at: Date.now() })
      },
      onError: (error) => {
        const text = explainedError(error)
        if (text !== null) setRefusal({ key: requestKey, text })
        else notifyApiError(error)
      },
    })
  }

  const startRun = () => {
    const requestKey = key
    setRefusal(null)
    start.mutate(bulkInitiateBody(selection, { dryRun: false }), {
      onSuccess: (answer) => {
        setConfirming(false)
        const run = answer.jobRun
        if (!run) return
        // The preview described who was still to text; after the run it no longer does.
        setPreview(null)
        setStarted(run)
        void navigate({ search: (prev) => showRun(prev, run.id) })
      },
      onError: (error) => {
        setConfirming(false)
        const text = explainedError(error)
        if (text !== null) setRefusal({ key: requestKey, text })
        else notifyApiError(error)
      },
    })
  }

  const onRunFinished = useCallback((run: JobRun) => {
    const result = run.status === 'succeeded' ? bulkRunResult(run.result) : null
    if (result) {
      notify({
        message: `${formatCount(result.sent)} texted, ${formatCount(result.deferred)} deferred, ${formatCount(result.skipped)} skipped${result.failed > 0 ? `, ${formatCount(result.failed)} failed` : ''}`,
      })
    } else if (run.status === 'failed') {
      notify({ type: 'danger', message: run.error || 'The bulk run failed' })
    } else if (run.status === 'cancelled') {
      notify({ type: 'warning', message: 'The bulk run was cancelled' })
    }
  }, [])
  const onDismissRun = useCallback(() => void navigate({ search: (prev) => dismissRun(prev) }), [navigate])

  if (!enterprise) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Bulk initiation</h1>
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

  const storeNames = new Map((stores.data ?? []).map((s) => [s.id, s.storeName]))
  const storeText =
    !search.store || search.store.length === 0
      ? 'all your stores'
      : search.store.length === 1
        ? (storeNames.get(search.store[0]!) ?? `store #${search.store[0]}`)
        : `${search.store.length} stores`
  const shownRefusal = refusal && refusal.key === key ? refusal.text : null

  let statusText: string
  if (dryRun.isPending) statusText = 'Previewing who would be texted…'
  else if (status === 'current' && current) {
    statusText =
      current.total === 0
        ? 'Nobody matches this selection.'
        : `Preview up to date: ${formatCount(current.toSend)} now, ${formatCount(current.deferred)} later, ${formatCount(current.skipped)} skipped.`
  } else if (status === 'stale') statusText = 'The selection changed: preview again before texting.'
  else statusText = 'Preview first; nothing is sent until you confirm.'

  return (
    <section className="page page--bulk">
      <header className="page__header">
        <h1>Bulk initiation</h1>
        <div className="page__actions">
          <RealtimeStatus />
        </div>
      </header>

      {!manager ? (
        <div className="warning-box" data-testid="bulk-not-manager">
          <strong>Managers only</strong>
          <span>Only administrators and dealer or store managers may text customers in bulk; the server refuses anyone else.</span>
        </div>
      ) : null}

      <section className="panel bulk-selection" aria-label="Who to text">
        <ListPicker value={list.id} onChange={(id) => void navigate({ search: (prev) => selectBulkList(prev, id) })} />
        <div className="bulk-selection__row">
          <BulkFilters
            enterpriseId={enterprise.id}
            list={list}
            value={filters}
            onChange={(next) => void navigate({ search: (prev) => applyBulkFilters(prev, next) })}
          />
        </div>
        <div className="bulk-selection__row">
          <TemplatePicker
            enterpriseId={enterprise.id}
            allTypes={search.template}
            perType={overrides}
            serviceTypes={templateServiceTypes(selection, catalogue.data?.serviceTypes, seenTypes)}
            onAllTypesChange={(id) => void navigate({ search: (prev) => selectAllTypesTemplate(prev, id) })}
            onTypeChange={(type, id) => void navigate({ search: (prev) => selectTypeTemplate(prev, type, id) })}
          />
        </div>
        <footer className="bulk-actions">
          <p className={`bulk-actions__status bulk-actions__status--${status}`} aria-live="polite" data-testid="preview-status">
            {statusText}
          </p>
          <div className="bulk-actions__buttons">
            <button type="button" className="btn" disabled={dryRun.isPending} onClick={runPreview}>
              {dryRun.isPending ? 'Previewing…' : 'Preview (dry run)'}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!canStartRun(preview, key) || start.isPending}
              title={status === 'current' ? undefined : 'Preview this selection first'}
              onClick={() => setConfirming(true)}
            >
              {start.isPending ? 'Starting…' : current && texted > 0 ? `Text ${customersText(texted)}` : current ? 'Nobody to text' : 'Text customers'}
            </button>
          </div>
        </footer>
      </section>

      {shownRefusal !== null ? (
        <div className="danger-box" role="alert" data-testid="bulk-error">
          {shownRefusal}
        </div>
      ) : null}

      {search.run ? (
        <BulkRunPanel
          key={search.run}
          runId={search.run}
          started={started?.id === search.run ? started : undefined}
          notTexted={!!search.notTexted}
          page={search.page ?? 0}
          size={search.size ?? BULK_REPORT_PAGE_SIZE}
          onPagingChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, BULK_REPORT_PAGE_SIZE) }) })}
          onNotTextedChange={(next) => void navigate({ search: (prev) => setNotTexted(prev, next) })}
          onDismiss={onDismissRun}
          onFinished={onRunFinished}
        />
      ) : null}

      {preview ? (
        <DryRunPreview key={preview.at} preview={preview} stale={status === 'stale'} refreshing={dryRun.isPending} onPreviewAgain={runPreview} />
      ) : dryRun.isPending ? (
        <section className="panel bulk-preview" aria-label="Dry run" aria-busy="true">
          <div className="bulk-counts bulk-counts--loading" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="bulk-count">
                <span className="skeleton-bar" />
                <span className="skeleton-bar" />
              </div>
            ))}
          </div>
          <p className="panel__note">Previewing who would be texted…</p>
        </section>
      ) : !search.run ? (
        <section className="panel bulk-intro" aria-label="How it works">
          <p>
            Pick the leads and the texts above, then press <strong>Preview (dry run)</strong>: it shows who would be texted now, who
            later within their allowed hours, and who is skipped and why. Nothing is sent until you confirm.
          </p>
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        header="Text customers"
        message={
          current
            ? `Text ${customersText(texted)} from "${list.label}" in ${storeText}? ` +
              `${formatCount(current.toSend)} now and ${formatCount(current.deferred)} when their allowed hours open; ` +
              `${formatCount(current.skipped)} ${current.skipped === 1 ? 'lead is' : 'leads are'} skipped. ` +
              `${search.template === undefined && Object.keys(overrides).length === 0 ? 'Each gets the standard text of its service type.' : 'Each gets the chosen template.'}`
            : ''
        }
        confirmText={`Text ${customersText(texted)}`}
        loading={start.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={startRun}
      />
    </section>
  )
}
