import { getRouteApi } from '@tanstack/react-router'
import { canManage } from '../../../lib/roles'
import { useSession } from '../../../lib/session'
import { adminAccess, adminEnterpriseId } from '../admin-access'
import { auditQueryOf, querySearch, userQueryOf, vehicleRecordsSearch, vehicleRecordsViewOf } from '../admin-search'
import { AdminFrame } from './admin-frame'
import { AssistantsPanel } from './assistants-panel'
import { AuditPanel } from './audit-panel'
import { BrandsPanel } from './brands-panel'
import { ChatConfigurationPanel } from './chat-configuration-panel'
import { DealersPanel } from './dealers-panel'
import { DeveloperPanel } from './developer-panel'
import { EnterprisePanel } from './enterprise-panel'
import { LeadFormsPanel } from './lead-forms-panel'
import { NewEnterpriseDialog } from './new-enterprise-dialog'
import { StoresPanel } from './stores-panel'
import { TelephonyPanel } from './telephony-panel'
import { UnmappedPanel } from './unmapped-panel'
import { UsersPanel } from './users-panel'
import { VehicleRecordsPanel } from './vehicle-records-panel'

const enterpriseRoute = getRouteApi('/_app/admin')
const dealersRoute = getRouteApi('/_app/admin/dealers')
const storesRoute = getRouteApi('/_app/admin/stores')
const unmappedRoute = getRouteApi('/_app/admin/unmapped')
const leadFormsRoute = getRouteApi('/_app/admin/lead-forms')
const usersRoute = getRouteApi('/_app/admin/users')
const telephonyRoute = getRouteApi('/_app/admin/telephony')
const assistantsRoute = getRouteApi('/_app/admin/assistants')
const developerRoute = getRouteApi('/_app/admin/developer')
const auditRoute = getRouteApi('/_app/admin/audit')
const vehicleRecordsRoute = getRouteApi('/_app/admin/vehicle-records')
const brandsRoute = getRouteApi('/_app/admin/brands')

/** The signed-in user's rights here and the enterprise worked on. */
function useAdmin(fromSearch: number | undefined) {
  const user = useSession()
  return { access: adminAccess(user), enterpriseId: adminEnterpriseId(user, fromSearch), mayManage: canManage(user) }
}

/** /admin — the enterprise: name, logo and (SUPER_ADMIN) status; SUPER_ADMIN also creates enterprises here. */
export function AdminEnterprisePage() {
  const search = enterpriseRoute.useSearch()
  const navigate = enterpriseRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <>
      <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
        {enterpriseId !== undefined ? <EnterprisePanel key={enterpriseId} enterpriseId={enterpriseId} access={access} /> : null}
      </AdminFrame>
      {access.platform && search.newEnterprise ? (
        <NewEnterpriseDialog
          onClose={() => void navigate({ search: (prev) => ({ ...prev, newEnterprise: undefined }), replace: true })}
          onCreated={(created) => void navigate({ search: { enterprise: created.id } })}
        />
      ) : null}
    </>
  )
}

/** /admin/dealers — the enterprise's dealers. */
export function AdminDealersPage() {
  const search = dealersRoute.useSearch()
  const navigate = dealersRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <DealersPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/stores — the enterprise's stores, deactivated ones too. */
export function AdminStoresPage() {
  const search = storesRoute.useSearch()
  const navigate = storesRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <StoresPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/unmapped — the store codes rows wait for, and the codes mapped to stores. */
export function AdminUnmappedPage() {
  const search = unmappedRoute.useSearch()
  const navigate = unmappedRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <UnmappedPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/lead-forms — the brand lead forms: the store each texts from, what it shows, on or off. */
export function AdminLeadFormsPage() {
  const search = leadFormsRoute.useSearch()
  const navigate = leadFormsRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <LeadFormsPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/telephony — a store's gateway, numbers and test text; the enterprise's chat credentials. */
export function AdminTelephonyPage() {
  const search = telephonyRoute.useSearch()
  const navigate = telephonyRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? (
        <div key={enterpriseId} className="admin-sections">
          <TelephonyPanel enterpriseId={enterpriseId} />
          <ChatConfigurationPanel enterpriseId={enterpriseId} />
        </div>
      ) : null}
    </AdminFrame>
  )
}

/** /admin/assistants — every store's assistants and their switches. */
export function AdminAssistantsPage() {
  const search = assistantsRoute.useSearch()
  const navigate = assistantsRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <AssistantsPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/developer — the assistant and template files: edit, validate, run, preview. */
export function AdminDeveloperPage() {
  const search = developerRoute.useSearch()
  const navigate = developerRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? <DeveloperPanel key={enterpriseId} enterpriseId={enterpriseId} /> : null}
    </AdminFrame>
  )
}

/** /admin/users — the users the signed-in user manages; page, size and search live in the address. */
export function AdminUsersPage() {
  const search = usersRoute.useSearch()
  const navigate = usersRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? (
        <UsersPanel
          key={enterpriseId}
          enterpriseId={enterpriseId}
          access={access}
          query={userQueryOf(search)}
          onQuery={(next) => void navigate({ search: (prev) => ({ ...prev, ...querySearch(next) }) })}
        />
      ) : null}
    </AdminFrame>
  )
}

/** /admin/audit — the enterprise's audit log; page, size and the kind of record live in the address. */
export function AdminAuditPage() {
  const search = auditRoute.useSearch()
  const navigate = auditRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? (
        <AuditPanel
          key={enterpriseId}
          enterpriseId={enterpriseId}
          query={auditQueryOf(search)}
          onQuery={(next) => void navigate({ search: (prev) => ({ ...prev, ...querySearch(next) }) })}
        />
      ) : null}
    </AdminFrame>
  )
}

/** /admin/vehicle-records — a store's services done elsewhere and odometer readings; store, kind and page live in the address. */
export function AdminVehicleRecordsPage() {
  const search = vehicleRecordsRoute.useSearch()
  const navigate = vehicleRecordsRoute.useNavigate()
  const { access, enterpriseId, mayManage } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      {enterpriseId !== undefined ? (
        <VehicleRecordsPanel
          key={enterpriseId}
          enterpriseId={enterpriseId}
          mayManage={mayManage}
          storeId={search.store}
          view={vehicleRecordsViewOf(search)}
          onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...vehicleRecordsSearch(next) }) })}
        />
      ) : null}
    </AdminFrame>
  )
}

/** /admin/brands — the brands stores carry, for every enterprise (SUPER_ADMIN). */
export function AdminBrandsPage() {
  const search = brandsRoute.useSearch()
  const navigate = brandsRoute.useNavigate()
  const { access, enterpriseId } = useAdmin(search.enterprise)
  return (
    <AdminFrame access={access} enterpriseId={enterpriseId} forEveryEnterprise onPickEnterprise={(id) => void navigate({ search: { enterprise: id } })}>
      <BrandsPanel />
    </AdminFrame>
  )
}
