import type { ReportRequest } from '../report-search'

/** Query keys of the report screens; everything under `['reports']`. */
export const reportKeys = {
  all: ['reports'] as const,
  /** Every cached answer of one report, whatever its filter. */
  kind: (kind: string) => ['reports', 'run', kind] as const,
  run: (request: ReportRequest) => ['reports', 'run', request.kind, request.body, request.page ?? null] as const,
  /** An enterprise's mailing lists. */
  mailingLists: (tenantId: number) => ['reports', 'mailing-lists', tenantId] as const,
  /** Every cached recipient list. */
  allRecipients: () => ['reports', 'recipients'] as const,
  recipients: (tenantId: number, listId: number) => ['reports', 'recipients', tenantId, listId] as const,
  /** An enterprise's schedules (of every job; the screens show the `reports.mail` ones). */
  schedules: (enterpriseId: number) => ['reports', 'schedules', enterpriseId] as const,
  allSchedules: () => ['reports', 'schedules'] as const,
  /** The caller's stores' time zones. */
  storeZones: () => ['reports', 'store-zones'] as const,
}
