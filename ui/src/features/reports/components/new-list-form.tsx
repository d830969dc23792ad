import { useId, useState, type FormEvent } from 'react'
import { notifyApiError } from '../../../lib/api-client'
import { useCreateMailingList } from '../api/create-mailing-list'
import type { MailingList } from '../api/get-mailing-lists'
import { LIST_CODE_MAX, LIST_PREFIX, listCodeProblem, listRefusalText } from '../mailing-lists'

export interface NewListFormProps {
  tenantId: number
  onCreated: (list: MailingList) => void
}

/**
 * A new mailing list: its code, checked here as the server checks it (it starts
 * with LIST-, H-R1). A refusal shows under the field: 'List Should Start With
 * LIST-' when the server says the code "should begin with" it, else the
 * server's message (a code already used is a 409).
 */
export function NewListForm({ tenantId, onCreated }: NewListFormProps) {
  const ids = useId()
  const create = useCreateMailingList()
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const busy = create.isPending

  const problem = listCodeProblem(code)
  const shown = serverError ?? (checked ? problem : null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (busy || problem !== null) return
    setServerError(null)
    create.mutate(
      { code: code.trim(), tenantId },
      {
        onSuccess: (list) => {
          setCode('')
          setChecked(false)
          onCreated(list)
        },
        onError: (error) => {
          const text = listRefusalText(error)
          if (text === null) notifyApiError(error)
          else setServerError(text)
        },
      },
    )
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label="New mailing list">
      <div className="field inline-form__field">
        <label htmlFor={`${ids}-code`} className="field__label">
          New list code
        </label>
        <input
          id={`${ids}-code`}
          type="text"
          value={code}
          placeholder={`${LIST_PREFIX}MANAGERS`}
          autoComplete="off"
          spellCheck={false}
          maxLength={LIST_CODE_MAX + 20}
          disabled={busy}
          aria-invalid={shown !== null}
          aria-describedby={`${ids}-code-help`}
          onChange={(event) => {
            setCode(event.target.value)
            setServerError(null)
          }}
          onBlur={() => {
            if (code.trim() !== '') setChecked(true)
          }}
        />
        <span id={`${ids}-code-help`} className={shown !== null ? 'field__error' : 'field__hint'} data-testid="list-code-help">
          {shown ?? `Starts with ${LIST_PREFIX}, e.g. ${LIST_PREFIX}SERVICE-MANAGERS.`}
        </span>
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create list'}
      </button>
    </form>
  )
}
