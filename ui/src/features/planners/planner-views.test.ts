import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PLANNER_MILEAGE,
  isPredictionView,
  PLANNER_MILEAGES,
  PLANNER_VIEW_IDS,
  PLANNER_VIEWS,
  PREDICTION_VIEW_IDS,
  plannerCall,
  plannerName,
  plannerView,
  plannerViewTitle,
  type AvailablePlannerView,
  type PlannerViewId,
  type PredictionPlannerView,
} from './planner-views'

const available = PLANNER_VIEWS.filter((v): v is AvailablePlannerView => v.available)
const predictions = available.filter(isPredictionView)

/** The prediction view of an id (the test fails for another). */
function prediction(id: PlannerViewId): PredictionPlannerView {
  const view = plannerView(id)
  if (!isPredictionView(view)) throw new Error(`${id} is not a prediction view`)
  return view
}

describe('planner views', () => {
  it("are the spec's views, in its order", () => {
    expect(PLANNER_VIEWS.map((v) => v.label)).toEqual([
      '0K',
      '0.5K',
      '5K',
      '7500',
      '10K',
      '15K',
      '20K',
      '25K',
      'Any mileage',
      '30-day',
      '90-day',
      '90-day CPO',
      '5K CPO',
      'Post-30-months',
      'HOM',
      'HOM new',
      'HPOC — Honda service pass',
      'State inspection',
      'First service',
      'Service closed',
      'Toyota error alert',
    ])
    expect(available.map((v) => v.id)).toEqual([...PLANNER_VIEW_IDS])
    expect(predictions.map((v) => v.id)).toEqual([...PREDICTION_VIEW_IDS])
  })

  it('map each view to its call under /api/future-service-interaction/ (docs/planners.md)', () => {
    const calls = Object.fromEntries(predictions.map((v) => [v.id, `${plannerCall(v).method} ${plannerCall(v).path}`]))
    const base = '/api/future-service-interaction'
    expect(calls).toEqual({
      '0k': `GET ${base}/run-future-prediction-0k`,
      '0.5k': `GET ${base}/run-future-prediction-05k`,
      '5k': `GET ${base}/run-future-prediction`,
      '7500': `GET ${base}/run-future-prediction-7500`,
      '10k': `GET ${base}/run-future-prediction-for-10k`,
      '15k': `GET ${base}/run-future-prediction-for-15k`,
      '20k': `GET ${base}/run-future-prediction-for-20k`,
      '25k': `GET ${base}/run-future-prediction-for-25k`,
      mileage: `GET ${base}/run-future-prediction-for-mileage`,
      '30-day': `GET ${base}/run-future-prediction-check-up-30days`,
      '90-day': `GET ${base}/run-future-prediction-check-up`,
      '90-day-cpo': `GET ${base}/run-future-prediction-check-up-cpo`,
      '5k-cpo': `GET ${base}/run-future-prediction-cpo`,
      'post-30-months': `GET ${base}/run-future-prediction-for-post-30-months`,
      hom: `POST ${base}/run-future-prediction-hom`,
      'hom-new': `POST ${base}/hom-new`,
      hpoc: `POST ${base}/honda-service-pass`,
      'state-inspection': `POST ${base}/planner-state-inspection`,
      'first-service': `GET ${base}/run-future-prediction-first-service`,
      'service-closed': `GET ${base}/service-closed`,
    })
  })

  it('send a mileage only for "Any mileage", and name that planner by its milestone', () => {
    const mileage = prediction('mileage')
    expect(plannerCall(mileage, 45_000).extraQuery).toEqual({ mileage: 45_000 })
    expect(plannerCall(prediction('10k'), 45_000).extraQuery).toEqual({})
    expect(plannerName(mileage, 45_000)).toBe('45K')
    expect(plannerName(mileage)).toBe('30K')
    expect(plannerViewTitle(mileage, 130_000)).toBe('Any mileage (130K)')
    expect(plannerName(plannerView('hpoc'))).toBe('Honda service pass')
    expect(plannerName(plannerView('state-inspection'))).toBe('state inspection')
  })

  it('offer 30K to 130K in 5K steps for "Any mileage"', () => {
    expect(PLANNER_MILEAGES[0]).toBe(DEFAULT_PLANNER_MILEAGE)
    expect(PLANNER_MILEAGES.at(-1)).toBe(130_000)
    expect(PLANNER_MILEAGES).toHaveLength(21)
    expect(PLANNER_MILEAGES.every((m, i) => i === 0 || m - PLANNER_MILEAGES[i - 1]! === 5_000)).toBe(true)
  })

  it('offer the Toyota error alert as the list of the leads alert files made, not a prediction', () => {
    const toyota = plannerView('toyota-error-alert')
    expect(toyota).toEqual({
      kind: 'error-alert',
      id: 'toyota-error-alert',
      label: 'Toyota error alert',
      path: '/api/lisa/fea',
      plannerName: 'Error alert file',
      available: true,
    })
    expect(isPredictionView(toyota)).toBe(false)
    expect(plannerName(toyota, 45_000)).toBe('Error alert file')
    expect(plannerViewTitle(toyota)).toBe('Toyota error alert')
    expect(PLANNER_VIEWS.every((v) => v.available)).toBe(true)
  })

  it('fall back to 0K for an unknown view', () => {
    expect(plannerView('10k').label).toBe('10K')
    expect(plannerView(undefined).id).toBe('0k')
    expect(plannerView('nope').id).toBe('0k')
  })
})
