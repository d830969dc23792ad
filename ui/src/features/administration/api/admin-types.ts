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
export type GatewayView = ApiResponse<'/api/messaging/gateway', 'get'>
export type GatewayBody = ApiRequestBody<'/api/messaging/gateway', 'put'>
export type TestSmsBody = ApiRequestBody<'/api/lisa/message-config/validate-sms-configuration', 'post'>
export type SmsSent = ApiResponse<'/api/lisa/message-config/validate-sms-configuration', 'post'>
export type AvailableNumber = ApiResponse<'/api/messaging/numbers/available', 'get'>[number]
export type OwnedNumber = ApiResponse<'/twilio/list-all-phone-numbers', 'post'>[number]
export type Assistant = ApiResponse<'/assistant/v2/getassistlist', 'get'>[number]
export type AssistantBody = ApiRequestBody<'/api/assistant', 'post'>
export type DeveloperFile = ApiResponse<'/aiva/developer/files/aiva', 'get'>[number]
export type DeveloperFileBody = ApiRequestBody<'/aiva/developer/file', 'put'>
export type FileValidation = ApiResponse<'/aiva/developer/aiva/validate', 'post'>
export type TemplatePreview = ApiResponse<'/aiva/developer/template/preview', 'post'>
export type ExecutedTurn = ApiResponse<'/aiva/developer/execute', 'post'>[number]
export type DeveloperLog = ApiResponse<'/aiva/developer/log', 'post'>
export type UnmappedView = ApiResponse<'/api/enterprise/{enterpriseId}/unmapped', 'get'>
export type UnmappedCode = UnmappedView['codes'][number]
export type CodeMapping = UnmappedView['mappings'][number]
export type MapCodeBody = ApiRequestBody<'/api/enterprise/{enterpriseId}/unmapped/{code}', 'put'>
export type MappedCode = ApiResponse<'/api/enterprise/{enterpriseId}/unmapped/{code}', 'put'>
export type DiscardedRows = ApiResponse<'/api/enterprise/{enterpriseId}/unmapped/{code}', 'delete'>
export type LeadForm = ApiResponse<'/api/lead-forms', 'get'>[number]
export type LeadFormBody = ApiRequestBody<'/api/lead-forms/{slug}', 'put'>
