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
