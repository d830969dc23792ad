import { useMemo, type ReactNode } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { FilePreview } from '../api/preview-import'
import { fileFacts } from '../import-format'
import { canLoad, mappingProblems, setFieldColumn, unusedHeaders, type ColumnMapping } from '../import-mapping'
import { mappingColumns, mappingRowId } from './mapping-columns'

export interface MappingStepProps {
  preview: FilePreview
  mapping: ColumnMapping
  onChange: (mapping: ColumnMapping) => void
  /** Load the file with the mapping (enabled once every required field has its own column). */
  onLoad: () => void
  /** Put the file away and choose another. */
  onDiscard: () => void
  loading: boolean
  /** The server's reason a load was refused. */
  error: string | null
  /** The data source choice, above the mapping. */
  sourceChoice?: ReactNode
}

/**
 * The mapping step: which of the file's columns each field is read from —
 * the server's suggestion preselected, required fields marked — and Load.
 */
export function MappingStep({ preview, mapping, onChange, onLoad, onDiscard, loading, error, sourceChoice }: MappingStepProps) {
  const problems = useMemo(() => mappingProblems(preview, mapping), [preview, mapping])
  const columns = useMemo(
    () =>
      mappingColumns({
        preview,
        mapping,
        problems,
        disabled: loading,
        onSelect: (key, header) => onChange(setFieldColumn(mapping, key, header)),
      }),
    [preview, mapping, problems, loading, onChange],
  )
  const unused = unusedHeaders(preview, mapping)
  const ready = canLoad(problems)
  const requiredCount = preview.fields.filter((f) => f.required).length

  const blockers = [
    ...problems.missing.map((f) => `${f.label} needs a column.`),
    ...[...problems.duplicates].map(
      ([header, keys]) =>
        `"${header}" is chosen for ${keys.map((k) => preview.fields.find((f) => f.key === k)?.label ?? k).join(' and ')}: a column can feed one field.`,
    ),
  ]

  return (
    <section className="panel" aria-labelledby="mapping-title" data-testid="mapping-step">
      <header className="panel__header mapping-step__header">
        <div className="mapping-step__title">
          <h2 id="mapping-title">Map the columns</h2>
          <span className="panel__meta">
            {preview.fileName} · {fileFacts(preview)}
          </span>
        </div>
        <button type="button" className="btn btn--small" disabled={loading} onClick={onDiscard}>
          Choose another file
        </button>
      </header>
      <p className="mapping-step__intro">
        Each field is read from the column chosen for it; the suggestion is preselected. The {requiredCount} fields marked{' '}
        <span className="mapping-field__required" aria-hidden="true">
          *
        </span>
        <span className="visually-hidden">as required</span> must have a column; a row without a value for one is refused.
      </p>
      {sourceChoice}
      <DataTable
        label="Column mapping"
        className="mapping-table"
        columns={columns}
        data={preview.fields}
        getRowId={mappingRowId}
      />
      <footer className="mapping-step__footer">
        <div className="mapping-step__notes">
          {blockers.length > 0 ? (
            <ul className="mapping-step__blockers" data-testid="mapping-blockers">
              {blockers.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : (
            <p className="mapping-step__ready">Every required field has a column.</p>
          )}
          {unused.length > 0 ? (
            <p className="panel__meta" data-testid="unused-columns">
              Not loaded: {unused.map((h) => `"${h}"`).join(', ')}.
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn--primary" disabled={!ready || loading} onClick={onLoad}>
          {loading ? 'Starting…' : 'Load'}
        </button>
      </footer>
      {error !== null ? (
        <div className="danger-box mapping-step__error" role="alert" data-testid="import-error">
          {error}
        </div>
      ) : null}
    </section>
  )
}
