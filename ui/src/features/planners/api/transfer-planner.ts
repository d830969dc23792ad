import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { PlannerParams } from '../planner-search'
import { plannerCall, plannerView, type PredictionViewId } from '../planner-views'

/** 202: the transfer runs as a job (`planner.transfer`); the same transfer asked again while it runs is the same run. */
export type TransferStarted = ApiResponse<'/api/future-service-interaction/run-future-prediction-for-10k', 'get', 202>

export interface TransferInput {
  /** The view id (its path and method). */
  view: PredictionViewId
  params: PlannerParams
}

/**
 * GET or POST <the view's path>?…&transfer=true. Errors raise no notice here:
 * the screen shows a 400's or 403's message itself and passes others on.
 */
export function transferPlanner({ view, params }: TransferInput): Promise<TransferStarted> {
  const planner = plannerView(view)
  if (planner.kind !== 'prediction') return Promise.reject(new Error(`${planner.label} has nothing to transfer`))
  const call = plannerCall(planner, params.mileage)
  return apiRequest<TransferStarted>(call.path, {
    method: call.method,
    query: { ...params, transfer: true },
    notifyErrors: false,
  })
}

export function useTransferPlanner() {
  return useMutation({ mutationFn: transferPlanner })
}
