import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { htmlToText } from '../../../lib/sanitize-html'
import { enumLabel, shortenText } from '../../../lib/text'
import { dayAndTime, formatDay, longDate } from '../../../lib/date-time'
import { formatDuration } from '../../../lib/format-duration'
import type { LeadRow } from '../api/get-leads'
import { canStartConversation, customerName, customerPhone, vehicleLabel, vinTail } from '../lead-format'
import { LeadAiSwitch } from './lead-ai-switch'
import { serviceTypeLabel } from '../../../lib/service-types'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

const column = createDataTableColumnHelper<LeadRow>()

export interface LeadColumnOptions {
  /** Drives 'Today' and 'Yesterday'. */
  now: number
  onOpen: (lead: LeadRow) => void
  onStart: (lead: LeadRow) => void
  /** The lead whose conversation is being started. */
  startingId?: number
  /** The tracker: milestone columns instead of the planned date and the last message. */
  tracked?: boolean
}

const zoneOf = (lead: LeadRow) => storeTimeZone(lead.storeMaster)

/**
 * The lead table. Column ids that are sort keys (`customerName`, `plannedDate`,
 * `lastMessage`, `lastMessageReceivedDate`, `totalUnreadCount`) sort on the
 * server; `lead-col--wide` columns give way first on narrow screens, then
 * `lead-col--medium`, then `lead-col--narrow`.
 */
export function leadColumns({ now, onOpen, onStart, startingId, tracked = false }: LeadColumnOptions) {
  const all = listColumns({ now, onOpen, onStart, startingId })
  if (!tracked) return all
  const kept = all.filter((c) => c.id !== 'plannedDate' && c.id !== 'lastMessage')
  const afterStage = kept.findIndex((c) => c.id === 'stage') + 1
  return [...kept.slice(0, afterStage), ...milestoneColumns(now), ...kept.slice(afterStage)]
}

/** When, in the lead's store's zone: a day and a time. */
function moment(at: string | undefined, now: number, lead: LeadRow, title: string, sub?: string) {
  const when = dayAndTime(at ?? '', now, zoneOf(lead), 'short')
  return when ? <CellStack main={`${when.day} ${when.time}`} sub={sub} title={title} /> : '—'
}

/** The tracker's milestones (spec E-C27). */
function milestoneColumns(now: number) {
  return column.columns([
    column.display({
      id: 'firstContact',
      header: 'First contact',
      meta: { width: '8.5rem', className: 'lead-col--medium' },
      cell: (info) => {
        const m = info.row.original.milestones
        const followUps = m?.followUpsSent ?? 0
        return moment(m?.firstContactAt, now, info.row.original, 'The first text or e-mail to the customer', `${followUps} follow-up${followUps === 1 ? '' : 's'} after`)
      },
    }),
    column.display({
      id: 'firstReply',
      header: 'First reply',
      meta: { width: '8.5rem', className: 'lead-col--medium' },
      cell: (info) => {
        const m = info.row.original.milestones
        const after = m?.minutesToFirstReply
        return moment(m?.firstReplyAt, now, info.row.original, "The customer's first answer", after === undefined ? undefined : `after ${formatDuration(after * 60_000)}`)
      },
    }),
    column.display({
      id: 'replies',
      header: 'Replies',
      meta: { width: '5rem', align: 'end' },
      cell: (info) => info.row.original.milestones?.replies ?? 0,
    }),
    column.display({
      id: 'visit',
      header: 'Visit',
      meta: { width: '8.5rem', className: 'lead-col--medium' },
      cell: (info) => moment(info.row.original.milestones?.appointmentAt, now, info.row.original, 'The visit booked'),
    }),
  ])
}

function listColumns({ now, onOpen, onStart, startingId }: LeadColumnOptions) {
  return column.columns([
    column.accessor((lead) => customerName(lead), {
      id: 'customerName',
      header: 'Customer',
      sortDescFirst: false,
      meta: { width: '9.5rem' },
      cell: (info) => {
        const phone = customerPhone(info.row.original)
        return <CellStack main={<strong>{info.getValue()}</strong>} sub={phone} title={[info.getValue(), phone].filter(Boolean).join(' · ')} />
      },
    }),
    column.accessor((lead) => vehicleLabel(lead.serviceVehicle), {
      id: 'vehicle',
      header: 'Vehicle',
      enableSorting: false,
      meta: { width: '8.5rem', className: 'lead-col--wide' },
      cell: (info) => {
        const vin = info.row.original.serviceVehicle?.vin ?? info.row.original.vin
        const title = [info.getValue(), vin ? `VIN ${vin}` : ''].filter(Boolean).join(' · ')
        return <CellStack main={info.getValue()} sub={vin ? `VIN …${vinTail(vin)}` : ''} title={title || undefined} />
      },
    }),
    column.accessor((lead) => lead.storeMaster.store_name, {
      id: 'store',
      header: 'Store',
      enableSorting: false,
      meta: { width: '8rem', className: 'lead-col--wide' },
      cell: (info) => {
        const service = serviceTypeLabel(info.row.original.serviceType || info.row.original.plannedServiceType)
        return <CellStack main={info.getValue()} sub={service} title={`${info.getValue()} · ${service}`} />
      },
    }),
    column.accessor((lead) => lead.plannedDate ?? '', {
      id: 'plannedDate',
      header: 'Planned',
      sortDescFirst: false,
      meta: { width: '6.25rem', className: 'lead-col--medium' },
      cell: (info) =>
        info.getValue() ? <span title={longDate(info.getValue())}>{formatDay(info.getValue())}</span> : '—',
    }),
    column.accessor('status', {
      id: 'stage',
      header: 'Stage',
      enableSorting: false,
      meta: { width: '7.75rem', className: 'lead-col--narrow' },
      cell: (info) => {
        const outcome = info.row.original.outcome
        return <CellStack main={enumLabel(info.getValue())} sub={outcome ? enumLabel(outcome) : ''} />
      },
    }),
    column.accessor((lead) => htmlToText(lead.latestMessage), {
      id: 'lastMessage',
      header: 'Last message',
      sortDescFirst: true,
      meta: { className: 'lead-col--last-message' },
      cell: (info) => (
        <span className="lead-last-message" title={info.getValue() || undefined}>
          {shortenText(info.getValue()) || '—'}
        </span>
      ),
    }),
    column.accessor((lead) => lead.lastMessageReceivedDate ?? '', {
      id: 'lastMessageReceivedDate',
      header: 'Last reply',
      sortDescFirst: true,
      meta: { width: '7rem', className: 'lead-col--medium' },
      cell: (info) => {
        const when = dayAndTime(info.getValue(), now, zoneOf(info.row.original), 'short')
        return when ? <CellStack main={when.day} sub={when.time} title="The customer's last message" /> : '—'
      },
    }),
    column.accessor('totalUnreadCount', {
      id: 'totalUnreadCount',
      header: 'Unread',
      sortDescFirst: true,
      meta: { width: '5.75rem', align: 'end' },
      cell: (info) =>
        info.getValue() > 0 ? (
          <span className="count-badge" data-testid="lead-unread" aria-label={`${info.getValue()} unread`}>
            {info.getValue()}
          </span>
        ) : null,
    }),
    column.accessor('aiEnabled', {
      id: 'aiEnabled',
      header: 'AI',
      enableSorting: false,
      meta: { width: '3.5rem' },
      cell: (info) => <LeadAiSwitch lead={info.row.original} />,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '8.5rem' },
      cell: (info) => {
        const lead = info.row.original
        const name = customerName(lead)
        return (
          <span className="lead-actions">
            <button type="button" className="btn btn--small" aria-label={`Open conversation with ${name}`} onClick={() => onOpen(lead)}>
              Open
            </button>
            {canStartConversation(lead) ? (
              <button
                type="button"
                className="btn btn--small btn--primary"
                aria-label={`Start conversation with ${name}`}
                disabled={startingId === lead.id}
                onClick={() => onStart(lead)}
              >
                Start
              </button>
            ) : null}
          </span>
        )
      },
    }),
  ])
}

export function leadRowId(lead: LeadRow): string {
  return String(lead.id)
}
