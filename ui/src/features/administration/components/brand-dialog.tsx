import { useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { codeProblem, hasProblems, requiredProblem } from '../admin-validation'
import type { Brand } from '../api/admin-types'
import { useSaveBrand } from '../api/save-brand'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'

export interface BrandDialogProps {
  /** The brand renamed; absent for a new one. */
  brand?: Brand
  onClose: () => void
}

/**
 * A new brand (code and name) or a new name for one: a brand keeps its code,
 * which the planners and imports key on. Checked here first; the server's
 * refusal (a taken code, its problems) shows at the top. Mount it to open it.
 */
export function BrandDialog({ brand, onClose }: BrandDialogProps) {
  const save = useSaveBrand()
  const [code, setCode] = useState(brand?.code ?? '')
  const [name, setName] = useState(brand?.name ?? '')
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = {
    code: brand ? null : codeProblem('Brand code', code),
    name: requiredProblem('Brand name', name),
  }

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    const input = brand ? { code: brand.code, body: { name: name.trim() } } : { body: { code: code.trim(), name: name.trim() } }
    save.mutate(input, {
      onSuccess: () => {
        notify({ message: brand ? UPDATED_NOTICE_TEXT : 'Successfully Created' })
        onClose()
      },
      onError: (error) => {
        showRefusal(error, setRefusal)
      },
    })
  }

  return (
    <AdminFormDialog
      open
      title={brand ? `Rename brand ${brand.code}` : 'New brand'}
      submitText={brand ? 'Save' : 'Add brand'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormRefusal refusal={refusal} />
      <TextField
        label="Brand code"
        value={code}
        readOnly={!!brand}
        maxLength={60}
        hint={brand ? 'A brand keeps its code.' : "Letters, digits, '-', '_' and '.'; kept in capitals and never changed."}
        error={checked ? problems.code : null}
        onChange={setCode}
      />
      <TextField label="Brand name" value={name} maxLength={120} error={checked ? problems.name : null} onChange={setName} />
    </AdminFormDialog>
  )
}
