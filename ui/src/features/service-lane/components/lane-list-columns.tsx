import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { JobRunSummary } from '../../../components/job-runs/api/get-job-runs'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { JobStatusBadge } from '../../../components/job-runs/job-status-badge'
import { formatPhone } from '../../../lib/format-phone'
import { formatDateTime, formatDay, messageDateLabel } from '../../../lib/date-time'
import { htmlToText } from '../../../lib/sanitize-html'
import { enumLabel } from '../../../lib/text'
import type { Sale } from '../api/get-sales'
import type { LeadRow } from '../api/get-store-leads'
import { mileageText, moneyText, personName, vehicleText } from '../../../lib/record-format'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

const sale = createDataTableColumnHelper<Sale>()

/** The sales of a day: deal, customer, vehicle, price, and the vehicle's latest service since. */
export function saleColumns() {
  return sale.columns([
    sale.accessor('dealNumber', {
      header: 'Deal',
      meta: { width: '7.5rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={enumLabel(info.row.original.dealType)} />,
    }),
    sale.accessor((row) => personName(row), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '13rem' },
      cell: (info) => (
        <CellStack
          main={<strong>{info.getValue()}</strong>}
          sub={[formatPhone(info.row.original.cellular), info.row.original.email].filter(Boolean).join(' · ')}
        />
      ),
    }),
    sale.accessor((row) => vehicleText(row), {
      id: 'vehicle',
      header: 'Vehicle',
      meta: { width: '13rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={[mileageText(info.row.original.mileage), info.row.original.vin].filter(Boolean).join(' · ')} />,
    }),
    sale.accessor('salePrice', {
      header: 'Price',
      meta: { width: '7rem', align: 'end' },
      cell: (info) => (info.getValue() === undefined || info.getValue() === null ? '—' : moneyText(info.getValue())),
    }),
    sale.accessor('lastClosedServiceDate', {
      header: 'Last service',
      meta: { width: '8rem' },
      cell: (info) => {
        const day = info.getValue()
        return day ? formatDay(day) : '—'
      },
    }),
  ])
}

const lead = createDataTableColumnHelper<LeadRow>()

/** Leads of a list (global inbox, e-mail transcripts): customer, vehicle, the latest message and when the customer last wrote. */
export function storeLeadColumns(now: number) {
  return lead.columns([
    lead.accessor((row) => personName(row.customerMaster), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '12rem' },
      cell: (info) => {
        const c = info.row.original.customerMaster
        return <CellStack main={<strong>{info.getValue()}</strong>} sub={[formatPhone(c.cellular), c.email].filter(Boolean).join(' · ')} />
      },
    }),
    lead.accessor((row) => vehicleText(row.serviceVehicle), {
      id: 'vehicle',
      header: 'Vehicle',
      meta: { width: '11rem', className: 'lane-col--wide' },
    }),
    lead.accessor((row) => htmlToText(row.latestMessage), {
      id: 'latestMessage',
      header: 'Latest message',
      cell: (info) => <span title={info.getValue()}>{info.getValue() || '—'}</span>,
    }),
    lead.accessor('lastMessageReceivedDate', {
      header: 'Customer wrote',
      meta: { width: '10rem' },
      cell: (info) => {
        const at = info.getValue()
        return at ? messageDateLabel(at, now, storeTimeZone(info.row.original.storeMaster)) : '—'
      },
    }),
    lead.accessor('totalUnreadCount', {
      header: 'Unread',
      meta: { width: '5rem', align: 'end' },
      cell: (info) =>
        info.getValue() > 0 ? (
          <span className="count-badge" aria-label={`${info.getValue()} unread`}>
            {info.getValue()}
          </span>
        ) : (
          '0'
        ),
    }),
  ])
}

const job = createDataTableColumnHelper<JobRunSummary>()

/** Job runs (the dealer-system pushes of moves among them), newest first, live. */
export function laneJobColumns() {
  return job.columns([
    job.accessor('id', {
      header: 'Run',
      meta: { width: '6rem' },
      cell: (info) => <JobRunLink runId={info.getValue()} />,
    }),
    job.accessor('kind', { header: 'Kind', meta: { width: '12rem' } }),
    job.accessor('status', {
      header: 'Status',
      meta: { width: '8.5rem' },
      cell: (info) => <JobStatusBadge status={info.getValue()} cancelRequested={info.row.original.cancelRequested} />,
    }),
    job.accessor('progress', {
      header: 'Progress',
      meta: { width: '12rem', className: 'lane-col--wide' },
      cell: (info) => <JobProgress run={info.row.original} label={`Progress of run ${info.row.original.id}`} />,
    }),
    job.accessor('createdAt', {
      header: 'Created',
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
    }),
  ])
}
