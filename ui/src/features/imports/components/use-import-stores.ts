import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

/**
 * The enterprise's stores as the Imports screens use them: the list for the
 * store filter, a store's name by id (its number when the list does not know
 * it), its time zone (lib/date-time), and whether a store in the URL is one of them.
 */
export function useImportStores(enterpriseId: number | null, selected: number | undefined) {
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== null })
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.storeName])), [stores.data])
  const storeName = useCallback((id: number | undefined) => (id === undefined ? '' : (storeNames.get(id) ?? `Store #${id}`)), [storeNames])
  const storeZones = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, storeTimeZone(s)])), [stores.data])
  const storeZone = useCallback((id: number | null | undefined) => (id == null ? undefined : storeZones.get(id)), [storeZones])
  const storeKnown = selected === undefined || (stores.data ?? []).some((s) => s.id === selected)
  return { stores, storeName, storeZone, storeKnown }
}
