import { useMemo } from 'react'
import { CellStack } from '../../../components/data-table/cell-stack'
import { DataTable } from '../../../components/data-table/data-table'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import { useOutbox, type OutboxEmail } from '../api/get-outbox'

const email = createDataTableColumnHelper<OutboxEmail>()

/** What each outbox status means to a reader. */
const STATUS_TEXT: Record<string, string> = {
  stored: 'Kept (no mail server)',
  sent: 'Sent',
  failed: 'Failed',
}

function outboxColumns() {
  return email.columns([
    email.accessor('createdAt', {
      header: 'Written',
      meta: { width: '11rem' },
      cell: (info) => <CellStack main={formatDateTime(info.getValue())} sub={info.row.original.sentAt ? `sent ${formatDateTime(info.row.original.sentAt)}` : undefined} />,
    }),
    email.accessor('to', {
      header: 'To',
      meta: { width: '15rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={`from ${info.row.original.from}`} />,
    }),
    email.accessor('subject', { header: 'Subject' }),
    email.accessor('status', {
      header: 'Status',
      meta: { width: '12rem' },
      cell: (info) => <CellStack main={STATUS_TEXT[info.getValue()] ?? info.getValue()} sub={info.row.original.error} />,
    }),
  ])
}

export interface OutboxScreenProps {
  page: number
  size: number
  onPage: (next: { pageIndex: number; pageSize: number }) => void
}

/**
 * /email-outbox — the e-mails and calendar invites sent to customers and staff
 * from the stores the user may see (handoff mail, invites, scheduled reports),
 * newest first; without a mail server this is where they wait.
 */
export function OutboxScreen({ page, size, onPage }: OutboxScreenProps) {
  const outbox = useOutbox({ page, size })
  const columns = useMemo(() => outboxColumns(), [])
  return (
    <section className="page" aria-labelledby="outbox-title">
      <header className="page__header">
        <h1 id="outbox-title">E-mail outbox</h1>
        <p className="page__lead">E-mails and calendar invites sent from your stores, newest first.</p>
      </header>
      <DataTable
        label="E-mail outbox"
        columns={columns}
        data={outbox.data?.content}
        getRowId={(row) => String(row.id)}
        isLoading={outbox.isPending}
        isFetching={outbox.isFetching}
        emptyText="No e-mails yet."
        paging={{ pageIndex: page, pageSize: size, rowCount: outbox.data?.totalElements ?? 0, onChange: onPage }}
      />
    </section>
  )
}
