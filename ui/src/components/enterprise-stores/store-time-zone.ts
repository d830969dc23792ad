import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSession } from '../../lib/session'
import { enterpriseStoresQueryOptions } from './api/get-enterprise-stores'

/** Any store as the server describes it: its office holds the zone. */
interface WithOffice {
  officeMasterVO: { timezoneDisplay: string }
}

/** A store's IANA time zone, the one its times are shown in (lib/date-time); undefined when it has none. */
export function storeTimeZone(store: WithOffice | null | undefined): string | undefined {
  return store?.officeMasterVO.timezoneDisplay || undefined
}

/** A store's time zone by id; undefined when unknown. */
export type StoreZones = (storeId: number | null | undefined) => string | undefined

/**
 * The time zone of a store of the signed-in enterprise, by id, for rows that
 * carry only a store id (syncs, simulator phones, job runs). Undefined for an
 * unknown store: the time then shows in the browser's zone, named.
 */
export function useStoreTimeZones(): StoreZones {
  const enterpriseId = useSession()?.enterprise?.id
  const stores = useQuery({
    ...enterpriseStoresQueryOptions(enterpriseId ?? 0),
    enabled: enterpriseId !== undefined,
    staleTime: 10 * 60_000,
  })
  const list = stores.data
  return useCallback(
    (storeId: number | null | undefined) => (storeId == null ? undefined : storeTimeZone(list?.find((store) => store.id === storeId))),
    [list],
  )
}
