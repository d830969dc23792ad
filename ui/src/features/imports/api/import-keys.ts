import type { ReportListQuery, ReportRowsQuery } from '../import-search'

/** Query keys of the Imports screens; everything under `['imports']`. */
export const importKeys = {
  all: ['imports'] as const,
  fields: (fileType: string) => ['imports', 'fields', fileType] as const,
  recallTypes: () => ['imports', 'recall-types'] as const,
  reportLists: () => ['imports', 'reports'] as const,
  reportList: (query: ReportListQuery) => ['imports', 'reports', query] as const,
  report: (reportId: number) => ['imports', 'report', reportId] as const,
  /** Everything shown of one report besides the report itself (row errors, imported rows). */
  reportRows: (reportId: number) => ['imports', 'report-rows', reportId] as const,
  rowErrors: (query: ReportRowsQuery) => ['imports', 'report-rows', query.reportId, 'errors', query] as const,
  importedRows: (query: ReportRowsQuery) => ['imports', 'report-rows', query.reportId, 'rows', query] as const,
}
