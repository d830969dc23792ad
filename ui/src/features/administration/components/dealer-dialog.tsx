import { useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { codeProblem, hasProblems, requiredProblem } from '../admin-validation'
import type { Boc } from '../api/admin-types'
import { useSaveBoc } from '../api/save-boc'
import { AdminFormDialog } from './form-dialog'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'

export interface DealerDialogProps {
  enterpriseId: number
  /** The dealer changed; absent for a new one. */
  dealer?: Boc
  onClose: () => void
}

/**
 * A new dealer (code and name) or a change to one (name, and whether it is
 * active: a deactivated dealer's stores leave the store pickers). Checked here
 * first; the server's refusal shows at the top. Mount it to open it.
 */
export function DealerDialog({ enterpriseId, dealer, onClose }: DealerDialogProps) {
  const save = useSaveBoc()
  const [code, setCode] = useState(dealer?.bocCode ?? '')
  const [name, setName] = useState(dealer?.bocName ?? '')
  const [active, setActive] = useState(dealer?.isActive ?? true)
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = {
    code: dealer ? null : codeProblem('Dealer code', code),
    name: requiredProblem('Dealer name', name),
  }

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    const input = dealer
      ? { enterpriseId, bocId: dealer.id, body: { bocName: name.trim(), isActive: active } }
      : { enterpriseId, body: { bocCode: code.trim(), bocName: name.trim() } }
    save.mutate(input, {
      onSuccess: () => {
        notify({ message: dealer ? UPDATED_NOTICE_TEXT : 'Successfully Created' })
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
      title={dealer ? `Edit dealer ${dealer.bocCode}` : 'New dealer'}
      submitText={dealer ? 'Save' : 'Create dealer'}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormRefusal refusal={refusal} />
      <TextField
        label="Dealer code"
        value={code}
        readOnly={!!dealer}
        maxLength={60}
        hint={dealer ? 'A dealer keeps its code.' : "Letters, digits, '-', '_' and '.'; unique in the enterprise."}
        error={checked ? problems.code : null}
        onChange={setCode}
      />
      <TextField label="Dealer name" value={name} maxLength={120} error={checked ? problems.name : null} onChange={setName} />
      {dealer ? (
        <label className="filters__check">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          Active (a deactivated dealer's stores leave the store pickers)
        </label>
      ) : null}
    </AdminFormDialog>
  )
}
