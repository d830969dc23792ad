import { Outlet } from '@tanstack/react-router'
import { EnterpriseLogo } from '../../components/enterprises/enterprise-logo'
import { HandoffBell } from '../../components/handoff-bell/handoff-bell'
import { useReportCatalogue } from '../../components/report-catalogue/api/get-report-catalogue'
import { AppLayout, type NavItem } from '../../components/layout/app-layout'
import { useHandoffNotifications } from '../../lib/handoffs'
import { canAdminister, canImport, canManage, canSeeCompanyMasterList, roleLabel } from '../../lib/roles'
import { useSession } from '../../lib/session'
import { useRealtimeConnection } from '../../lib/realtime'
import { useIdleTimeout } from '../../lib/use-idle-timeout'
import { useLogout } from '../../lib/logout'

/** Frame of every logged-in screen. */
export function AppShell() {
  const user = useSession()
  const logoutMutation = useLogout()
  useIdleTimeout(user !== null)
  // One live stream per signed-in session; closed on sign-out.
  // Real-time updates are the user's flag (spec H-R15): without them screens refresh on their own.
  useRealtimeConnection(user?.authToken, undefined, user?.realTimeSync ?? true)
  // The assistant's handoffs, announced once per session wherever the user is.
  useHandoffNotifications(user !== null)
  // Reports are offered to whoever the server lists any for (sales reps get none).
  const reports = useReportCatalogue(user !== null)

  if (!user) {
    // The session was just cleared; the page is about to reload at /login.
    return <div className="signed-out">Signing out…</div>
  }

  const nav: NavItem[] = [{ to: '/leadmanager', label: 'Lead manager' }]
  // A store's day of service appointments, for the stores of the user's enterprise.
  if (user.enterprise) nav.push({ to: '/appointments', label: 'Appointments' })
  // The service-lane board: a store's appointments and repair orders by status, for the stores of the user's enterprise.
  if (user.enterprise) nav.push({ to: '/service-lane', label: 'Service Lane' })
  // What the dealer system sent for a store: its sales, repair orders and vehicles.
  if (user.enterprise) nav.push({ to: '/dealer-system', label: 'Dealer system' })
  if (canSeeCompanyMasterList(user)) nav.push({ to: '/CompanyMasterList', label: 'Company master list' })
  // The planners run over one enterprise's stores, like the lead lists.
  if (user.enterprise) nav.push({ to: '/planners', label: 'Planners' })
  // Texting many due customers at once: the managers of an enterprise's stores.
  if (user.enterprise && canManage(user)) nav.push({ to: '/bulk-initiation', label: 'Bulk initiation' })
  // A store's follow-up steps (managers change them, others read), and when each store's automated texts may go.
  if (user.enterprise) nav.push({ to: '/follow-up-cadence', label: 'Follow-up cadence' })
  if (user.enterprise) nav.push({ to: '/automated-runs', label: 'Automated runs' })
  if ((reports.data?.length ?? 0) > 0) nav.push({ to: '/reports', label: 'Reports' })
  // Data files are loaded for an enterprise's stores by the roles that run bulk work.
  if (user.enterprise && canImport(user)) nav.push({ to: '/imports', label: 'Imports' })
  nav.push({ to: '/jobs', label: 'Jobs' })
  // What was mailed from the user's stores (the server keeps to their scope).
  if (user.enterprise) nav.push({ to: '/email-outbox', label: 'E-mail outbox' })
  // The enterprise's dealers, stores, users and audit log: its admins, and the dealer and store managers for their staff.
  if (canAdminister(user)) nav.push({ to: '/admin', label: 'Administration' })
  // The simulator shows one enterprise's customers: not for platform users outside one.
  if (user.enterprise) nav.push({ to: '/simulator', label: 'SMS simulator' })

  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username

  return (
    <AppLayout
      userName={name}
      roles={user.roles.map(roleLabel)}
      enterpriseName={user.enterprise?.name}
      enterpriseLogo={user.enterprise ? <EnterpriseLogo enterpriseId={user.enterprise.id} className="enterprise-logo--header" /> : null}
      nav={nav}
      onLogout={() => logoutMutation.mutate()}
      loggingOut={logoutMutation.isPending || logoutMutation.isSuccess}
      headerTools={<HandoffBell />}
    >
      <Outlet />
    </AppLayout>
  )
}
