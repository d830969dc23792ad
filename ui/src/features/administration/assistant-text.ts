import type { AdminStore } from './api/admin-types'

/** What an assistant's `isActive` means, in one line. */
export const ACTIVE_TEXT = 'Replies: when off, the store gets no automated replies.'
/** What an assistant's `initializerProcessEnabled` means, in one line. */
export const STARTS_TEXT = "Starts conversations: when off, bulk initiation won't start conversations for the store."

/** A store's name and code, or its id when the store is not listed. */
export function storeLabel(stores: readonly AdminStore[], storeId: number): string {
  const store = stores.find((s) => s.id === storeId)
  return store ? `${store.storeName} (${store.storeCode})` : `Store ${storeId}`
}
