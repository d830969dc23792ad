import { useId, useMemo, useState, type FormEvent } from 'react'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { DataTable } from '../../../components/data-table/data-table'
import { notifyApiError } from '../../../lib/api-client'
import { useAddRecipient } from '../api/add-recipient'
import type { MailingList } from '../api/get-mailing-lists'
import { useRecipients, type Recipient } from '../api/get-recipients'
import { useRemoveRecipient } from '../api/remove-recipient'
import { formatDateTime } from '../../../lib/date-time'
import { MAX_RECIPIENTS, optionalText, recipientEmailProblem, recipientRefusalText } from '../mailing-lists'

export interface RecipientsPanelProps {
  tenantId: number
  list: MailingList
}

/**
 * One list's recipients (`GET /mailinglist/details`): add one (an e-mail
 * address, checked here as the server does; a name and phone if wanted), and
 * remove one. The server's refusal (a bad address, one already on the list)
 * shows in the form.
 */
export function RecipientsPanel({ tenantId, list }: RecipientsPanelProps) {
  const ids = useId()
  const listId = list.mailingListMasterId
  const recipients = useRecipients(tenantId, listId)
  const { mutate: removeRecipient, isPending: removingAny, variables: removal } = useRemoveRecipient()
  const removing = removingAny ? removal?.mailingListDetailsId : undefined

  const columns = useMemo(() => {
    const column = createDataTableColumnHelper<Recipient>()
    return column.columns([
      column.accessor((r) => r.email ?? '', {
        id: 'email',
        header: 'Recipient',
        // The name and phone under the address.
        cell: (info) => (
          <CellStack
            main={info.getValue()}
            sub={[info.row.original.name, info.row.original.phone].filter(Boolean).join(' · ')}
            title={info.getValue()}
          />
        ),
      }),
      column.accessor('createdAt', {
        header: 'Added',
        meta: { width: '12.5rem' },
        cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        meta: { width: '6.5rem', align: 'end' },
        cell: (info) => {
          const r = info.row.original
          return (
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={removing === r.mailingListDetailsId}
              aria-label={`Remove ${r.email ?? r.name ?? 'recipient'}`}
              onClick={() => removeRecipient({ tenantId, mailingListMasterId: listId, mailingListDetailsId: r.mailingListDetailsId })}
            >
              Remove
            </button>
          )
        },
      }),
    ])
  }, [removeRecipient, removing, tenantId, listId])

  const count = recipients.data?.length ?? list.recipients

  return (
    <section className="panel" aria-labelledby={`${ids}-title`} data-testid="recipients-panel">
      <header className="panel__header">
        <h2 id={`${ids}-title`}>Recipients of {list.code}</h2>
        <span className="panel__meta">
          {count} of at most {MAX_RECIPIENTS}
        </span>
      </header>
      {/* A fresh form for each list. */}
      <AddRecipientForm key={listId} tenantId={tenantId} listId={listId} full={count >= MAX_RECIPIENTS} />
      <DataTable
        label={`Recipients of ${list.code}`}
        columns={columns}
        data={recipients.data}
        getRowId={(r) => String(r.mailingListDetailsId)}
        isLoading={recipients.isPending}
        isFetching={recipients.isFetching && !recipients.isPending}
        skeletonRows={3}
        emptyText="No recipients yet: a report sent to this list would reach nobody."
      />
    </section>
  )
}

function AddRecipientForm({ tenantId, listId, full }: { tenantId: number; listId: number; full: boolean }) {
  const ids = useId()
  const add = useAddRecipient()
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [checked, setChecked] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const busy = add.isPending

  const problem = recipientEmailProblem(email)
  const shownProblem = checked ? problem : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (busy || problem !== null) return
    setServerError(null)
    add.mutate(
      { tenantId, mailingListMasterId: listId, email: email.trim(), name: optionalText(name), phone: optionalText(phone) },
      {
        onSuccess: () => {
          setEmail('')
          setName('')
          setPhone('')
          setChecked(false)
        },
        onError: (error) => {
          const text = recipientRefusalText(error)
          if (text === null) notifyApiError(error)
          else setServerError(text)
        },
      },
    )
  }

  return (
    <form className="inline-form inline-form--padded" onSubmit={submit} noValidate aria-label="Add a recipient">
      <div className="field inline-form__field">
        <label htmlFor={`${ids}-email`} className="field__label">
          E-mail
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          value={email}
          placeholder="name@dealer.com"
          autoComplete="off"
          disabled={busy || full}
          aria-invalid={shownProblem !== null}
          aria-describedby={shownProblem !== null ? `${ids}-email-problem` : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setServerError(null)
          }}
          onBlur={() => {
            if (email.trim() !== '') setChecked(true)
          }}
        />
        {shownProblem !== null ? (
          <span id={`${ids}-email-problem`} className="field__error">
            {shownProblem}
          </span>
        ) : null}
      </div>
      <div className="field inline-form__field">
        <label htmlFor={`${ids}-name`} className="field__label">
          Name (optional)
        </label>
        <input id={`${ids}-name`} type="text" value={name} autoComplete="off" disabled={busy || full} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field inline-form__field inline-form__field--narrow">
        <label htmlFor={`${ids}-phone`} className="field__label">
          Phone (optional)
        </label>
        <input id={`${ids}-phone`} type="tel" value={phone} autoComplete="off" disabled={busy || full} onChange={(event) => setPhone(event.target.value)} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy || full}>
        {busy ? 'Adding…' : 'Add recipient'}
      </button>
      {serverError ? (
        <p className="danger-box inline-form__error" role="alert" data-testid="recipient-error">
          {serverError}
        </p>
      ) : full ? (
        <p className="field__hint inline-form__error">The list holds {MAX_RECIPIENTS} recipients, the most it can.</p>
      ) : null}
    </form>
  )
}
