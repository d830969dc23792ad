/**
 * The planner views of the Planners screen, in the spec's order, each mapped
 * to its call under `/api/future-service-interaction/` (docs/planners.md,
 * "Calls"). Where the backend has two paths for one planner, the view uses
 * the spec's main one: `run-future-prediction-0k` for 0K (not the
 * enterprise-29 `-zero-k`), `run-future-prediction-check-up` for 90-day (not
 * `-check-up-new`). The Toyota error alert view runs no prediction: it lists
 * the leads FEA alert files made, at `POST /api/lisa/fea`.
 */

export const PLANNER_API_BASE = '/api/future-service-interaction'

/** The milestones of "Any mileage": 30K to 130K in steps of 5K (the lower ones have their own views). */
export const PLANNER_MILEAGES: readonly number[] = Array.from({ length: 21 }, (_, i) => 30_000 + i * 5_000)
export const DEFAULT_PLANNER_MILEAGE = 30_000

/** The prediction planners (previewed and transferred into leads), in the spec's order. */
export const PREDICTION_VIEW_IDS = [
  '0k',
  '0.5k',
  '5k',
  '7500',
  '10k',
  '15k',
  '20k',
  '25k',
  'mileage',
  '30-day',
  '90-day',
  '90-day-cpo',
  '5k-cpo',
  'post-30-months',
  'hom',
  'hom-new',
  'hpoc',
  'state-inspection',
  'first-service',
  'service-closed',
] as const
export type PredictionViewId = (typeof PREDICTION_VIEW_IDS)[number]

/** The Toyota error alert view: the leads FEA alert files made (docs/imports.md), listed, not predicted. */
export const ERROR_ALERT_VIEW_ID = 'toyota-error-alert'
/** The error-alert lead list. */
export const ERROR_ALERT_PATH = '/api/lisa/fea'

/** Every view the picker offers, in the spec's order (the ids the URL takes). */
export const PLANNER_VIEW_IDS = [...PREDICTION_VIEW_IDS, ERROR_ALERT_VIEW_ID] as const
export type PlannerViewId = (typeof PLANNER_VIEW_IDS)[number]

interface PlannerViewBase {
  /** What the picker shows. */
  label: string
}

interface AvailableViewBase extends PlannerViewBase {
  id: PlannerViewId
  available: true
  /** The server's name of the planner (its answers, audits or leads carry it); "Any mileage" names it by the milestone. */
  plannerName: string
  /** Takes a `mileage` (the "Any mileage" view only). */
  mileage?: true
}

/** A prediction planner: previewed page by page, transferred into leads. */
export interface PredictionPlannerView extends AvailableViewBase {
  kind: 'prediction'
  id: PredictionViewId
  /** The path under `/api/future-service-interaction/`. */
  path: string
  method: 'GET' | 'POST'
}

/**
 * The error-alert view: nothing to preview or transfer — uploading an FEA alert
 * file makes the leads — so it lists them (`POST /api/lisa/fea`).
 */
export interface ErrorAlertPlannerView extends AvailableViewBase {
  kind: 'error-alert'
  id: typeof ERROR_ALERT_VIEW_ID
  /** The lead list's full path. */
  path: typeof ERROR_ALERT_PATH
}

/** A view that can be picked. */
export type AvailablePlannerView = PredictionPlannerView | ErrorAlertPlannerView

/** A planner of the spec that cannot run here yet. */
export interface UnavailablePlannerView extends PlannerViewBase {
  id: string
  available: false
  /** Why, shown next to the disabled choice. */
  note: string
}

export type PlannerView = AvailablePlannerView | UnavailablePlannerView

const get = (id: PredictionViewId, label: string, path: string, plannerName = label): PredictionPlannerView => ({
  kind: 'prediction',
  id,
  label,
  path,
  method: 'GET',
  plannerName,
  available: true,
})
const post = (id: PredictionViewId, label: string, path: string, plannerName = label): PredictionPlannerView => ({
  ...get(id, label, path, plannerName),
  method: 'POST',
})

export const PLANNER_VIEWS: readonly PlannerView[] = [
  get('0k', '0K', 'run-future-prediction-0k'),
  get('0.5k', '0.5K', 'run-future-prediction-05k'),
  get('5k', '5K', 'run-future-prediction'),
  get('7500', '7500', 'run-future-prediction-7500'),
  get('10k', '10K', 'run-future-prediction-for-10k'),
  get('15k', '15K', 'run-future-prediction-for-15k'),
  get('20k', '20K', 'run-future-prediction-for-20k'),
  get('25k', '25K', 'run-future-prediction-for-25k'),
  { ...get('mileage', 'Any mileage', 'run-future-prediction-for-mileage', '30K'), mileage: true },
  get('30-day', '30-day', 'run-future-prediction-check-up-30days'),
  get('90-day', '90-day', 'run-future-prediction-check-up'),
  get('90-day-cpo', '90-day CPO', 'run-future-prediction-check-up-cpo'),
  get('5k-cpo', '5K CPO', 'run-future-prediction-cpo'),
  get('post-30-months', 'Post-30-months', 'run-future-prediction-for-post-30-months', 'post-30-months'),
  post('hom', 'HOM', 'run-future-prediction-hom'),
  post('hom-new', 'HOM new', 'hom-new'),
  post('hpoc', 'HPOC — Honda service pass', 'honda-service-pass', 'Honda service pass'),
  post('state-inspection', 'State inspection', 'planner-state-inspection', 'state inspection'),
  get('first-service', 'First service', 'run-future-prediction-first-service', 'first service'),
  get('service-closed', 'Service closed', 'service-closed', 'service closed'),
  {
    kind: 'error-alert',
    id: ERROR_ALERT_VIEW_ID,
    label: 'Toyota error alert',
    path: ERROR_ALERT_PATH,
    plannerName: 'Error alert file',
    available: true,
  },
]

/** Whether a view is previewed and transferred (not the error-alert list). */
export function isPredictionView(view: AvailablePlannerView): view is PredictionPlannerView {
  return view.kind === 'prediction'
}

export const DEFAULT_PLANNER_VIEW: PlannerViewId = '0k'

/** The view of an id; the default view for an unknown or unavailable one. */
export function plannerView(id: string | undefined): AvailablePlannerView {
  const view = PLANNER_VIEWS.find((v) => v.id === id)
  if (view?.available) return view
  return PLANNER_VIEWS.find((v) => v.id === DEFAULT_PLANNER_VIEW) as AvailablePlannerView
}

/** The name a milestone's planner goes by: 30000 → '30K'. */
export function mileageLabel(mileage: number): string {
  return `${mileage / 1000}K`
}

/** The server's planner name of a view (with its milestone for "Any mileage"). */
export function plannerName(view: AvailablePlannerView, mileage: number = DEFAULT_PLANNER_MILEAGE): string {
  return view.mileage ? mileageLabel(mileage) : view.plannerName
}

/** The label of a view with its milestone, e.g. 'Any mileage (45K)'. */
export function plannerViewTitle(view: AvailablePlannerView, mileage: number = DEFAULT_PLANNER_MILEAGE): string {
  return view.mileage ? `${view.label} (${mileageLabel(mileage)})` : view.label
}

/** The call of a view: full path, method, and the `mileage` it adds. */
export interface PlannerCall {
  path: string
  method: 'GET' | 'POST'
  extraQuery: { mileage?: number }
}

export function plannerCall(view: PredictionPlannerView, mileage: number = DEFAULT_PLANNER_MILEAGE): PlannerCall {
  return {
    path: `${PLANNER_API_BASE}/${view.path}`,
    method: view.method,
    extraQuery: view.mileage ? { mileage } : {},
  }
}
