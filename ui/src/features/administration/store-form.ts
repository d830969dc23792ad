/** The store form's start and what it sends. */
import { defaultWeek, weekBody, weekFrom, type StoreDraft } from './admin-validation'
import type { AdminStore, Boc, StoreBody } from './api/admin-types'

/** A new store's time zone: the spec's default zone, GMT-04:00 (Eastern, daylight time). */
export const DEFAULT_STORE_TIME_ZONE = 'America/New_York'
/** A new store's allowed hours for automated texts (the server's defaults). */
export const DEFAULT_ALLOWED_FROM = '08:00'
export const DEFAULT_ALLOWED_UNTIL = '21:00'

/** The form's start: the store as saved, or the defaults of a new one (its dealer chosen when there is only one). */
export function storeDraftOf(store: AdminStore | undefined, dealers: readonly Boc[]): StoreDraft {
  if (!store) {
    const active = dealers.filter((d) => d.isActive)
    return {
      bocId: active.length === 1 ? active[0]!.id : undefined,
      storeCode: '',
      storeName: '',
      brand: '',
      phoneNumber: '',
      timeZone: DEFAULT_STORE_TIME_ZONE,
      quietHoursStart: DEFAULT_ALLOWED_FROM,
      quietHoursEnd: DEFAULT_ALLOWED_UNTIL,
      helpText: '',
      week: defaultWeek(),
    }
  }
  return {
    bocId: store.bocId,
    storeCode: store.storeCode,
    storeName: store.storeName,
    brand: store.brand ?? '',
    phoneNumber: store.phoneNumber ?? '',
    timeZone: store.timeZone,
    quietHoursStart: store.quietHoursStart,
    quietHoursEnd: store.quietHoursEnd,
    helpText: store.helpText ?? '',
    week: weekFrom(store.openingHours),
  }
}

/** The body the API takes; empty optional fields are left out. */
export function storeBody(draft: StoreDraft): StoreBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())
  return {
    bocId: draft.bocId!,
    storeCode: draft.storeCode.trim(),
    storeName: draft.storeName.trim(),
    brand: optional(draft.brand),
    phoneNumber: optional(draft.phoneNumber),
    timeZone: draft.timeZone,
    quietHoursStart: draft.quietHoursStart.trim(),
    quietHoursEnd: draft.quietHoursEnd.trim(),
    helpText: optional(draft.helpText),
    openingHours: weekBody(draft.week),
  }
}
