import type { MappedCode } from './api/admin-types'

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * What a mapping did, in one line: "DMS-77 mapped to Lakeside Toyota: 12 rows
 * loaded (10 new, 2 updated), 1 refused, 3 leads created". Unchanged rows are
 * named only when there are some; refused rows and leads likewise.
 */
export function mappedText(result: MappedCode): string {
  const unchanged = Math.max(0, result.loaded - result.inserted - result.updated)
  const parts = [`${result.inserted} new`, `${result.updated} updated`]
  if (unchanged > 0) parts.push(`${unchanged} unchanged`)
  let text = `${result.code} mapped to ${result.storeName}: ${count(result.loaded, 'row', 'rows')} loaded`
  if (result.loaded > 0) text += ` (${parts.join(', ')})`
  if (result.failed > 0) text += `, ${result.failed} refused`
  if (result.leadsCreated > 0) text += `, ${count(result.leadsCreated, 'lead', 'leads')} created`
  return text
}

/** The question before the rows waiting for a code are dropped. */
export function discardQuestion(code: string, rows: number): string {
  return `Drop the ${count(rows, 'row', 'rows')} waiting for ${code}? They belong to no store.`
}
