import type { AuditQuery, CandidateQuery, ErrorAlertQuery } from '../planner-search'

/** Query keys of the Planners screen; everything under `['planners']`. */
export const plannerKeys = {
  all: ['planners'] as const,
  candidateLists: () => ['planners', 'candidates'] as const,
  candidates: (query: CandidateQuery) => ['planners', 'candidates', query] as const,
  auditLists: () => ['planners', 'audits'] as const,
  audits: (query: AuditQuery) => ['planners', 'audits', query] as const,
  errorAlertLists: () => ['planners', 'error-alerts'] as const,
  errorAlerts: (query: ErrorAlertQuery) => ['planners', 'error-alerts', query] as const,
}
