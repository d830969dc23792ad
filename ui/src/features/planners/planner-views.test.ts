import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PLANNER_MILEAGE,
  PLANNER_MILEAGES,
  PLANNER_VIEW_IDS,
  PLANNER_VIEWS,
  plannerCall,
  plannerName,
  plannerView,
  plannerViewTitle,
  type AvailablePlannerView,
} from './planner-views'

const available = PLANNER_VIEWS.filter((v): v is AvailablePlannerView => v.available)

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
  })

  it('map each view to its call under /api/future-service-interaction/ (docs/planners.md)', () => {
    const calls = Object.fromEntries(available.map((v) => [v.id, `${plannerCall(v).method} ${plannerCall(v).path}`]))
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
    const mileage = plannerView('mileage')
    expect(plannerCall(mileage, 45_000).extraQuery).toEqual({ mileage: 45_000 })
    expect(plannerCall(plannerView('10k'), 45_000).extraQuery).toEqual({})
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

  it('keep the Toyota error alert disabled, saying why', () => {
    const toyota = PLANNER_VIEWS.find((v) => v.label === 'Toyota error alert')
    expect(toyota).toEqual({ id: 'toyota-error-alert', label: 'Toyota error alert', available: false, note: 'Needs alert files (imports)' })
  })

  it('fall back to 0K for an unknown or unavailable view', () => {
    expect(plannerView('10k').label).toBe('10K')
    expect(plannerView(undefined).id).toBe('0k')
    expect(plannerView('nope').id).toBe('0k')
    expect(plannerView('toyota-error-alert').id).toBe('0k')
  })
})
