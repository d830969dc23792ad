/** The board's types, from the generated OpenAPI document. */
import type { ApiResponse } from '../../../lib/api-types'

/** `GET /api/service-lane/lanes`: the lanes in the spec's order, where each lane's cards may go, and the caller's rights. */
export type LaneBoardInfo = ApiResponse<'/api/service-lane/lanes', 'get'>
export type Lane = LaneBoardInfo['lanes'][number]

/** A repair order's card (an open one, or a closed one). */
export type LaneCard = ApiResponse<'/api/getOpenRoBtStoreId', 'post'>[number]
export type LaneAdvisor = ApiResponse<'/api/getAdivsorByStore/{store}', 'get'>[number]
export type LaneStore = ApiResponse<'/api/getAllStores', 'get'>[number]
export type LaneAppointment = ApiResponse<'/api/getAppointmentByStoreIdAndDate/{store}/{date}', 'get'>[number]

/** One order for its drawer: the card, its lines, its moves (newest first) and where it may go now. */
export type RepairOrderDetail = ApiResponse<'/bridge/api/getOpenServiceOrderDetail/{id}', 'get'>
export type RepairOrderLine = RepairOrderDetail['lines'][number]
export type RepairOrderMove = RepairOrderDetail['moves'][number]

/** Unread customer messages of one group (an RO status, a store id). */
export type UnreadCount = ApiResponse<'/api/svc-message-instance/v2/unreadByROStatus', 'get'>[number]
