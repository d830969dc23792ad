/**
 * The Administration area (issue 20): an enterprise's name, logo and status,
 * its dealers, stores (with time zone, allowed hours and opening hours) and
 * users (levels, ordered roles, blocking, password links), the store codes
 * that name no store (mapped to a store, or their rows dropped), the brand
 * lead forms (the store each texts from, its wording and colour), each store's
 * assistant and its switches, the vehicle records staff add for the planners
 * (services done elsewhere, odometer readings), and the audit log of every
 * change; the enterprise's own settings (the assistant's reach and shared
 * file, the inbound view) and its chat credentials; SUPER_ADMIN picks the
 * enterprise, creates new ones and keeps the brands stores carry.
 * Also the public page where a user chooses a password from an e-mailed link.
 */
export { AdminAssistantsPage, AdminAuditPage, AdminBrandsPage, AdminDealersPage, AdminDeveloperPage, AdminEnterprisePage, AdminLeadFormsPage, AdminStoresPage, AdminTelephonyPage, AdminUnmappedPage, AdminUsersPage, AdminVehicleRecordsPage } from './components/admin-pages'
export { ResetPasswordScreen } from './components/reset-password-screen'
