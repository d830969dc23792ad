import { useMemo } from 'react'
import { useEnterpriseStores } from '../../components/enterprise-stores/api/get-enterprise-stores'
import type { AdminAccess } from './admin-access'
import { useBocs } from './api/get-bocs'

export interface DealerOption {
  id: number
  name: string
}

export interface StoreOption {
  id: number
  name: string
  dealerId: number
  dealerName: string
}

export interface UserPickers {
  dealers: DealerOption[]
  stores: StoreOption[]
  pending: boolean
}

/**
 * The dealers and stores a user may be placed in: the active stores the
 * signed-in user sees (their whole enterprise, or their own dealer or store),
 * and the active dealers — all of the enterprise's for its admins, else those
 * of the stores seen (managers may not list dealers).
 */
export function useUserPickers(enterpriseId: number, access: AdminAccess): UserPickers {
  const stores = useEnterpriseStores(enterpriseId)
  const bocs = useBocs(enterpriseId, access.tenant)
  return useMemo(() => {
    const storeOptions: StoreOption[] = (stores.data ?? []).map((s) => ({
      id: s.id,
      name: s.storeName,
      dealerId: s.bocMaster.id,
      dealerName: s.bocMaster.bocName,
    }))
    let dealers: DealerOption[]
    if (access.tenant) {
      dealers = (bocs.data ?? []).filter((b) => b.isActive).map((b) => ({ id: b.id, name: b.bocName }))
    } else {
      const seen = new Map<number, string>()
      for (const s of storeOptions) seen.set(s.dealerId, s.dealerName)
      dealers = [...seen].map(([id, name]) => ({ id, name }))
    }
    return { dealers, stores: storeOptions, pending: stores.isPending || (access.tenant && bocs.isPending) }
  }, [stores.data, stores.isPending, bocs.data, bocs.isPending, access.tenant])
}
