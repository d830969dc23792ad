import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { CandidateQuery } from '../planner-search'
import { isPredictionView, plannerCall, plannerView } from '../planner-views'
import { plannerKeys } from './planner-keys'

/** Every planner answers the same page of candidates (docs/planners.md). */
export type CandidatePage = ApiResponse<'/api/future-service-interaction/run-future-prediction-for-10k', 'get'>
export type Candidate = CandidatePage['content'][number]

/**
 * GET or POST <the view's path>?store_id=&plannerDate=&minDays=&maxDays=&…&page=&size=
 * (`transfer` left out: a preview; nothing is written). Errors raise no notice:
 * the screen shows the server's message in place of the list. The error-alert
 * view has no candidates (its leads exist already): an empty page, no call.
 */
export function getCandidates(query: CandidateQuery, signal?: AbortSignal): Promise<CandidatePage> {
  const view = plannerView(query.view)
  if (!isPredictionView(view)) {
    return Promise.resolve({ content: [], page: query.page, size: query.size, totalElements: 0, plannerName: view.plannerName })
  }
  const call = plannerCall(view, query.params.mileage)
  return apiRequest<CandidatePage>(call.path, {
    method: call.method,
    query: { ...query.params, page: query.page, size: query.size },
    signal,
    notifyErrors: false,
  })
}

export function candidatesQueryOptions(query: CandidateQuery) {
  return queryOptions({
    queryKey: plannerKeys.candidates(query),
    queryFn: ({ signal }) => getCandidates(query, signal),
    // Another page or filter keeps the shown rows (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  })
}

export function useCandidates(query: CandidateQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...candidatesQueryOptions(query), enabled: options.enabled ?? true })
}
