import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { LeadForm } from '../api/admin-types'
import { useLeadForms } from '../api/get-lead-forms'
import { LeadFormDialog } from './lead-form-dialog'
import { leadFormColumns, leadFormRowId } from './lead-form-columns'

export const LEAD_FORMS_INTRO =
  "Customers ask to be texted on these public forms. Each form's store decides the number it texts from; the consent text is shown word for word and kept with every submission."

/** The Lead forms section: the enterprise's brand lead forms, and changes to one. */
export function LeadFormsPanel({ enterpriseId }: { enterpriseId: number }) {
  const forms = useLeadForms(enterpriseId)
  const [editing, setEditing] = useState<LeadForm | undefined>(undefined)
  const columns = useMemo(() => leadFormColumns({ onEdit: setEditing }), [])

  return (
    <section className="panel" aria-labelledby="admin-lead-forms">
      <header className="panel__header">
        <h2 id="admin-lead-forms">Lead forms</h2>
      </header>
      <p className="panel__intro">{LEAD_FORMS_INTRO}</p>
      <DataTable
        label="Lead forms"
        columns={columns}
        data={forms.data}
        getRowId={leadFormRowId}
        isLoading={forms.isPending}
        isFetching={forms.isFetching}
        skeletonRows={4}
      />
      {editing ? <LeadFormDialog enterpriseId={enterpriseId} form={editing} onClose={() => setEditing(undefined)} /> : null}
    </section>
  )
}
