import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'

/**
 * The enterprise's stores as the Imports screens use them: the list for the
 * store filter, a store's name by id (its number when the list does not know
 * it), and whether a store in the URL is one of them.
 */
export function useImportStores(enterpriseId: number | null, selected: number | undefined) {
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== null })
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.storeName])), [stores.data])
  const storeName = useCallback((id: number | undefined) => (id === undefined ? '' : (storeNames.get(id) ?? `Store #${id}`)), [storeNames])
  const storeKnown = selected === undefined || (stores.data ?? []).some((s) => s.id === selected)
  return { stores, storeName, storeKnown }
}
