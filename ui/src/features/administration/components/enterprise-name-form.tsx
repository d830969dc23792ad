import { useState, type FormEvent } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { requiredProblem } from '../admin-validation'
import type { EnterpriseView } from '../api/admin-types'
import { useRenameEnterprise } from '../api/rename-enterprise'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'

/** The enterprise's name: checked here (required, at most 100 characters), then saved. */
export function EnterpriseNameForm({ enterprise }: { enterprise: EnterpriseView }) {
  const rename = useRenameEnterprise()
  const [name, setName] = useState(enterprise.name)
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problem = requiredProblem('Enterprise name', name)
  const changed = name.trim() !== enterprise.name

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (problem || rename.isPending || !changed) return
    setRefusal(null)
    rename.mutate(
      { enterpriseId: enterprise.id, name: name.trim() },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <form className="inline-form admin-name-form" onSubmit={submit} noValidate aria-label="Enterprise name">
      <FormRefusal refusal={refusal} />
      <div className="inline-form__row">
        <TextField
          label="Name"
          className="inline-form__field"
          value={name}
          maxLength={120}
          disabled={rename.isPending}
          error={checked ? problem : null}
          onChange={(next) => {
            setName(next)
            setRefusal(null)
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={rename.isPending || !changed}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </button>
      </div>
    </form>
  )
}
