/**
 * The Imports screens' URL state: the report list (`/imports`: file type tab,
 * store, page), the upload (`/imports/upload`: store, file type, recall type)
 * and a report (`/imports/$reportId`: the pages of its row errors, and the
 * review of its rows — statuses, VIN, page).
 * Anything unreadable, and any default, is left out.
 */
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { nonNegativeInt, oneOf, oneOfList, pageSize, positiveInt, text } from '../../lib/search-params'
import { normalizeVin } from '../../lib/validation'
import { DEFAULT_FILE_TYPE, FILE_TYPE_CODES, type FileTypeCode } from './file-types'
import { ENRICHMENT_STATUSES, type EnrichmentStatus } from './import-format'

/** The report list's page size. */
export const REPORT_PAGE_SIZE = DEFAULT_PAGE_SIZE
/** The row errors' and imported rows' page size. */
export const REPORT_ROWS_PAGE_SIZE = 10

export interface ImportsSearch {
  /** One file type's reports (none: every type). */
  type?: FileTypeCode
  /** One store's reports (none: every store the user sees). */
  store?: number
  /** Zero-based page. */
  page?: number
  size?: number
}

export function validateImportsSearch(raw: Record<string, unknown>): ImportsSearch {
  return {
    type: oneOf(raw.type, FILE_TYPE_CODES),
    store: positiveInt(raw.store),
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size),
  }
}

/** One page of reports: the query key and the call. */
export interface ReportListQuery {
  enterpriseId: number
  fileType?: FileTypeCode
  storeId?: number
  page: number
  size: number
}

export function reportListQuery(enterpriseId: number, search: ImportsSearch): ReportListQuery {
  return {
    enterpriseId,
    fileType: search.type,
    storeId: search.store,
    page: search.page ?? 0,
    size: search.size ?? REPORT_PAGE_SIZE,
  }
}

export interface ImportUploadSearch {
  store?: number
  /** Default RECALL. */
  type?: FileTypeCode
  /** A recall file's recall type (the server's default, SAFETY, when absent). */
  recallType?: string
  /** The store's data source the file comes from: its saved mapping is suggested. */
  source?: number
}

export function validateImportUploadSearch(raw: Record<string, unknown>): ImportUploadSearch {
  const type = oneOf(raw.type, FILE_TYPE_CODES)
  const recallType = text(raw.recallType)
  return {
    store: positiveInt(raw.store),
    type: type === DEFAULT_FILE_TYPE ? undefined : type,
    recallType: recallType && /^[A-Z0-9_]+$/.test(recallType) ? recallType : undefined,
    source: positiveInt(raw.source),
  }
}

/** The URL after choosing another store: a data source belongs to one store, so it is dropped. */
export function selectUploadStore(search: ImportUploadSearch, store: number | undefined): ImportUploadSearch {
  return { ...search, store, source: store === search.store ? search.source : undefined }
}

/** The upload's choices with the defaults filled in; `onlyStore` is taken when the user has just one. */
export function uploadChoices(search: ImportUploadSearch, onlyStore?: number): { store?: number; type: FileTypeCode; recallType?: string } {
  const type = search.type ?? DEFAULT_FILE_TYPE
  return { store: search.store ?? onlyStore, type, recallType: type === 'RECALL' ? search.recallType : undefined }
}

/** The URL after choosing another file type: a recall type only stays for recall files. */
export function selectUploadType(search: ImportUploadSearch, type: FileTypeCode): ImportUploadSearch {
  return { ...search, type: type === DEFAULT_FILE_TYPE ? undefined : type, recallType: type === 'RECALL' ? search.recallType : undefined }
}

export interface ImportReportSearch {
  errorsPage?: number
  errorsSize?: number
  /** The review table's page and size. */
  rowsPage?: number
  rowsSize?: number
  /** The review table's rows of these enrichment statuses (none: every status). */
  status?: EnrichmentStatus[]
  /** The review table's rows of this VIN (whole, as `vinSearch` writes it). */
  vin?: string
}

/** A VIN as the server compares it (`normalizeVin`); undefined when nothing is left. */
export function vinSearch(value: unknown): string | undefined {
  const raw = text(value)
  const vin = raw === undefined ? '' : normalizeVin(raw)
  return vin ? vin : undefined
}

export function validateImportReportSearch(raw: Record<string, unknown>): ImportReportSearch {
  return {
    errorsPage: nonNegativeInt(raw.errorsPage) || undefined,
    errorsSize: pageSize(raw.errorsSize),
    rowsPage: nonNegativeInt(raw.rowsPage) || undefined,
    rowsSize: pageSize(raw.rowsSize),
    status: reviewStatuses(oneOfList(raw.status, ENRICHMENT_STATUSES)),
    vin: vinSearch(raw.vin),
  }
}

/** Statuses in one order (the server's), so the same filter is the same query; undefined for none. */
export function reviewStatuses(statuses: readonly string[] | undefined): EnrichmentStatus[] | undefined {
  const picked = ENRICHMENT_STATUSES.filter((s) => statuses?.includes(s))
  return picked.length > 0 ? picked : undefined
}

/** The review filters after a change: the table goes back to its first page. */
export function applyReviewFilters(
  search: ImportReportSearch,
  change: { status?: readonly EnrichmentStatus[]; vin?: string },
): ImportReportSearch {
  return {
    ...search,
    ...('status' in change ? { status: reviewStatuses(change.status) } : {}),
    ...('vin' in change ? { vin: vinSearch(change.vin) } : {}),
    rowsPage: undefined,
  }
}

/** A page of one report's row errors. */
export interface ReportRowsQuery {
  reportId: number
  page: number
  size: number
}

export function rowErrorsQuery(reportId: number, search: ImportReportSearch): ReportRowsQuery {
  return { reportId, page: search.errorsPage ?? 0, size: search.errorsSize ?? REPORT_ROWS_PAGE_SIZE }
}

/** A page of one report's imported rows to review: the query key and the call. */
export interface ReviewRowsQuery extends ReportRowsQuery {
  /** Empty: every status. */
  statuses: EnrichmentStatus[]
  vin?: string
}

export function reviewRowsQuery(reportId: number, search: ImportReportSearch): ReviewRowsQuery {
  return {
    reportId,
    statuses: search.status ?? [],
    vin: search.vin,
    page: search.rowsPage ?? 0,
    size: search.rowsSize ?? REPORT_ROWS_PAGE_SIZE,
  }
}

/** The search call's parameters (`status` comma-separated; none sent for every status). */
export function reviewRowsParams(query: ReviewRowsQuery): {
  file_report_id: number
  status?: string
  vin?: string
  page: number
  size: number
} {
  return {
    file_report_id: query.reportId,
    status: query.statuses.length > 0 ? query.statuses.join(',') : undefined,
    vin: query.vin,
    page: query.page,
    size: query.size,
  }
}
