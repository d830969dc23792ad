import { useState } from 'react'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { codeProblem, hasProblems, requiredProblem } from '../admin-validation'
import type { EnterpriseView } from '../api/admin-types'
import { useCreateEnterprise } from '../api/create-enterprise'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'

export interface NewEnterpriseDialogProps {
  onClose: () => void
  onCreated: (enterprise: EnterpriseView) => void
}

/** SUPER_ADMIN: a new enterprise — its name and code (letters, digits, '-', '_', '.'), checked here first. Mount it to open it. */
export function NewEnterpriseDialog({ onClose, onCreated }: NewEnterpriseDialogProps) {
  const create = useCreateEnterprise()
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = { name: requiredProblem('Enterprise name', name), code: codeProblem('Enterprise code', code) }

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    create.mutate(
      { name: name.trim(), code: code.trim() },
      {
        onSuccess: (enterprise) => {
          notify({ message: 'Successfully Created' })
          onCreated(enterprise)
        },
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <AdminFormDialog open title="New enterprise" submitText="Create enterprise" busyText="Creating…" busy={create.isPending} onSubmit={submit} onClose={onClose}>
      <FormRefusal refusal={refusal} />
      <TextField label="Name" value={name} maxLength={120} error={checked ? problems.name : null} onChange={setName} />
      <TextField
        label="Code"
        value={code}
        maxLength={60}
        hint="Letters, digits, '-', '_' and '.'; unique."
        error={checked ? problems.code : null}
        onChange={setCode}
      />
    </AdminFormDialog>
  )
}
