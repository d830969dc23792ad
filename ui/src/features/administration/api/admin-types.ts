/** The administration API's types, from the OpenAPI document. */
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'

export type { EnterpriseView } from '../../../components/enterprises/api/get-enterprise'
export type Boc = ApiResponse<'/api/enterprise/{enterpriseId}/boc', 'get'>[number]
export type NewBocBody = ApiRequestBody<'/api/enterprise/{enterpriseId}/boc', 'post'>
export type UpdateBocBody = ApiRequestBody<'/api/enterprise/{enterpriseId}/boc/{bocId}', 'put'>
export type AdminStore = ApiResponse<'/api/enterprise/{enterpriseId}/stores', 'get'>[number]
export type DayHours = AdminStore['openingHours'][number]
export type StoreBody = ApiRequestBody<'/api/enterprise/{enterpriseId}/store', 'post'>
export type Brand = ApiResponse<'/api/brands', 'get'>[number]
export type TimeZoneOption = ApiResponse<'/api/time-zones', 'get'>[number]
export type AdminUserPage = ApiResponse<'/api/enterprise/{enterpriseId}/user', 'get'>
export type AdminUser = AdminUserPage['content'][number]
export type UserBody = ApiRequestBody<'/api/enterprise/{enterpriseId}/user', 'post'>
export type CreatedUser = ApiResponse<'/api/enterprise/{enterpriseId}/user', 'post'>
export type MessageResponse = ApiResponse<'/api/user/{userId}/reset-password', 'post'>
export type AuditPage = ApiResponse<'/api/enterprise/{enterpriseId}/audit', 'get'>
export type AuditEntry = AuditPage['content'][number]
