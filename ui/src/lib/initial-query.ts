import { STORAGE_KEYS } from './config'

/**
 * Keeps the query string of the first page load in local storage, and sets the
 * custom-search flag from `custom-search-version` (spec section 2).
 */
export function rememberInitialQuery(search: string, storage: Storage = localStorage): void {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (query === '') return
  storage.setItem(STORAGE_KEYS.queryString, query)
  const version = new URLSearchParams(query).get('custom-search-version')
  if (version === 'v2') storage.setItem(STORAGE_KEYS.customSearchV2, 'true')
  else if (version === 'v3') storage.setItem(STORAGE_KEYS.customSearchV2, 'false')
}

/** The deep-link parameters the lead manager reads (spec section 2, G-S2). */
const DEEP_LINK_PARAMS = ['future_service_interaction_id', 'custno', 'customerNo', 'servicepage', 'servicePage']

/** An app path a link may name in `screen`; anything else (another site, `//host`) is ignored. */
const APP_PATH = /^\/[A-Za-z][\w-]*(\/[\w-]+)*$/

/**
 * The deep link a logged-out visit kept (G-S2): a lead's conversation, named by
 * `future_service_interaction_id`, or a customer by `custno` with `servicepage`, opened at
 * the path in `screen` (default /leadmanager) once the visitor signs in. Used once: it is
 * removed as it is read. `null` when the kept query names no lead or customer.
 */
export function takeDeepLink(storage: Storage = localStorage): string | null {
  const kept = storage.getItem(STORAGE_KEYS.queryString)
  if (kept === null) return null
  const query = new URLSearchParams(kept)
  const lead = query.get('future_service_interaction_id')
  const servicePage = (query.get('servicepage') ?? query.get('servicePage')) === 'true'
  const customer = query.get('custno') ?? query.get('customerNo')
  if (!(lead !== null && /^\d+$/.test(lead)) && !(servicePage && customer)) return null
  storage.removeItem(STORAGE_KEYS.queryString)
  const screen = query.get('screen')
  const path = screen !== null && APP_PATH.test(screen) ? screen : '/leadmanager'
  const next = new URLSearchParams()
  for (const name of DEEP_LINK_PARAMS) {
    const value = query.get(name)
    if (value !== null) next.set(name, value)
  }
  return `${path}?${next.toString()}`
}
