import type { ReportRequest } from '../report-search'

/** Query keys of the report screens; everything under `['reports']`. */
export const reportKeys = {
  all: ['reports'] as const,
  /** Every cached answer of one report, whatever its filter. */
  kind: (kind: string) => ['reports', 'run', kind] as const,
  run: (request: ReportRequest) => ['reports', 'run', request.kind, request.body, request.page ?? null] as const,
}
