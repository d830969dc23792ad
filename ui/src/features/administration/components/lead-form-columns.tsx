import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import { formatDateTime } from '../../../lib/date-time'
import type { LeadForm } from '../api/admin-types'

const column = createDataTableColumnHelper<LeadForm>()

/** The brand lead forms: the public page, what it shows, the store that texts from its number. */
export function leadFormColumns({ onEdit }: { onEdit: (form: LeadForm) => void }) {
  return column.columns([
    column.accessor('slug', {
      header: 'Form',
      cell: (info) => (
        <a href={`/${info.getValue()}`} target="_blank" rel="noopener noreferrer" title="Open the public page in a new tab">
          {info.getValue()}
        </a>
      ),
    }),
    column.accessor('brand', { header: 'Brand', meta: { width: '9rem' } }),
    column.accessor('storeName', {
      header: 'Store',
      cell: (info) => {
        const phone = info.row.original.storePhoneNumber
        return (
          <>
            {info.getValue()}
            {phone ? <span className="nowrap admin-subtle"> {formatPhone(phone)}</span> : null}
          </>
        )
      },
    }),
    column.accessor('title', { header: 'Title' }),
    column.accessor('isActive', {
      header: 'Active',
      meta: { width: '7rem' },
      cell: (info) => (info.getValue() ? <span className="badge badge--success">Active</span> : <span className="badge badge--danger">Off</span>),
    }),
    column.accessor('updatedAt', {
      header: 'Updated',
      meta: { width: '11rem' },
      cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '6rem' },
      cell: (info) => (
        <button type="button" className="btn btn--small" aria-label={`Edit ${info.row.original.slug}`} onClick={() => onEdit(info.row.original)}>
          Edit…
        </button>
      ),
    }),
  ])
}

export function leadFormRowId(form: LeadForm): string {
  return form.slug
}
