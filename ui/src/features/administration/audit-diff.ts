/** The audit log's before/after of a record, as rows of the fields that changed. */

export interface DiffRow {
  field: string
  before: string
  after: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value as the diff shows it: text as is, nothing as '—', anything else as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '—'
  if (typeof value === 'string') return value === '' ? '""' : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** An entry's `detail` ({before, after}) read safely: either side may be missing (a creation has no before). */
export function detailSides(detail: unknown): { before: unknown; after: unknown } {
  if (!isRecord(detail)) return { before: undefined, after: undefined }
  return { before: detail.before, after: detail.after }
}

/**
 * The fields that differ between before and after, in the order they first
 * appear; both sides of a changed field as text. Records that are not objects
 * (or one side missing) compare as a whole field per key of the other side.
 */
export function diffRows(detail: unknown): DiffRow[] {
  const { before, after } = detailSides(detail)
  const b = isRecord(before) ? before : {}
  const a = isRecord(after) ? after : {}
  if (!isRecord(before) && !isRecord(after)) {
    if (before === undefined && after === undefined) return []
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: 'value', before: showValue(before), after: showValue(after) }]
  }
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: showValue(b[field]), after: showValue(a[field]) }))
}

/** The kinds of record the log holds, for its filter. */
export const AUDIT_ENTITIES = [
  { value: 'enterprise', label: 'Enterprise' },
  { value: 'logo', label: 'Logo' },
  { value: 'boc', label: 'Dealer' },
  { value: 'store', label: 'Store' },
  { value: 'user', label: 'User' },
] as const

export type AuditEntity = (typeof AUDIT_ENTITIES)[number]['value']

export function entityLabel(entity: string): string {
  return AUDIT_ENTITIES.find((e) => e.value === entity)?.label ?? entity
}
