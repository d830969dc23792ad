import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { DataTable } from '../../../components/data-table/data-table'
import { useSession } from '../../../lib/session'
import { useDeleteMailingList } from '../api/delete-mailing-list'
import { useMailingLists, type MailingList } from '../api/get-mailing-lists'
import { useReportSchedules } from '../api/get-report-schedules'
import { formatDateTime } from '../../../lib/date-time'
import { reportMailInput } from '../report-schedules'
import { NewListForm } from './new-list-form'
import { RecipientsPanel } from './recipients-panel'
import { ReportSchedulesPanel } from './report-schedules-panel'

const route = getRouteApi('/_app/reports/mailing-lists')

/**
 * /reports/mailing-lists — the enterprise's mailing lists (H-C15 to H-C20): make
 * one (its code starts with LIST-, H-R1), delete one (asked first), and the
 * opened list's recipients (`?list=`); the lists are loaded again after each
 * change (H-R2). Under them, the scheduled reports that e-mail the lists.
 */
export function MailingListsScreen() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const user = useSession()
  const tenantId = user?.enterprise?.id
  const lists = useMailingLists(tenantId)
  const schedules = useReportSchedules(tenantId)
  const remove = useDeleteMailingList()
  const [deleting, setDeleting] = useState<MailingList | null>(null)

  const opened = lists.data?.find((l) => l.mailingListMasterId === search.list)
  const open = (list: MailingList | undefined) => void navigate({ search: list ? { list: list.mailingListMasterId } : {}, replace: !list })

  const columns = useMemo(() => {
    const column = createDataTableColumnHelper<MailingList>()
    return column.columns([
      column.accessor('code', {
        header: 'List',
        cell: (info) => (
          <CellStack
            main={
              <Link to="/reports/mailing-lists" search={{ list: info.row.original.mailingListMasterId }} className="mailing-list__code">
                {info.getValue()}
              </Link>
            }
            sub={`Created ${formatDateTime(info.row.original.createdAt)}`}
          />
        ),
      }),
      column.accessor('recipients', { header: 'Recipients', meta: { width: '7.5rem', align: 'end' } }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        meta: { width: '6rem', align: 'end' },
        cell: (info) => (
          <button
            type="button"
            className="btn btn--small btn--danger"
            aria-label={`Delete ${info.row.original.code}`}
            onClick={() => setDeleting(info.row.original)}
          >
            Delete
          </button>
        ),
      }),
    ])
  }, [])

  const back = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link to="/reports">Reports</Link>
      <span aria-hidden="true">/</span>
      <span>Mailing lists</span>
    </nav>
  )

  if (tenantId === undefined) {
    return (
      <section className="page">
        {back}
        <header className="page__header">
          <h1>Mailing lists</h1>
        </header>
        <p className="panel panel__note">Mailing lists belong to an enterprise; sign in as one of its users to keep them.</p>
      </section>
    )
  }

  // Schedules that would mail a list being deleted (they fail once it is gone).
  const usedBy = deleting ? (schedules.data ?? []).filter((s) => reportMailInput(s)?.mailingListId === deleting.mailingListMasterId).length : 0

  return (
    <section className="page page--mailing-lists">
      {back}
      <header className="page__header">
        <h1>Mailing lists</h1>
      </header>
      <p className="report-description">
        The people a scheduled report is e-mailed to. Open a list to add or remove its recipients; schedule a report from its page.
      </p>

      <div className="mailing-lists">
        <section className="panel" aria-labelledby="mailing-lists-title">
          <header className="panel__header">
            <h2 id="mailing-lists-title">Lists</h2>
            <span className="panel__meta">{lists.data ? `${lists.data.length} ${lists.data.length === 1 ? 'list' : 'lists'}` : ''}</span>
          </header>
          <NewListForm tenantId={tenantId} onCreated={(list) => open(list)} />
          {lists.isError ? (
            <div className="panel--error" role="alert">
              <p>The mailing lists could not be loaded.</p>
              <button type="button" className="btn" onClick={() => void lists.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <DataTable
              label="Mailing lists"
              columns={columns}
              data={lists.data}
              getRowId={(l) => String(l.mailingListMasterId)}
              isLoading={lists.isPending}
              isFetching={lists.isFetching && !lists.isPending}
              skeletonRows={3}
              selectedRowId={opened ? String(opened.mailingListMasterId) : undefined}
              onRowClick={(list) => open(list)}
              emptyText="No mailing list yet."
            />
          )}
        </section>

        {opened ? (
          <RecipientsPanel tenantId={tenantId} list={opened} />
        ) : (
          <section className="panel mailing-lists__placeholder" aria-label="Recipients">
            <p className="panel__note">
              {search.list !== undefined && lists.data ? 'That list no longer exists.' : 'Open a list to see and change its recipients.'}
            </p>
          </section>
        )}
      </div>

      <ReportSchedulesPanel enterpriseId={tenantId} lists={lists.data} />

      <ConfirmDialog
        open={deleting !== null}
        header="Delete mailing list"
        message={
          deleting
            ? `Delete ${deleting.code} and its ${deleting.recipients} ${deleting.recipients === 1 ? 'recipient' : 'recipients'}?` +
              (usedBy > 0 ? ` ${usedBy} scheduled ${usedBy === 1 ? 'report e-mails it and fails' : 'reports e-mail it and fail'} from then on.` : '')
            : ''
        }
        confirmText="Yes"
        cancelText="No"
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return
          const list = deleting
          remove.mutate(
            { tenantId, mailingListMasterId: list.mailingListMasterId },
            {
              onSuccess: () => {
                if (search.list === list.mailingListMasterId) open(undefined)
              },
              onSettled: () => setDeleting(null),
            },
          )
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
