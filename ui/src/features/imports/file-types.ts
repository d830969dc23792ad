/**
 * The kinds of data file the server loads (docs/imports.md, "File types and
 * fields"), in the order the screens offer them. This is the one list to
 * extend when the server learns another file type: the upload choice, the
 * report tabs and the URL's `type` all read it. A report of a type missing
 * here still shows, labelled from its code.
 */
import { enumLabel } from '../../lib/text'

export interface FileTypeInfo {
  /** The server's `file_type`. */
  code: string
  /** For people (the upload choice and reports). */
  label: string
  /** A shorter label for the report tabs, when the label is long. */
  tabLabel?: string
  /** Campaign files: each row becomes an imported lead matched by enrichment (the report lists them). */
  makesLeads: boolean
  /** A recall file carries a recall type. */
  hasRecallType?: boolean
}

export const FILE_TYPES = [
  { code: 'RECALL', label: 'Recall', makesLeads: true, hasRecallType: true },
  { code: 'PREPAID_MAINTENANCE', label: 'Prepaid maintenance', makesLeads: true },
  { code: 'FEA_ALERT', label: 'FEA alert', makesLeads: true },
  { code: 'DMS_CUSTOMER_VEHICLES', label: 'DMS customers & vehicles', tabLabel: 'DMS customers', makesLeads: false },
  { code: 'DMS_ADVISORS', label: 'DMS advisors', makesLeads: false },
  { code: 'DMS_SALES', label: 'DMS sales', makesLeads: false },
  { code: 'DMS_REPAIR_ORDERS', label: 'DMS repair orders', tabLabel: 'DMS ROs', makesLeads: false },
  { code: 'DMS_APPOINTMENTS', label: 'DMS appointments', makesLeads: false },
] as const satisfies readonly FileTypeInfo[]

export type FileTypeCode = (typeof FILE_TYPES)[number]['code']

export const FILE_TYPE_CODES: readonly FileTypeCode[] = FILE_TYPES.map((t) => t.code)

/** The upload screen's file type when the URL names none. */
export const DEFAULT_FILE_TYPE: FileTypeCode = 'RECALL'

/** What the screens know of a file type; an unknown code is labelled from itself and makes no leads. */
export function fileTypeInfo(code: string): FileTypeInfo {
  return FILE_TYPES.find((t) => t.code === code) ?? { code, label: enumLabel(code), makesLeads: false }
}

export function fileTypeLabel(code: string): string {
  return fileTypeInfo(code).label
}

/** Recall, prepaid and FEA files: the report shows their imported rows and what enrichment made of them. */
export function makesLeads(code: string): boolean {
  return fileTypeInfo(code).makesLeads
}

export function hasRecallType(code: string): boolean {
  return fileTypeInfo(code).hasRecallType === true
}

/** The files the upload takes (the server reads the content, whatever the name says). */
export const ACCEPTED_FILE_EXTENSIONS = ['.csv', '.txt', '.xlsx', '.xlsb', '.xls', '.ods'] as const
