import { formatJson } from '../../../lib/json-input'

export interface JsonBlockProps {
  label: string
  value: unknown
  emptyText?: string
}

/** A JSON value, indented. */
export function JsonBlock({ label, value, emptyText = 'None' }: JsonBlockProps) {
  return (
    <section className="json-block" aria-label={label}>
      <h3 className="json-block__title">{label}</h3>
      {value === undefined || value === null ? (
        <p className="json-block__empty">{emptyText}</p>
      ) : (
        <pre className="json-block__code">{formatJson(value)}</pre>
      )}
    </section>
  )
}
