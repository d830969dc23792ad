/**
 * Parsers for validateSearch. TanStack Router JSON-parses search values, so a
 * value may arrive as a number, a string or anything else.
 */

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isSafeInteger(n) ? n : undefined
}

/** Any whole number, negative too. */
export function integer(value: unknown): number | undefined {
  return toInt(value)
}

export function nonNegativeInt(value: unknown): number | undefined {
  const n = toInt(value)
  return n !== undefined && n >= 0 ? n : undefined
}

export function positiveInt(value: unknown): number | undefined {
  const n = toInt(value)
  return n !== undefined && n > 0 ? n : undefined
}

/** A page size between 1 and `max`. */
export function pageSize(value: unknown, max = 100): number | undefined {
  const n = positiveInt(value)
  return n !== undefined && n <= max ? n : undefined
}

/** A non-empty trimmed string (numbers are turned back into text). */
export function text(value: unknown): string | undefined {
  const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
  const trimmed = s?.trim()
  return trimmed ? trimmed : undefined
}

/** One of `allowed`, else undefined. */
export function oneOf<const T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined
}

/** A real calendar day written YYYY-MM-DD. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const t = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value ? value : undefined
}

/** `true` or `false` (also written as text), else undefined. */
export function bool(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  return undefined
}

/** The items of a list value: an array, or text with commas (`1,2`) for hand-written links. */
function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[]
  if (typeof value === 'string') return value.split(',')
  return value === undefined || value === null ? [] : [value]
}

/** Distinct positive integers, in the order given; undefined when none. */
export function positiveIntList(value: unknown): number[] | undefined {
  const ids = [...new Set(listItems(value).map(positiveInt).filter((n): n is number => n !== undefined))]
  return ids.length > 0 ? ids : undefined
}

/** Distinct values of `allowed`, in the order given; undefined when none. */
export function oneOfList<const T extends string>(value: unknown, allowed: readonly T[]): T[] | undefined {
  const items = [
    ...new Set(listItems(value).map((item) => oneOf(typeof item === 'string' ? item.trim() : item, allowed)).filter((v) => v !== undefined)),
  ]
  return items.length > 0 ? items : undefined
}

/** The URL's page and size after a pager change; the first page and the default size are left out. */
export function pagingSearch(next: { pageIndex: number; pageSize: number }, defaultSize: number): { page?: number; size?: number } {
  return {
    page: next.pageIndex > 0 ? next.pageIndex : undefined,
    size: next.pageSize !== defaultSize ? next.pageSize : undefined,
  }
}
