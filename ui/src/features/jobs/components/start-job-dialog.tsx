import { useId, useState, type FormEvent } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { ApiError, notifyApiError } from '../../../lib/api-client'
import { parseJsonInput } from '../../../lib/json-input'
import type { JobKind } from '../api/get-job-kinds'
import { useStartJob, type StartedJobRun } from '../api/start-job'

export interface StartJobDialogProps {
  open: boolean
  kinds: readonly JobKind[]
  onClose: () => void
  onStarted: (run: StartedJobRun) => void
}

/** Start a run: kind, JSON input (checked here), optional idempotency key; a 400's reason shows inline. */
export function StartJobDialog({ open, kinds, onClose, onStarted }: StartJobDialogProps) {
  const ref = useModalDialog(open)
  const ids = useId()
  const start = useStartJob()
  const [kind, setKind] = useState(kinds[0]?.name ?? '')
  const [input, setInput] = useState('{}')
  const [idempotencyKey, setIdempotencyKey] = useState('')
  const [serverError, setServerError] = useState<string | null>(null)

  const selectedKind = kinds.find((k) => k.name === kind) ?? kinds[0]
  const parsed = parseJsonInput(input)
  const busy = start.isPending

  const close = () => {
    if (busy) return
    setServerError(null)
    start.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!parsed.ok || !selectedKind || busy) return
    setServerError(null)
    start.mutate(
      { kind: selectedKind.name, input: parsed.value, idempotencyKey: idempotencyKey.trim() || undefined },
      {
        onSuccess: (run) => {
          setServerError(null)
          onStarted(run)
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
            setServerError(error.message)
            return
          }
          notifyApiError(error)
        },
      },
    )
  }

  return (
    <dialog
      ref={ref}
      className="form-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${ids}-title`} className="form-dialog__header">
          Start job
        </h2>
        <div className="form-dialog__body">
          <label className="field">
            <span className="field__label">Kind</span>
            <select value={selectedKind?.name ?? ''} onChange={(event) => setKind(event.target.value)} disabled={busy}>
              {kinds.map((k) => (
                <option key={k.name} value={k.name}>
                  {k.label} ({k.name})
                </option>
              ))}
            </select>
            {selectedKind ? (
              <span className="field__hint">
                {selectedKind.description} Up to {selectedKind.maxAttempts}{' '}
                {selectedKind.maxAttempts === 1 ? 'attempt' : 'attempts'}.
              </span>
            ) : null}
          </label>
          <label className="field">
            <span className="field__label">Input (JSON)</span>
            <textarea
              className="code-input"
              rows={6}
              spellCheck={false}
              value={input}
              disabled={busy}
              aria-invalid={!parsed.ok}
              aria-describedby={`${ids}-input-help`}
              onChange={(event) => {
                setInput(event.target.value)
                setServerError(null)
              }}
            />
            <span id={`${ids}-input-help`} className={parsed.ok ? 'field__hint' : 'field__error'}>
              {parsed.ok ? 'Leave empty to send no input.' : parsed.error}
            </span>
          </label>
          <label className="field">
            <span className="field__label">Idempotency key (optional)</span>
            <input
              type="text"
              value={idempotencyKey}
              disabled={busy}
              autoComplete="off"
              onChange={(event) => setIdempotencyKey(event.target.value)}
            />
            <span className="field__hint">While a run with this key is active, starting again opens that run.</span>
          </label>
          {serverError ? (
            <p className="danger-box" role="alert" data-testid="start-job-error">
              {serverError}
            </p>
          ) : null}
        </div>
        <div className="form-dialog__actions">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy || !parsed.ok || !selectedKind}>
            {busy ? 'Starting…' : 'Start'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
