import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { DryRun } from '../api/initiate-bulk'
import type { HeldPreview } from '../bulk-search'
import {
  filterLeads,
  outcomeCounts,
  pageOfRows,
  partialListNote,
  PREVIEW_PAGE_SIZE,
  PREVIEW_PAGE_SIZE_OPTIONS,
  type OutcomeFilter,
} from '../dry-run-model'
import { CountCards } from './count-cards'
import { dryRunColumns, dryRunRowId } from './dry-run-columns'
import { ReasonBreakdown } from './reason-breakdown'
import { formatCount } from '../../../lib/format-number'
import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'

export interface DryRunPreviewProps {
  preview: HeldPreview<DryRun>
  /** The selection changed since: shown dimmed, with a word to preview again. */
  stale: boolean
  /** Whether a newer dry run is being asked for. */
  refreshing: boolean
  onPreviewAgain: () => void
}

const FILTERS: readonly { value: OutcomeFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'SENT', label: 'Text now' },
  { value: 'DEFERRED', label: 'Deferred' },
  { value: 'SKIPPED', label: 'Skipped' },
]

const EMPTY_FILTER_TEXT: Record<OutcomeFilter, string> = {
  ALL: 'Nobody matches this selection.',
  SENT: 'Nobody would be texted now.',
  DEFERRED: 'Nobody is deferred.',
  SKIPPED: 'Nobody is skipped.',
}

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })

/**
 * A dry run: who would be texted now, who later (their allowed hours) and who
 * is skipped and why — the counts of the whole selection, the reasons, and the
 * first 1,000 leads in a table paged and filtered by outcome here.
 */
export function DryRunPreview({ preview, stale, refreshing, onPreviewAgain }: DryRunPreviewProps) {
  const { result } = preview
  const [filter, setFilter] = useState<OutcomeFilter>('ALL')
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: PREVIEW_PAGE_SIZE })
  const zoneOf = useStoreTimeZones()
  const columns = useMemo(() => dryRunColumns(zoneOf), [zoneOf])
  const counts = useMemo(() => outcomeCounts(result.leads), [result.leads])
  const filtered = useMemo(() => filterLeads(result.leads, filter), [result.leads, filter])
  const page = pageOfRows(filtered, paging.pageIndex, paging.pageSize)
  const note = partialListNote(result.leads.length, result.total)

  return (
    <section
      className={`panel bulk-preview${stale ? ' is-stale' : ''}`}
      aria-labelledby="bulk-preview-title"
      aria-busy={refreshing}
      data-testid="dry-run"
    >
      <header className="panel__header bulk-preview__header">
        <div className="bulk-preview__title">
          <h2 id="bulk-preview-title">Dry run</h2>
          <span className="panel__meta">
            {formatCount(result.total)} {result.total === 1 ? 'lead' : 'leads'} · previewed {TIME.format(preview.at)} · nothing was sent
          </span>
        </div>
      </header>
      {stale ? (
        <div className="warning-box bulk-preview__stale" role="status" data-testid="preview-stale">
          <strong>The selection changed since this preview.</strong>
          <span>
            Preview again to see who the new selection texts.{' '}
            <button type="button" className="btn btn--small" disabled={refreshing} onClick={onPreviewAgain}>
              {refreshing ? 'Previewing…' : 'Preview again'}
            </button>
          </span>
        </div>
      ) : null}

      {result.total === 0 ? (
        <div className="bulk-empty" data-testid="dry-run-empty">
          <strong>Nobody matches this selection</strong>
          <span>Pick another list, or widen the stores, service types, dates or search.</span>
        </div>
      ) : (
        <>
          <div className="bulk-preview__summary">
            <CountCards
              label="Dry run counts"
              cards={[
                { id: 'toSend', label: 'Would be texted now', value: result.toSend, tone: 'success', hint: 'Inside their allowed hours: texted as soon as the run reaches them' },
                { id: 'deferred', label: 'Deferred to allowed hours', value: result.deferred, tone: 'info', hint: "Outside the customer's allowed hours: queued and sent when they open" },
                { id: 'skipped', label: 'Skipped', value: result.skipped, tone: 'warning', hint: 'Not texted; the reasons are listed beside' },
                { id: 'total', label: 'In the selection', value: result.total, tone: 'neutral' },
              ]}
            />
            <ReasonBreakdown reasons={result.skippedByReason} skipped={result.skipped} />
          </div>

          <div className="bulk-preview__toolbar">
            <div className="bulk-outcome-filter" role="group" aria-label="Show leads">
              {FILTERS.map((f) => (
                <button
                  key={f.value}
                  type="button"
                  className={`bulk-outcome-filter__option${filter === f.value ? ' is-selected' : ''}`}
                  aria-pressed={filter === f.value}
                  onClick={() => {
                    setFilter(f.value)
                    setPaging((p) => ({ ...p, pageIndex: 0 }))
                  }}
                >
                  {f.label} <span className="bulk-outcome-filter__count">{formatCount(counts[f.value])}</span>
                </button>
              ))}
            </div>
            {note ? <p className="bulk-preview__note">{note}</p> : null}
          </div>
          <DataTable
            label="Dry run leads"
            className="bulk-table"
            columns={columns}
            data={page.rows}
            getRowId={dryRunRowId}
            isFetching={stale || refreshing}
            emptyText={EMPTY_FILTER_TEXT[filter]}
            paging={{
              pageIndex: page.pageIndex,
              pageSize: paging.pageSize,
              rowCount: filtered.length,
              pageSizeOptions: PREVIEW_PAGE_SIZE_OPTIONS,
              onChange: (next) => setPaging({ pageIndex: next.pageIndex, pageSize: next.pageSize }),
            }}
          />
        </>
      )}
    </section>
  )
}
