import { diffRows, recordLabel } from '../audit-diff'
import type { AuditEntry } from '../api/admin-types'

/** An entry's changes, folded: a summary that opens to the fields' before and after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const rows = diffRows(entry.detail)
  if (rows.length === 0) return <span className="panel__meta">No field changed</span>
  return (
    <details className="audit-diff" data-testid="audit-diff">
      <summary>
        {rows.length === 1 ? `1 field changed: ${rows[0]!.field}` : `${rows.length} fields changed`}
      </summary>
      <table className="audit-diff__table" aria-label={`Changes of ${recordLabel(entry.entity, entry.entityId, entry.detail)}`}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" title={row.key}>
                {row.field}
              </th>
              <td className="audit-diff__before">{row.before}</td>
              <td className="audit-diff__after">{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
