import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { simulatorKeys } from './simulator-keys'

export type TestTextPage = ApiResponse<'/api/simulator/test-texts', 'get'>
export type TestText = TestTextPage['content'][number]

/** The newest test texts shown beside the phones. */
const SHOWN = 5

/** GET /api/simulator/test-texts — the test texts admins sent through the simulator, newest first. */
export function getTestTexts(signal?: AbortSignal): Promise<TestTextPage> {
  return apiRequest<TestTextPage>('/api/simulator/test-texts', { query: { page: 0, size: SHOWN }, signal })
}

export function testTextsQueryOptions() {
  return queryOptions({ queryKey: simulatorKeys.testTexts(), queryFn: ({ signal }) => getTestTexts(signal), staleTime: 5_000 })
}

export function useTestTexts() {
  return useQuery(testTextsQueryOptions())
}
