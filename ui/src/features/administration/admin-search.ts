import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { canAdminister } from '../../lib/roles'
import { bool, nonNegativeInt, oneOf, pageSize, positiveInt, text } from '../../lib/search-params'
import type { UserData } from '../../lib/session'
import { adminAccess } from './admin-access'
import type { AuditQuery } from './api/get-audit'
import type { UserQuery } from './api/get-users'
import { RECORD_KIND_IDS, type RecordKind } from './vehicle-records'

/** What every Administration address may hold: the enterprise SUPER_ADMIN picked. */
export interface AdminSearch {
  enterprise?: number
}

export interface AdminEnterpriseSearch extends AdminSearch {
  /** SUPER_ADMIN: the New enterprise form is open. */
  newEnterprise?: boolean
}

export interface AdminUsersSearch extends AdminSearch {
  /** Zero-based page. */
  page?: number
  size?: number
  search?: string
}

export interface AdminAuditSearch extends AdminSearch {
  /** Zero-based page. */
  page?: number
  size?: number
  /** The kind of record (enterprise, logo, boc, store, user); every kind when absent. */
  entity?: string
}

export interface AdminVehicleRecordsSearch extends AdminSearch {
  /** The store whose records are shown; the enterprise's first when absent. */
  store?: number
  /** Services done elsewhere when absent. */
  kind?: RecordKind
  /** Zero-based page. */
  page?: number
  size?: number
}

/** The records listed: a kind of one store, a page of it. */
export interface VehicleRecordsView {
  kind: RecordKind
  page: number
  size: number
}

export function validateAdminSearch(raw: Record<string, unknown>): AdminSearch {
  return { enterprise: positiveInt(raw.enterprise) }
}

export function validateAdminEnterpriseSearch(raw: Record<string, unknown>): AdminEnterpriseSearch {
  return { ...validateAdminSearch(raw), newEnterprise: bool(raw.newEnterprise) || undefined }
}

export function validateAdminUsersSearch(raw: Record<string, unknown>): AdminUsersSearch {
  return { ...validateAdminSearch(raw), page: nonNegativeInt(raw.page), size: pageSize(raw.size), search: text(raw.search) }
}

export function validateAdminAuditSearch(raw: Record<string, unknown>): AdminAuditSearch {
  const entity = text(raw.entity)
  return {
    ...validateAdminSearch(raw),
    page: nonNegativeInt(raw.page),
    size: pageSize(raw.size),
    entity: entity && /^[a-z_]+$/.test(entity) ? entity : undefined,
  }
}

export function validateAdminVehicleRecordsSearch(raw: Record<string, unknown>): AdminVehicleRecordsSearch {
  return {
    ...validateAdminSearch(raw),
    store: positiveInt(raw.store),
    kind: oneOf(raw.kind, RECORD_KIND_IDS),
    page: nonNegativeInt(raw.page),
    size: pageSize(raw.size),
  }
}

/** The kind and page the address asks for, with the defaults filled in. */
export function vehicleRecordsViewOf(search: AdminVehicleRecordsSearch): VehicleRecordsView {
  return { kind: search.kind ?? 'service', page: search.page ?? 0, size: search.size ?? DEFAULT_PAGE_SIZE }
}

/**
 * A change of store, kind or page as the address holds it: another store or
 * kind starts at the first page; the first page, the default size and the
 * default kind are left out.
 */
export function vehicleRecordsSearch(next: { store?: number; kind?: RecordKind; page?: number; size?: number }): AdminVehicleRecordsSearch {
  const out: AdminVehicleRecordsSearch = {}
  if ('store' in next) out.store = next.store
  if ('kind' in next) out.kind = next.kind === 'service' ? undefined : next.kind
  const paging: { page?: number; size?: number } = {}
  if ('page' in next || 'store' in next || 'kind' in next) paging.page = next.page ?? 0
  if ('size' in next) paging.size = next.size
  return { ...out, ...querySearch(paging) }
}

export function userQueryOf(search: AdminUsersSearch): UserQuery {
  return { page: search.page ?? 0, size: search.size ?? DEFAULT_PAGE_SIZE, search: search.search ?? '' }
}

export function auditQueryOf(search: AdminAuditSearch): AuditQuery {
  return { page: search.page ?? 0, size: search.size ?? DEFAULT_PAGE_SIZE, entity: search.entity ?? '' }
}

/** A query change as the address holds it: the first page, the default size and empty text are left out. */
export function querySearch(next: { page?: number; size?: number; search?: string; entity?: string }) {
  const out: { page?: number; size?: number; search?: string; entity?: string } = {}
  if ('page' in next) out.page = next.page ? next.page : undefined
  if ('size' in next) out.size = next.size !== DEFAULT_PAGE_SIZE ? next.size : undefined
  if ('search' in next) out.search = next.search || undefined
  if ('entity' in next) out.entity = next.entity || undefined
  return out
}

/**
 * Where a user who may not open a section goes instead: the Users section for
 * dealer and store managers (they manage users only), the lead manager for
 * anyone else; null when the section is theirs.
 */
export function adminRedirect(
  user: Pick<UserData, 'access'>,
  section: 'platform' | 'tenant' | 'users' | 'telephony' | 'assistants' | 'developer' | 'vehicle-records',
): '/admin' | '/admin/users' | '/admin/telephony' | '/leadmanager' | null {
  const access = adminAccess(user)
  // The platform's own lists (brands): anyone else goes to the section they have, as below.
  if (section === 'platform') return access.platform ? null : (adminRedirect(user, 'tenant') ?? '/admin')
  // Vehicle records are listed by anyone who may open the area; managers also add and delete.
  if (section === 'vehicle-records') return canAdminister(user) ? null : '/leadmanager'
  if (section === 'developer') return access.developer ? null : access.users ? '/admin/users' : '/leadmanager'
  if (section === 'assistants') return access.assistants ? null : access.users ? '/admin/users' : '/leadmanager'
  if (section === 'telephony') return access.telephony ? null : access.users ? '/admin/users' : '/leadmanager'
  if (!access.users) return access.telephony ? '/admin/telephony' : '/leadmanager'
  if (section === 'tenant' && !access.tenant) return '/admin/users'
  return null
}
