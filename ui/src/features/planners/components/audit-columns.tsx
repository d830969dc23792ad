import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { formatDateTime, formatDay } from '../../../lib/date-time'
import type { PlannerAudit } from '../api/get-planner-audits'
import { auditRequest, excludedSummary } from '../planner-format'

const column = createDataTableColumnHelper<PlannerAudit>()

/**
 * The transfer history; `storeName` names a store id (the user's stores).
 * Narrow tables keep when, how many were created and the run.
 */
export function auditColumns(storeName: (id: number) => string) {
  return column.columns([
    column.accessor('createdOn', {
      id: 'createdOn',
      header: 'Transferred',
      // No width: when (always shown) takes what the others leave.
      meta: {},
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('plannerDate', {
      id: 'plannerDate',
      header: 'Planner date',
      meta: { width: '9.5rem', className: 'planner-col--medium' },
      cell: (info) => {
        const request = auditRequest(info.row.original.parameters)
        const window = request.minDays !== undefined && request.maxDays !== undefined ? `${request.minDays} to ${request.maxDays} days` : ''
        return <CellStack main={formatDay(info.getValue())} sub={window} />
      },
    }),
    column.accessor((audit) => audit.storeId, {
      id: 'store',
      header: 'Store',
      meta: { width: '11rem', className: 'planner-col--wide' },
      cell: (info) => {
        const request = auditRequest(info.row.original.parameters)
        const ids = request.storeIds ?? (info.getValue() ? [info.getValue()!] : [])
        const main = ids.length === 0 ? 'All stores' : ids.length === 1 ? storeName(ids[0]!) : `${ids.length} stores`
        const flags = [request.hardRun ? 'Hard run' : '', request.customerNumber ? `Customer ${request.customerNumber}` : '']
        return <CellStack main={main} sub={flags.filter(Boolean).join(' · ')} />
      },
    }),
    column.accessor('candidateCount', {
      id: 'candidateCount',
      header: 'Candidates',
      meta: { width: '7.5rem', align: 'end', className: 'planner-col--medium' },
    }),
    column.accessor('createdCount', {
      id: 'createdCount',
      header: 'Created',
      meta: { width: '6.5rem', align: 'end' },
    }),
    column.accessor('skippedCount', {
      id: 'skippedCount',
      header: 'Left out',
      meta: { width: '6.5rem', align: 'end', className: 'planner-col--medium' },
      cell: (info) => {
        const excluded = excludedSummary(auditRequest(info.row.original.parameters).excluded)
        return <span title={excluded || undefined}>{info.getValue()}</span>
      },
    }),
    column.accessor('jobRunId', {
      id: 'jobRunId',
      header: 'Run',
      meta: { width: '6rem' },
      cell: (info) => {
        const runId = info.getValue()
        return runId ? <JobRunLink runId={runId} /> : '—'
      },
    }),
  ])
}

export function auditRowId(audit: PlannerAudit): string {
  return String(audit.id)
}
