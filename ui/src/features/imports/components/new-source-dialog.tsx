import { useId, useState, type FormEvent } from 'react'
import type { Store } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { notifyApiError } from '../../../lib/api-client'
import { useCreateDataSource, type CreatedDataSource } from '../api/create-data-source'
import { SOURCE_KINDS, SOURCE_NAME_MAX, sourceNameProblem, type SourceKindCode } from '../data-sources'
import { refusalText } from '../import-review'

export interface NewSourceDialogProps {
  open: boolean
  stores: readonly Store[] | undefined
  /** The store chosen at first (the screen's filter, or the user's only store). */
  defaultStore: number | undefined
  onClose: () => void
  onCreated: (source: CreatedDataSource) => void
}

/**
 * A new data source: its store, name (1 to 100 characters, checked here as the
 * server does), kind — each with what it does — and whether it is on. A
 * refusal (a name taken, a store not the user's) shows in the form.
 */
export function NewSourceDialog({ open, ...rest }: NewSourceDialogProps) {
  const ref = useModalDialog(open)
  return (
    <dialog
      ref={ref}
      className="form-dialog new-source"
      aria-labelledby="new-source-title"
      onCancel={(event) => {
        event.preventDefault()
        rest.onClose()
      }}
    >
      {/* Mounted while open: every opening starts from a blank form. */}
      {open ? <NewSourceForm {...rest} /> : null}
    </dialog>
  )
}

function NewSourceForm({ stores, defaultStore, onClose, onCreated }: Omit<NewSourceDialogProps, 'open'>) {
  const ids = useId()
  const create = useCreateDataSource()
  const [store, setStore] = useState<number | undefined>(defaultStore)
  const [name, setName] = useState('')
  const [kind, setKind] = useState<SourceKindCode>('FILE_DROP')
  const [enabled, setEnabled] = useState(true)
  const [checked, setChecked] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const busy = create.isPending

  const nameProblem = sourceNameProblem(name)
  const storeProblem = store === undefined ? 'Choose the store the source feeds.' : null
  const showNameProblem = checked && nameProblem !== null
  const showStoreProblem = checked && storeProblem !== null

  const close = () => {
    if (!busy) onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (busy || nameProblem || store === undefined) return
    setServerError(null)
    create.mutate(
      { storeIdFk: store, name: name.trim(), sourceKind: kind, enabled },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const text = refusalText(error)
          if (text === null) notifyApiError(error)
          else setServerError(text)
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="new-source-title" className="form-dialog__header">
        New data source
      </h2>
      <div className="form-dialog__body">
        <div className="field">
          <label htmlFor={`${ids}-store`} className="field__label">
            Store
          </label>
          <select
            id={`${ids}-store`}
            value={store ?? ''}
            disabled={busy || stores === undefined}
            aria-invalid={showStoreProblem}
            aria-describedby={showStoreProblem ? `${ids}-store-problem` : undefined}
            onChange={(event) => setStore(event.target.value === '' ? undefined : Number(event.target.value))}
          >
            {store === undefined ? <option value="">Choose a store</option> : null}
            {(stores ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.storeName}
              </option>
            ))}
          </select>
          {showStoreProblem ? (
            <span id={`${ids}-store-problem`} className="field__error">
              {storeProblem}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-name`} className="field__label">
            Name
          </label>
          <input
            id={`${ids}-name`}
            type="text"
            value={name}
            disabled={busy}
            autoComplete="off"
            maxLength={SOURCE_NAME_MAX + 20}
            placeholder="e.g. DealerVault nightly export"
            aria-invalid={showNameProblem}
            aria-describedby={`${ids}-name-help`}
            onChange={(event) => {
              setName(event.target.value)
              setServerError(null)
            }}
            onBlur={() => {
              if (name !== '') setChecked(true)
            }}
          />
          <span id={`${ids}-name-help`} className={showNameProblem ? 'field__error' : 'field__hint'}>
            {showNameProblem ? nameProblem : `1 to ${SOURCE_NAME_MAX} characters.`}
          </span>
        </div>
        <fieldset className="source-kinds">
          <legend className="field__label">Kind</legend>
          {SOURCE_KINDS.map((k) => (
            <label key={k.code} className={`source-kind${kind === k.code ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={`${ids}-kind`}
                value={k.code}
                checked={kind === k.code}
                disabled={busy}
                aria-describedby={`${ids}-${k.code}`}
                onChange={() => setKind(k.code)}
              />
              <span className="source-kind__text">
                <span className="source-kind__label">{k.label}</span>
                <span id={`${ids}-${k.code}`} className="source-kind__description">
                  {k.description}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="filters__check source-enabled">
          <input type="checkbox" checked={enabled} disabled={busy} onChange={(event) => setEnabled(event.target.checked)} />
          Switched on (a switched-off source does not sync)
        </label>
        {serverError ? (
          <p className="danger-box" role="alert" data-testid="new-source-error">
            {serverError}
          </p>
        ) : null}
      </div>
      <div className="form-dialog__actions">
        <button type="button" className="btn" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create'}
        </button>
      </div>
    </form>
  )
}
