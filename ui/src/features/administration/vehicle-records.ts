/**
 * The Vehicle records section as plain data (docs/decisions/0020-virtual-records.md): the two
 * kinds of record and their paths, the store shown, the vehicle lookup's query and the request
 * a filled-in form makes. The server decides every rule (a day in the future, a mileage out of
 * range, a service without its description) and lists its problems; here a request is only
 * formed, and only what cannot be put into one (no vehicle picked, no day, a mileage that is not
 * a number) is asked for before sending.
 */
import type { ApiRequestBody } from '../../lib/api-types'
import { personName, vehicleText } from '../../lib/record-format'

/** A service done elsewhere (`virtual-service-record`), or an odometer reading (`virtual-mileage-record`). */
export type RecordKind = 'service' | 'mileage'

export const RECORD_KINDS: readonly { id: RecordKind; label: string }[] = [
  { id: 'service', label: 'Services done elsewhere' },
  { id: 'mileage', label: 'Odometer readings' },
]

export const RECORD_KIND_IDS: readonly RecordKind[] = RECORD_KINDS.map((kind) => kind.id)

export function recordKindLabel(kind: RecordKind): string {
  return RECORD_KINDS.find((k) => k.id === kind)?.label ?? kind
}

const RECORD_PATHS = {
  service: '/api/virtual-service-record',
  mileage: '/api/virtual-mileage-record',
} as const satisfies Record<RecordKind, string>

/** Where a kind's records are listed and created. */
export function recordsPath(kind: RecordKind): (typeof RECORD_PATHS)[RecordKind] {
  return RECORD_PATHS[kind]
}

/** Where one record is deleted. */
export function recordPath(kind: RecordKind, id: number): string {
  return `${RECORD_PATHS[kind]}/${encodeURIComponent(id)}`
}

/** A store as the section needs it: its id and its dealer's (the lookup's path names both). */
export interface RecordStore {
  id: number
  bocMaster: { id: number }
}

/** The store shown: the one in the address when the enterprise has it, else the first; undefined without stores. */
export function recordStoreOf<S extends RecordStore>(stores: readonly S[] | undefined, fromSearch: number | undefined): S | undefined {
  return stores?.find((store) => store.id === fromSearch) ?? stores?.[0]
}

/**
 * The vehicle lookup's shortest search: the server refuses a shorter one (400),
 * so the form asks for more instead of calling.
 */
export const VEHICLE_SEARCH_MIN_LENGTH = 3

export interface VehicleLookupQuery {
  bocId: number
  storeId: number
  /** The VIN's end, a customer number, a name or a mobile number. */
  text: string
  page: number
  size: number
}

/** The lookup's query for what was typed; undefined (no call) while it is too short. */
export function vehicleLookupQuery(store: RecordStore, typed: string, size: number): VehicleLookupQuery | undefined {
  const text = typed.trim()
  if (text.length < VEHICLE_SEARCH_MIN_LENGTH) return undefined
  return { bocId: store.bocMaster.id, storeId: store.id, text, page: 0, size }
}

/** GET /api/boc/{bocId}/store/{storeId}/vehicles/search?search=&page=&size= */
export function vehicleLookupRequest(q: VehicleLookupQuery): { path: string; query: { search: string; page: number; size: number } } {
  return {
    path: `/api/boc/${encodeURIComponent(q.bocId)}/store/${encodeURIComponent(q.storeId)}/vehicles/search`,
    query: { search: q.text, page: q.page, size: q.size },
  }
}

/** A vehicle the lookup found, as far as the form shows it. */
export interface FoundVehicle {
  W2kCustomerVehicleID: number
  vin?: string
  year?: number
  make?: string
  model?: string
  mileage?: number
  firstName: string
  lastName: string
  customerNumber: string
}

/** `2026 Toyota Tacoma · VIN 3TM36ZLR7TA000221 · John Roberts (C0000190)`. */
export function foundVehicleLabel(vehicle: FoundVehicle): string {
  const parts = [vehicleText(vehicle) || 'Vehicle', vehicle.vin ? `VIN ${vehicle.vin}` : 'no VIN', `${personName(vehicle)} (${vehicle.customerNumber})`]
  return parts.join(' · ')
}

export type ServiceBody = ApiRequestBody<'/api/virtual-service-record', 'post'>
export type ReadingBody = ApiRequestBody<'/api/virtual-mileage-record', 'post'>

/** The call a form makes. */
export type RecordRequest = { kind: 'service'; body: ServiceBody } | { kind: 'mileage'; body: ReadingBody }

/** The form as typed. */
export interface RecordDraft {
  kind: RecordKind
  /** The lookup's `W2kCustomerVehicleID` of the vehicle picked. */
  vehicleId: number | undefined
  /** YYYY-MM-DD, or '' when the field is empty. */
  day: string
  mileage: string
  /** What was done (a service), or a note (a reading). */
  text: string
}

/** What keeps a request from being formed, by field; empty when it can be sent. */
export type DraftGaps = Partial<Record<'vehicle' | 'day' | 'mileage', string>>

/** The wire's mileage is a 32-bit whole number. */
const INT32_MAX = 2_147_483_647

/**
 * Miles as typed (`45,300`, `45300`): the whole number, null when nothing was
 * typed, undefined when it is not a whole number the request can carry.
 * Whether it is a sensible mileage is the server's to say.
 */
export function milesOf(typed: string): number | null | undefined {
  const text = typed.replace(/[\s,]/g, '')
  if (text === '') return null
  if (!/^-?\d+$/.test(text)) return undefined
  const miles = Number(text)
  return Math.abs(miles) <= INT32_MAX ? miles : undefined
}

const MILEAGE_NOT_A_NUMBER = 'Enter the mileage as a whole number of miles'

/**
 * The request a draft makes, or what is missing before one can be formed: a
 * vehicle, a day, and for a reading its mileage (the body has no reading
 * without one). A description left empty is sent: the server says it is needed.
 */
export function recordRequest(draft: RecordDraft): { request: RecordRequest; gaps?: undefined } | { request?: undefined; gaps: DraftGaps } {
  const gaps: DraftGaps = {}
  const { vehicleId, day } = draft
  const miles = milesOf(draft.mileage)
  if (vehicleId === undefined) gaps.vehicle = 'Find the vehicle and pick it from the matches'
  if (day === '') gaps.day = 'Enter the day as DD/MM/YYYY'
  if (miles === undefined) gaps.mileage = MILEAGE_NOT_A_NUMBER
  else if (miles === null && draft.kind === 'mileage') gaps.mileage = 'Enter the mileage read'
  if (vehicleId === undefined || miles === undefined || Object.keys(gaps).length > 0) return { gaps }
  const text = draft.text.trim()
  if (draft.kind === 'service') {
    return { request: { kind: 'service', body: { vehicleId, serviceDate: day, mileage: miles ?? undefined, description: text } } }
  }
  // A reading without its miles is a gap above; this only tells the types so.
  if (miles === null) return { gaps }
  return { request: { kind: 'mileage', body: { vehicleId, readingDate: day, mileage: miles, note: text || undefined } } }
}
