import { appRoute } from './app'
import { adminRoute } from './app/admin'
import { adminAssistantsRoute } from './app/admin-assistants'
import { adminAuditRoute } from './app/admin-audit'
import { adminBrandsRoute } from './app/admin-brands'
import { adminDealersRoute } from './app/admin-dealers'
import { adminDeveloperRoute } from './app/admin-developer'
import { adminLeadFormsRoute } from './app/admin-lead-forms'
import { adminStoresRoute } from './app/admin-stores'
import { adminTelephonyRoute } from './app/admin-telephony'
import { adminUnmappedRoute } from './app/admin-unmapped'
import { adminUsersRoute } from './app/admin-users'
import { adminVehicleRecordsRoute } from './app/admin-vehicle-records'
import { appointmentsRoute } from './app/appointments'
import { automatedRunsRoute } from './app/automated-runs'
import { bulkInitiationRoute } from './app/bulk-initiation'
import { companyMasterListRoute } from './app/company-master-list'
import { dealerSystemRoute } from './app/dealer-system'
import { followUpCadenceRoute } from './app/follow-up-cadence'
import { importReportRoute } from './app/import-report'
import { importSourcesRoute } from './app/import-sources'
import { importSyncHistoryRoute } from './app/import-sync-history'
import { importUploadRoute } from './app/import-upload'
import { importsRoute } from './app/imports'
import { jobRunRoute } from './app/job-run'
import { jobsRoute } from './app/jobs'
import { leadManagerRoute } from './app/leadmanager'
import { mailingListsRoute } from './app/mailing-lists'
import { notFoundRoute } from './app/not-found'
import { plannersRoute } from './app/planners'
import { reportRoute } from './app/report'
import { reportsRoute } from './app/reports'
import { serviceLaneRoute } from './app/service-lane'
import { simulatorRoute } from './app/simulator'
import { emailOutboxRoute } from './app/email-outbox'
import { dealRoomRoutes } from './deal-room'
import { indexRoute, layoutRoute } from './index'
import { leadFormRoutes } from './lead-submission'
import { loginRoute } from './login'
import { publicPageRoutes } from './public-pages'
import { resetPasswordRoute } from './reset-password'
import { rootRoute } from './root'

export const routeTree = rootRoute.addChildren([
  indexRoute,
  layoutRoute,
  loginRoute,
  resetPasswordRoute,
  ...leadFormRoutes,
  ...publicPageRoutes,
  ...dealRoomRoutes,
  appRoute.addChildren([
    leadManagerRoute,
    appointmentsRoute,
    serviceLaneRoute,
    dealerSystemRoute,
    companyMasterListRoute,
    jobsRoute,
    jobRunRoute,
    plannersRoute,
    bulkInitiationRoute,
    followUpCadenceRoute,
    automatedRunsRoute,
    reportsRoute,
    mailingListsRoute,
    reportRoute,
    importsRoute,
    importUploadRoute,
    importSourcesRoute,
    importSyncHistoryRoute,
    importReportRoute,
    simulatorRoute,
    emailOutboxRoute,
    adminRoute,
    adminDealersRoute,
    adminStoresRoute,
    adminUnmappedRoute,
    adminLeadFormsRoute,
    adminUsersRoute,
    adminTelephonyRoute,
    adminAssistantsRoute,
    adminDeveloperRoute,
    adminVehicleRecordsRoute,
    adminAuditRoute,
    adminBrandsRoute,
    notFoundRoute,
  ]),
])
