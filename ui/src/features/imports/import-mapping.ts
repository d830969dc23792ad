/**
 * The mapping step's state: which of the file's columns each field is read
 * from. It starts from the preview's suggestion; the user changes it; the
 * load sends it (as a JSON object of field key → header). A load is possible
 * once every required field has a column and no column serves two fields
 * (the server refuses both).
 */

/** A field as the preview lists it. */
export interface MappingField {
  key: string
  label: string
  required: boolean
  /** The suggested column. */
  column?: string
}

/** What the mapping step needs of a preview. */
export interface MappingPreview {
  headers: readonly string[]
  sampleRows: readonly (readonly string[])[]
  fields: readonly MappingField[]
}

/** Field key → the chosen header; a field without one is absent. */
export type ColumnMapping = Readonly<Record<string, string>>

/** The preview's suggestion, restricted to headers the file has. */
export function suggestedMapping(preview: MappingPreview): ColumnMapping {
  const mapping: Record<string, string> = {}
  for (const field of preview.fields) {
    if (field.column !== undefined && preview.headers.includes(field.column)) mapping[field.key] = field.column
  }
  return mapping
}

/** The mapping with `key` read from `header` ('' or undefined: not loaded). */
export function setFieldColumn(mapping: ColumnMapping, key: string, header: string | undefined): ColumnMapping {
  const next: Record<string, string> = { ...mapping }
  if (header) next[key] = header
  else delete next[key]
  return next
}

export interface MappingProblems {
  /** Required fields without a column, in the fields' order. */
  missing: MappingField[]
  /** Headers chosen for more than one field → those fields' keys, in the fields' order. */
  duplicates: ReadonlyMap<string, string[]>
  /** Chosen headers the file does not have (a stale mapping). */
  unknown: string[]
}

export function mappingProblems(preview: MappingPreview, mapping: ColumnMapping): MappingProblems {
  const missing = preview.fields.filter((f) => f.required && !mapping[f.key])
  const byHeader = new Map<string, string[]>()
  const unknown: string[] = []
  for (const field of preview.fields) {
    const header = mapping[field.key]
    if (!header) continue
    if (!preview.headers.includes(header)) unknown.push(field.key)
    byHeader.set(header, [...(byHeader.get(header) ?? []), field.key])
  }
  const duplicates = new Map([...byHeader].filter(([, keys]) => keys.length > 1))
  return { missing, duplicates, unknown }
}

export function canLoad(problems: MappingProblems): boolean {
  return problems.missing.length === 0 && problems.duplicates.size === 0 && problems.unknown.length === 0
}

/** The fields other than `key` that read the same header as `key`. */
export function sharedWith(problems: MappingProblems, mapping: ColumnMapping, key: string): string[] {
  const header = mapping[key]
  return header ? (problems.duplicates.get(header) ?? []).filter((k) => k !== key) : []
}

/** The file's headers no field reads (they are not loaded), without repeats or blanks. */
export function unusedHeaders(preview: MappingPreview, mapping: ColumnMapping): string[] {
  const used = new Set(Object.values(mapping))
  return [...new Set(preview.headers)].filter((h) => h.trim() !== '' && !used.has(h))
}

/** The sample rows' values in a header's column (the first column of that name), blanks left out. */
export function columnSamples(preview: MappingPreview, header: string | undefined, max = 3): string[] {
  if (!header) return []
  const index = preview.headers.indexOf(header)
  if (index < 0) return []
  return preview.sampleRows
    .map((row) => (row[index] ?? '').trim())
    .filter((value) => value !== '')
    .slice(0, max)
}

/** The `mapping` form field of the load: the chosen columns as a JSON object, fields in the preview's order. */
export function mappingJson(preview: MappingPreview, mapping: ColumnMapping): string {
  const chosen: Record<string, string> = {}
  for (const field of preview.fields) {
    const header = mapping[field.key]
    if (header) chosen[field.key] = header
  }
  return JSON.stringify(chosen)
}

/** The header options of a column select: each distinct, non-blank header once, in file order. */
export function headerOptions(preview: MappingPreview): string[] {
  return [...new Set(preview.headers)].filter((h) => h.trim() !== '')
}
