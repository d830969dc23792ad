import { Link } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { DataTable } from '../../../components/data-table/data-table'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { useReportCatalogue } from '../../../components/report-catalogue/api/get-report-catalogue'
import { Switch } from '../../../components/switch/switch'
import { useDeleteReportSchedule } from '../api/delete-report-schedule'
import type { MailingList } from '../api/get-mailing-lists'
import { useReportSchedules, type Schedule } from '../api/get-report-schedules'
import { useUpdateReportSchedule } from '../api/update-report-schedule'
import { formatDateTime } from '../../../lib/date-time'
import { describeScheduleCron, periodLabel, reportMailInput } from '../report-schedules'
import { serviceTypeLabel } from '../../../lib/service-types'

export interface ReportSchedulesPanelProps {
  enterpriseId: number
  /** The enterprise's lists, to name the one each schedule mails to. */
  lists: readonly MailingList[] | undefined
}

/** A scheduled report as the table shows it. */
interface ScheduleRow {
  schedule: Schedule
  title: string
  what: string
  covers: string
  listName: string
  /** How many the list reaches. */
  recipients: string
  stores: string
  /** Every store's name. */
  storeNames: string
  /** The service types and customer type the report is narrowed to, if any. */
  filters: string
}

/**
 * The enterprise's scheduled reports (the scheduler's `reports.mail`
 * schedules): which report, when, what it covers, to which list and for which
 * stores; each switched on or off, or deleted after a confirmation.
 */
export function ReportSchedulesPanel({ enterpriseId, lists }: ReportSchedulesPanelProps) {
  const ids = useId()
  const schedules = useReportSchedules(enterpriseId)
  const catalogue = useReportCatalogue()
  const stores = useEnterpriseStores(enterpriseId)
  const { mutate: updateSchedule, isPending: updating, variables: update } = useUpdateReportSchedule()
  const remove = useDeleteReportSchedule()
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null)

  const rows = useMemo<ScheduleRow[] | undefined>(() => {
    if (!schedules.data) return undefined
    const storeNames = new Map((stores.data ?? []).map((s) => [s.id, s.storeName]))
    return schedules.data.map((schedule) => {
      const input = reportMailInput(schedule)
      const title = input ? (catalogue.data?.find((r) => r.key === input.report)?.title ?? input.report) : schedule.apiName
      const list = input ? lists?.find((l) => l.mailingListMasterId === input.mailingListId) : undefined
      const storeIds = input?.storeIds ?? []
      const named = storeIds.map((id) => storeNames.get(id) ?? `Store #${id}`)
      const everyStore = storeNames.size > 0 && storeIds.length === storeNames.size && storeIds.every((id) => storeNames.has(id))
      const filters = [
        ...(input?.serviceTypes ?? []).map(serviceTypeLabel),
        ...(input?.customerType ? [input.customerType === '1' ? 'Type A' : input.customerType === '2' ? 'Type B' : input.customerType] : []),
      ]
      return {
        schedule,
        title,
        what: describeScheduleCron(schedule.cron),
        covers: input ? periodLabel(input.period) : '—',
        recipients: list ? `${list.recipients} ${list.recipients === 1 ? 'recipient' : 'recipients'}` : '',
        listName: list ? list.code : input ? (lists ? `List #${input.mailingListId} (deleted)` : `List #${input.mailingListId}`) : '—',
        stores: everyStore ? `All ${storeIds.length} stores` : named.length <= 2 ? named.join(', ') : `${named.length} stores`,
        storeNames: named.join(', '),
        filters: filters.join(', '),
      }
    })
  }, [schedules.data, catalogue.data, stores.data, lists])

  const columns = useMemo(() => {
    const column = createDataTableColumnHelper<ScheduleRow>()
    return column.columns([
      column.accessor('title', {
        header: 'Report',
        cell: (info) => {
          const input = reportMailInput(info.row.original.schedule)
          return (
            <CellStack
              main={
                input ? (
                  <Link to="/reports/$kind" params={{ kind: input.report }}>
                    {info.getValue()}
                  </Link>
                ) : (
                  info.getValue()
                )
              }
              sub={`Covers ${info.row.original.covers}`}
            />
          )
        },
      }),
      column.accessor('what', {
        header: 'When',
        meta: { width: '17rem' },
        cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.schedule.timeZone} />,
      }),
      column.accessor('listName', {
        header: 'To',
        meta: { width: '9rem' },
        cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.recipients} />,
      }),
      column.accessor('stores', {
        header: 'Stores',
        meta: { width: '9rem' },
        cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.filters} title={info.row.original.storeNames} />,
      }),
      column.accessor((row) => row.schedule.nextFireAt ?? '', {
        id: 'next',
        header: 'Next e-mail',
        meta: { width: '12.5rem' },
        cell: (info) => {
          const { schedule } = info.row.original
          return (
            <CellStack
              main={schedule.enabled ? (schedule.nextFireAt ? formatDateTime(schedule.nextFireAt, schedule.timeZone) : '—') : 'Switched off'}
              sub={schedule.lastFiredAt ? `Last: ${formatDateTime(schedule.lastFiredAt, schedule.timeZone)}` : 'Not sent yet'}
            />
          )
        },
      }),
      column.display({
        id: 'enabled',
        header: 'On',
        meta: { width: '4.5rem' },
        cell: (info) => {
          const { schedule, title, what } = info.row.original
          const pending = updating && update?.scheduleId === schedule.id
          return (
            <Switch
              checked={pending ? update.enabled : schedule.enabled}
              label={`${title}, ${what}, switched on`}
              pending={pending}
              onChange={(enabled) => updateSchedule({ scheduleId: schedule.id, enabled })}
            />
          )
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        meta: { width: '6rem', align: 'end' },
        cell: (info) => (
          <button
            type="button"
            className="btn btn--small btn--danger"
            aria-label={`Delete the schedule of ${info.row.original.title}, ${info.row.original.what}`}
            onClick={() => setDeleting(info.row.original)}
          >
            Delete
          </button>
        ),
      }),
    ])
  }, [updateSchedule, updating, update])

  return (
    <section className="panel" aria-labelledby={`${ids}-title`} data-testid="report-schedules">
      <header className="panel__header">
        <h2 id={`${ids}-title`}>Scheduled reports</h2>
        <span className="panel__meta">
          {schedules.data ? `${schedules.data.length} ${schedules.data.length === 1 ? 'schedule' : 'schedules'}` : ''}
        </span>
      </header>
      <p className="panel__intro">
        Each e-mail carries the report as an Excel file over the period that just ended in the schedule’s time zone, with a short summary. To
        schedule one, open the report and choose “Schedule e-mail”.
      </p>
      {schedules.isError ? (
        <p className="panel__note" role="alert">
          The scheduled reports could not be loaded.
        </p>
      ) : (
        <DataTable
          label="Scheduled reports"
          className="schedules-table"
          columns={columns}
          data={rows}
          getRowId={(row) => String(row.schedule.id)}
          isLoading={schedules.isPending}
          skeletonRows={2}
          emptyText="No report is scheduled yet."
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        header="Delete schedule"
        message={deleting ? `Stop e-mailing ${deleting.title} to ${deleting.listName} (${deleting.what}, ${deleting.schedule.timeZone})?` : ''}
        confirmText="Yes"
        cancelText="No"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.schedule.id, { onSettled: () => setDeleting(null) })
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
