import { createRoute } from '@tanstack/react-router'
import { LeadFormScreen, type LeadFormSlug } from '../features/public-pages'
import { rootRoute } from './root'

/** A public lead form's route: `/<slug>`, the slug being the whole route name. */
function leadFormRoute<TSlug extends LeadFormSlug>(slug: TSlug) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path: `/${slug}` as `/${TSlug}`,
    component: () => <LeadFormScreen slug={slug} />,
  })
}

/** `/lead-submission` and `/lead-submission-<brand>` — public, like /login. */
export const leadSubmissionRoute = leadFormRoute('lead-submission')
export const leadSubmissionToyotaRoute = leadFormRoute('lead-submission-toyota')
export const leadSubmissionFordRoute = leadFormRoute('lead-submission-ford')
export const leadSubmissionNissanRoute = leadFormRoute('lead-submission-nissan')
export const leadSubmissionSubaruRoute = leadFormRoute('lead-submission-subaru')
export const leadSubmissionMazdaRoute = leadFormRoute('lead-submission-mazda')
/** Chrysler / Dodge / Jeep / Ram / Fiat. */
export const leadSubmissionYarkcjdrRoute = leadFormRoute('lead-submission-yarkcjdr')
export const leadSubmissionBmwRoute = leadFormRoute('lead-submission-bmw')
export const leadSubmissionBergestormRoute = leadFormRoute('lead-submission-bergestorm')
export const leadSubmissionChevroletRoute = leadFormRoute('lead-submission-chevrolet')

export const leadFormRoutes = [
  leadSubmissionRoute,
  leadSubmissionToyotaRoute,
  leadSubmissionFordRoute,
  leadSubmissionNissanRoute,
  leadSubmissionSubaruRoute,
  leadSubmissionMazdaRoute,
  leadSubmissionYarkcjdrRoute,
  leadSubmissionBmwRoute,
  leadSubmissionBergestormRoute,
  leadSubmissionChevroletRoute,
] as const
