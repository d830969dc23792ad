import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { RealtimeStatus } from '../../components/realtime-status/realtime-status'
import { SearchInput } from '../../components/search-input/search-input'
import { SIMULATOR_PHONES_FALLBACK_POLL_MS } from '../../lib/config'
import { useStreamDown } from '../../lib/realtime'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { PHONE_PAGE_SIZE, usePhones, type Phone } from './api/get-phones'
import { useLiveSimulator } from './api/message-events'
import { PhoneList } from './components/phone-list'
import { PhonePager } from './components/phone-pager'
import { PhoneThread } from './components/phone-thread'
import { TestTexts } from './components/test-texts'

const route = getRouteApi('/_app/simulator')

/**
 * /simulator — the built-in SMS provider's "customer phone": pick a customer who
 * has texts, read the thread as their phone shows it, and reply as them. Replies
 * go through the same signed webhook path as a real provider's.
 */
export function SmsSimulatorScreen() {
  const user = useSession()
  return (
    <section className="page page--simulator">
      <header className="page__header">
        <h1>SMS simulator</h1>
        <div className="page__actions">
          <RealtimeStatus />
        </div>
      </header>
      {user?.enterprise ? (
        <Simulator />
      ) : (
        <div className="panel panel__note">
          The simulator shows the phones of one enterprise&apos;s customers; your account is not tied to an enterprise.
        </div>
      )}
    </section>
  )
}

function Simulator() {
  const params = route.useSearch()
  const navigate = route.useNavigate()
  const page = params.page ?? 0
  const search = params.search ?? ''
  const customerId = params.customer

  // While the live stream is down, poll instead.
  const streamDown = useStreamDown()
  const phones = usePhones(
    { page, size: PHONE_PAGE_SIZE, search },
    { refetchInterval: streamDown ? SIMULATOR_PHONES_FALLBACK_POLL_MS : false },
  )
  useLiveSimulator(customerId)
  const now = useNow(60_000)

  // Keep showing the selected phone's details after paging or searching it out of the list.
  const listed = phones.data?.content.find((p) => p.customerId === customerId)
  const [remembered, setRemembered] = useState<Phone | undefined>(listed)
  if (listed && listed !== remembered) setRemembered(listed)
  const selected = listed ?? (remembered?.customerId === customerId ? remembered : undefined)

  return (
    <div className="simulator">
      <section className="panel simulator__phones" aria-label="Customer phones">
        <header className="simulator__toolbar">
          <SearchInput
            label="Search phones"
            placeholder="Name or number"
            className="simulator__search"
            value={search}
            onSearch={(next) =>
              void navigate({ search: (prev) => ({ ...prev, search: next || undefined, page: undefined }) })
            }
          />
        </header>
        <PhoneList
          phones={phones.data?.content}
          selectedId={customerId}
          isLoading={phones.isPending}
          isFetching={phones.isPlaceholderData}
          skeletonRows={8}
          now={now}
        />
        <PhonePager
          pageIndex={page}
          pageSize={PHONE_PAGE_SIZE}
          rowCount={phones.data?.totalElements ?? 0}
          disabled={phones.isPending}
          onChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 0 ? next : undefined }) })}
        />
      </section>
      {customerId === undefined ? (
        <section className="panel phone phone--idle" aria-label="Customer phone">
          <p className="phone__note">Select a phone to see its texts and reply as the customer.</p>
          <TestTexts />
        </section>
      ) : (
        <PhoneThread key={customerId} customerId={customerId} phone={selected} poll={streamDown} now={now} />
      )}
    </div>
  )
}
