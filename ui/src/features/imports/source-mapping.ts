/**
 * A data source's saved mapping (docs/imports.md, "Mapping"): for one file
 * type, the header its files use for each field. A field left blank is
 * matched by name and synonym as usual. The server refuses a header given to
 * two fields (compared as it compares headers: letters and digits, `#` read
 * as "no", case ignored) and a header over 200 characters.
 */
import type { ColumnMapping, MappingField } from './import-mapping'

/** Field key → the header typed for it ('' or absent: matched by name). */
export type MappingDraft = Readonly<Record<string, string>>

/** The longest header the server keeps. */
export const MAX_HEADER_LENGTH = 200

/** A header as the server compares headers: `Cust #` and `custno` are the same column. */
export function normalizeHeader(header: string): string {
  return header
    .replaceAll('#', 'no')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
}

/** The editor's starting point: each field's saved header, or ''. */
export function draftFromFields(fields: readonly MappingField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.column ?? '']))
}

/** The headers typed for known fields, trimmed, blanks left out, in the fields' order. */
export function typedMapping(fields: readonly MappingField[], draft: MappingDraft): Record<string, string> {
  const mapping: Record<string, string> = {}
  for (const field of fields) {
    const header = (draft[field.key] ?? '').trim()
    if (header) mapping[field.key] = header
  }
  return mapping
}

/** The body of `PUT /api/data-sync/datasource/{id}/mapping`. */
export function sourceMappingPayload(fileType: string, fields: readonly MappingField[], draft: MappingDraft): { fileType: string; mapping: Record<string, string> } {
  return { fileType, mapping: typedMapping(fields, draft) }
}

export interface DraftProblems {
  /** Each field whose header another field also has → the other fields' keys. */
  sharedWith: ReadonlyMap<string, string[]>
  /** Fields whose header is too long. */
  tooLong: string[]
}

export function draftProblems(fields: readonly MappingField[], draft: MappingDraft): DraftProblems {
  const typed = typedMapping(fields, draft)
  const byHeader = new Map<string, string[]>()
  const tooLong: string[] = []
  for (const [key, header] of Object.entries(typed)) {
    if (Array.from(header).length > MAX_HEADER_LENGTH) tooLong.push(key)
    const normalized = normalizeHeader(header)
    byHeader.set(normalized, [...(byHeader.get(normalized) ?? []), key])
  }
  const sharedWith = new Map<string, string[]>()
  for (const keys of byHeader.values()) {
    if (keys.length < 2) continue
    for (const key of keys) sharedWith.set(key, keys.filter((k) => k !== key))
  }
  return { sharedWith, tooLong }
}

export function canSaveDraft(problems: DraftProblems): boolean {
  return problems.sharedWith.size === 0 && problems.tooLong.length === 0
}

/** Whether the draft differs from what is saved. */
export function draftChanged(fields: readonly MappingField[], draft: MappingDraft): boolean {
  const saved = typedMapping(fields, draftFromFields(fields))
  const typed = typedMapping(fields, draft)
  const keys = new Set([...Object.keys(saved), ...Object.keys(typed)])
  return [...keys].some((k) => saved[k] !== typed[k])
}

/**
 * The upload's confirmed mapping, to save for the source the file came from
 * ("Save this mapping for the source"): the chosen columns in the fields' order.
 */
export function uploadMappingPayload(
  preview: { fileType: string; fields: readonly { key: string }[] },
  mapping: ColumnMapping,
): { fileType: string; mapping: Record<string, string> } {
  const chosen: Record<string, string> = {}
  for (const field of preview.fields) {
    const header = mapping[field.key]
    if (header) chosen[field.key] = header
  }
  return { fileType: preview.fileType, mapping: chosen }
}
