import type { JobRunQuery } from './get-job-runs'

/** Query keys of job runs (the jobs screens and any screen following a run); everything under `['jobs']`. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => ['jobs', 'list'] as const,
  list: (query: JobRunQuery) => ['jobs', 'list', query] as const,
  kinds: () => ['jobs', 'kinds'] as const,
  stats: () => ['jobs', 'stats'] as const,
  details: () => ['jobs', 'run'] as const,
  detail: (runId: number) => ['jobs', 'run', runId] as const,
}
