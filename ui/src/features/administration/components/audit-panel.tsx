import { useId } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { AUDIT_ENTITIES } from '../audit-diff'
import { useAudit, type AuditQuery } from '../api/get-audit'
import { auditColumns, auditRowId } from './audit-columns'

export interface AuditPanelProps {
  enterpriseId: number
  /** Page, size and the kind of record, as the address holds them. */
  query: AuditQuery
  onQuery: (next: Partial<AuditQuery>) => void
}

/** The Audit log section: every administrative change of the enterprise, newest first, by kind of record. */
export function AuditPanel({ enterpriseId, query, onQuery }: AuditPanelProps) {
  const filterId = useId()
  const audit = useAudit(enterpriseId, query)
  return (
    <section className="panel" aria-labelledby="admin-audit">
      <header className="panel__header panel__header--toolbar">
        <h2 id="admin-audit">Audit log</h2>
        <div className="filters__field">
          <label htmlFor={filterId}>Record</label>
          <select id={filterId} value={query.entity} onChange={(event) => onQuery({ entity: event.target.value, page: 0 })}>
            <option value="">All records</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      <DataTable
        label="Audit log"
        className="audit-table"
        columns={auditColumns}
        data={audit.data?.content}
        getRowId={auditRowId}
        isLoading={audit.isPending}
        isFetching={audit.isFetching}
        paging={{
          pageIndex: query.page,
          pageSize: query.size,
          rowCount: audit.data?.totalElements ?? 0,
          onChange: (next) => onQuery({ page: next.pageIndex, size: next.pageSize }),
        }}
      />
    </section>
  )
}
