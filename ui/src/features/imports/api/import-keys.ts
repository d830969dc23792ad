import type { ReportListQuery, ReportRowsQuery, ReviewRowsQuery } from '../import-search'
import type { SourceListQuery, SyncHistoryQuery } from '../source-search'

/** Query keys of the Imports screens; everything under `['imports']`. */
export const importKeys = {
  all: ['imports'] as const,
  fields: (fileType: string) => ['imports', 'fields', fileType] as const,
  recallTypes: () => ['imports', 'recall-types'] as const,
  rejectReasons: () => ['imports', 'reject-reasons'] as const,
  reportLists: () => ['imports', 'reports'] as const,
  reportList: (query: ReportListQuery) => ['imports', 'reports', query] as const,
  report: (reportId: number) => ['imports', 'report', reportId] as const,
  /** Everything shown of one report besides the report itself (row errors, rows to review). */
  reportRows: (reportId: number) => ['imports', 'report-rows', reportId] as const,
  rowErrors: (query: ReportRowsQuery) => ['imports', 'report-rows', query.reportId, 'errors', query] as const,
  /** Every cached page of one report's rows to review, whatever the filters. */
  reviewRowLists: (reportId: number) => ['imports', 'report-rows', reportId, 'review'] as const,
  reviewRows: (query: ReviewRowsQuery) => ['imports', 'report-rows', query.reportId, 'review', query] as const,
  /** Every cached page of data sources, whatever the store. */
  sourceLists: () => ['imports', 'sources'] as const,
  sourceList: (query: SourceListQuery) => ['imports', 'sources', query] as const,
  source: (sourceId: number) => ['imports', 'source', sourceId] as const,
  sourceMapping: (sourceId: number, fileType: string) => ['imports', 'source-mapping', sourceId, fileType] as const,
  /** Every cached page of the sync history, whatever the filters. */
  syncLists: () => ['imports', 'syncs'] as const,
  syncList: (query: SyncHistoryQuery) => ['imports', 'syncs', query] as const,
  /** Every cached list of schedules. */
  scheduleLists: () => ['imports', 'schedules'] as const,
  scheduleList: (enterpriseId: number, storeId: number | undefined) => ['imports', 'schedules', enterpriseId, storeId ?? null] as const,
}
/** Mutations that review a row (accept or reject), to tell which rows are being reviewed. */
export const REVIEW_MUTATION_KEY = ['imports', 'review'] as const
