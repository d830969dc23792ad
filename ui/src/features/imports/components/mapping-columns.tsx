import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { PreviewField } from '../api/preview-import'
import { columnSamples, headerOptions, sharedWith, type ColumnMapping, type MappingPreview, type MappingProblems } from '../import-mapping'

const column = createDataTableColumnHelper<PreviewField>()

export interface MappingColumnsInput {
  preview: MappingPreview
  mapping: ColumnMapping
  problems: MappingProblems
  onSelect: (key: string, header: string | undefined) => void
  disabled: boolean
}

/** The mapping table: each field, the file's column it is read from, and that column's first values. */
export function mappingColumns({ preview, mapping, problems, onSelect, disabled }: MappingColumnsInput) {
  const headers = headerOptions(preview)
  const labelOf = (key: string) => preview.fields.find((f) => f.key === key)?.label ?? key
  return column.columns([
    column.accessor('label', {
      header: 'Field',
      meta: { width: '30%' },
      cell: (info) => {
        const field = info.row.original
        return (
          <span className="mapping-field">
            <span className="mapping-field__label">{field.label}</span>
            {field.required ? (
              <span className="mapping-field__required" title="Required: every row needs a value">
                <span aria-hidden="true">*</span>
                <span className="visually-hidden">(required)</span>
              </span>
            ) : null}
          </span>
        )
      },
    }),
    column.display({
      id: 'column',
      header: 'File column',
      meta: { width: '32%' },
      cell: (info) => {
        const field = info.row.original
        const chosen = mapping[field.key]
        const missing = field.required && !chosen
        const shared = sharedWith(problems, mapping, field.key)
        const problemId = `mapping-${field.key}-problem`
        return (
          <span className="mapping-column">
            <select
              aria-label={`Column for ${field.label}`}
              aria-invalid={missing || shared.length > 0}
              aria-describedby={missing || shared.length > 0 ? problemId : undefined}
              className={missing || shared.length > 0 ? 'is-invalid' : undefined}
              value={chosen ?? ''}
              disabled={disabled}
              onChange={(event) => onSelect(field.key, event.target.value || undefined)}
            >
              <option value="">{field.required ? '— Choose a column —' : '— Not loaded —'}</option>
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
              {chosen && !headers.includes(chosen) ? <option value={chosen}>{chosen} (not in the file)</option> : null}
            </select>
            {missing ? (
              <span id={problemId} className="mapping-column__problem">
                Required: choose a column
              </span>
            ) : shared.length > 0 ? (
              <span id={problemId} className="mapping-column__problem">
                Also chosen for {shared.map(labelOf).join(', ')}
              </span>
            ) : null}
          </span>
        )
      },
    }),
    column.display({
      id: 'samples',
      header: 'Sample values',
      cell: (info) => {
        const samples = columnSamples(preview, mapping[info.row.original.key])
        return samples.length > 0 ? (
          <span className="mapping-samples" title={samples.join('\n')}>
            {samples.map((sample, i) => (
              <span key={i} className="mapping-samples__value">
                {sample}
              </span>
            ))}
          </span>
        ) : (
          <span className="panel__meta">{mapping[info.row.original.key] ? 'Empty in the first rows' : '—'}</span>
        )
      },
    }),
  ])
}

export function mappingRowId(field: PreviewField): string {
  return field.key
}
