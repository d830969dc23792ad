import { useImportFields } from '../api/get-import-fields'
import { fileTypeLabel } from '../file-types'

/** The columns a file type is read from: required ones first and bold, each with the names it is known by on hover. */
export function ExpectedFields({ fileType }: { fileType: string }) {
  const fields = useImportFields(fileType)
  if (!fields.data) return <p className="import-fields panel__meta">{fields.isError ? '' : '\u00a0'}</p>
  const ordered = [...fields.data.filter((f) => f.required), ...fields.data.filter((f) => !f.required)]
  return (
    <p className="import-fields" data-testid="expected-fields">
      <span className="import-fields__intro">{fileTypeLabel(fileType)} columns: </span>
      {ordered.map((field, i) => (
        <span key={field.key}>
          {i > 0 ? ', ' : ''}
          <span
            className={field.required ? 'import-fields__field is-required' : 'import-fields__field'}
            title={[field.label, ...field.synonyms].join(' · ')}
          >
            {field.label}
          </span>
        </span>
      ))}
      <span className="import-fields__intro"> — required ones in bold; hover for the other names each is recognised by.</span>
    </p>
  )
}
