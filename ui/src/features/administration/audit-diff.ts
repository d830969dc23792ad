/** The audit log's before/after of a record, as rows of the fields that changed. */
import { fieldLabel } from '../../lib/text'

export interface DiffRow {
  /** The field as people read it (`Time zone`); `key` is its name in the record. */
  field: string
  key: string
  before: string
  after: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A value as the diff shows it: text as is, nothing as '—', yes/no for flags,
 * lists as their items and records as `field: value` pairs, not JSON.
 */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '—'
  if (typeof value === 'string') return value === '' ? '(empty)' : value
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(showValue).join(', ')
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(key)}: ${showValue(inner)}`)
      .join('; ')
  }
  return String(value)
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
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [{ field: 'Value', key: 'value', before: showValue(before), after: showValue(after) }]
  }
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return fields
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({ field: fieldLabel(key), key, before: showValue(b[key]), after: showValue(a[key]) }))
}

/** The kinds of record the log holds, for its filter. */
export const AUDIT_ENTITIES = [
  { value: 'enterprise', label: 'Enterprise' },
  { value: 'logo', label: 'Logo' },
  { value: 'boc', label: 'Dealer' },
  { value: 'store', label: 'Store' },
  { value: 'user', label: 'User' },
  { value: 'virtual_service_record', label: 'Virtual service' },
  { value: 'virtual_mileage_record', label: 'Virtual mileage' },
] as const

export type AuditEntity = (typeof AUDIT_ENTITIES)[number]['value']

export function entityLabel(entity: string): string {
  return AUDIT_ENTITIES.find((e) => e.value === entity)?.label ?? entity
}

/** The fields a record's snapshot names it by, most telling first. */
const NAME_FIELDS = ['name', 'storeName', 'bocName', 'enterpriseName', 'username'] as const

/** A record as the log names it: `Store Harbor Toyota` (from its own snapshot), else `Store #12`. */
export function recordLabel(entity: string, entityId: string | number | null | undefined, detail: unknown): string {
  const { before, after } = detailSides(detail)
  const named = [after, before]
    .filter(isRecord)
    .flatMap((side) => NAME_FIELDS.map((field) => side[field]))
    .find((value): value is string => typeof value === 'string' && value.trim() !== '')
  const kind = entityLabel(entity)
  if (named) return `${kind} ${named}`
  return entityId ? `${kind} #${entityId}` : kind
}
