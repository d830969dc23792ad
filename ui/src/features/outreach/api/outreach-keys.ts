import type { BulkReportQuery } from './get-bulk-report'

/** Query keys of the Bulk initiation screen; everything under `['outreach']`. */
export const outreachKeys = {
  all: ['outreach'] as const,
  reports: () => ['outreach', 'report'] as const,
  /** Every page of one run's results (both members). */
  runReports: (jobRunId: number) => ['outreach', 'report', jobRunId] as const,
  report: (query: BulkReportQuery) => ['outreach', 'report', query.jobRunId, query] as const,
  personalTemplates: () => ['outreach', 'templates', 'personal'] as const,
  groupTemplates: (enterpriseId: number) => ['outreach', 'templates', 'group', enterpriseId] as const,
}
