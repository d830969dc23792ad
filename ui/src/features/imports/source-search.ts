/**
 * The URL state of the data sources (`/imports/sources`: store, the source
 * opened below the table, page) and the sync history (`/imports/sync-history`:
 * store, source, page). Anything unreadable, and any default, is left out.
 */
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { nonNegativeInt, pageSize, positiveInt } from '../../lib/search-params'

/** The sources table's page size. */
export const SOURCE_PAGE_SIZE = DEFAULT_PAGE_SIZE
/** The sync history's page size. */
export const SYNC_PAGE_SIZE = DEFAULT_PAGE_SIZE
/** Sources listed in a select (a store has a few). */
export const SOURCE_CHOICES_SIZE = 100

export interface DataSourcesSearch {
  /** One store's sources (none: every store the user sees). */
  store?: number
  /** The source whose mapping and schedules are open. */
  source?: number
  page?: number
  size?: number
}

export function validateDataSourcesSearch(raw: Record<string, unknown>): DataSourcesSearch {
  return {
    store: positiveInt(raw.store),
    source: positiveInt(raw.source),
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size),
  }
}

/** One page of sources: the query key and the call. */
export interface SourceListQuery {
  enterpriseId: number
  storeId?: number
  page: number
  size: number
}

export function sourceListQuery(enterpriseId: number, search: { store?: number; page?: number; size?: number }): SourceListQuery {
  return { enterpriseId, storeId: search.store, page: search.page ?? 0, size: search.size ?? SOURCE_PAGE_SIZE }
}

/** Every source of a store (or of every store), for a select. */
export function sourceChoicesQuery(enterpriseId: number, storeId: number | undefined): SourceListQuery {
  return { enterpriseId, storeId, page: 0, size: SOURCE_CHOICES_SIZE }
}

export interface SyncHistorySearch {
  store?: number
  /** One source's syncs. */
  source?: number
  page?: number
  size?: number
}

export function validateSyncHistorySearch(raw: Record<string, unknown>): SyncHistorySearch {
  return {
    store: positiveInt(raw.store),
    source: positiveInt(raw.source),
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size),
  }
}

/** One page of syncs: the query key and the call. */
export interface SyncHistoryQuery {
  enterpriseId: number
  storeId?: number
  dataSourceId?: number
  page: number
  size: number
}

export function syncHistoryQuery(enterpriseId: number, search: SyncHistorySearch): SyncHistoryQuery {
  return {
    enterpriseId,
    storeId: search.store,
    dataSourceId: search.source,
    page: search.page ?? 0,
    size: search.size ?? SYNC_PAGE_SIZE,
  }
}

/** The history's URL after picking a store: a source of another store no longer applies, and paging restarts. */
export function selectHistoryStore(search: SyncHistorySearch, store: number | undefined, sourceStore?: number): SyncHistorySearch {
  const keepSource = search.source !== undefined && (store === undefined || sourceStore === store)
  return { ...search, store, source: keepSource ? search.source : undefined, page: undefined }
}
