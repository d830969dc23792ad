import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserData } from '../../../lib/session'
import { setupTestRoot } from '../../../test/render'
import type { StoreRun, ZoneRuns } from '../api/get-zone-runs'
import { AutomatedRunsScreen } from './automated-runs-screen'
import { accessWith } from '../../../test/access'

// Links need a router; what they point at is what matters here.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, search, children, ...rest }: { to: string; search?: { store?: number }; children: ReactNode }) => (
    <a href={search?.store ? `${to}?store=${search.store}` : to} {...rest}>
      {children}
    </a>
  ),
}))

const view = setupTestRoot()

const user: UserData = {
  authToken: 'tok-123',
  expiresAt: '2999-01-01T00:00:00Z',
  userId: 1,
  username: 'office-manager',
  roles: ['OFFICE_MANAGER'],
  access: accessWith({ users: true, manager: true }),
  roleDtos: [{ name: 'OFFICE_MANAGER' }],
  empLevel: 'STORE',
  tenant: 2,
  enterprise: { id: 7, name: 'Bayline Demo Motors' },
  firstName: 'Olivia',
  lastName: 'Manager',
  realTimeSync: false,
  callingFeature: false,
  colorCode: '#123456',
}

// 2:05 PM in New York, 11:05 AM in Los Angeles.
const NOW = Date.parse('2026-11-25T19:05:00Z')

function store(over: Partial<StoreRun>): StoreRun {
  return {
    storeId: 1,
    storeName: 'Harbor Toyota',
    bocId: 1,
    allowedFrom: '08:00',
    allowedTo: '21:00',
    localTime: '14:05',
    openNow: true,
    deferredTexts: 0,
    followUpsDue: 0,
    followUpsWaiting: 0,
    ...over,
  }
}

const zones: ZoneRuns[] = [
  {
    zone: 'GMT-05:00',
    timeZone: 'America/New_York',
    brands: [
      store({ storeId: 1, storeName: 'Harbor Toyota', followUpsDue: 2, followUpsWaiting: 7 }),
      store({
        storeId: 2,
        storeName: 'Bayside Honda',
        allowedFrom: '15:00',
        allowedTo: '19:00',
        openNow: false,
        nextOpening: '2026-11-25T20:00:00Z',
        deferredTexts: 4,
        nextDeferredAt: '2026-11-25T20:00:00Z',
      }),
    ],
  },
  {
    zone: 'GMT-08:00',
    timeZone: 'America/Los_Angeles',
    brands: [
      store({
        storeId: 5,
        storeName: 'Pacific Ford',
        allowedFrom: '12:00',
        allowedTo: '20:00',
        localTime: '11:05',
        openNow: false,
        nextOpening: '2026-11-25T20:00:00Z',
        deferredTexts: 1,
        nextDeferredAt: '2026-11-26T20:00:00Z',
      }),
    ],
  },
]

function fakeServer() {
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push(url)
    const body = url === '/api/store/brands-timezone' ? zones : { message: 'not found' }
    return Promise.resolve(new Response(JSON.stringify(body), { status: url === '/api/store/brands-timezone' ? 200 : 404 }))
  })
  return calls
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0))
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <AutomatedRunsScreen />
    </QueryClientProvider>,
  )
  await settle()
}

const sections = () => [...view.container.querySelectorAll<HTMLElement>('section.zone-runs')]
const rowOf = (storeId: number) => view.container.querySelector<HTMLTableRowElement>(`tbody tr[data-row-id="${storeId}"]`)!
const cells = (storeId: number) => [...rowOf(storeId).querySelectorAll('td')].map((td) => td.textContent)

describe('AutomatedRunsScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW })
    localStorage.setItem('userData', JSON.stringify(user))
  })
  afterEach(() => {
    vi.useRealTimers()
    localStorage.clear()
  })

  it('shows one section per zone, east first, headed by its offset and name', async () => {
    fakeServer()
    await render()
    expect(sections().map((s) => s.querySelector('h2')?.textContent)).toEqual(['GMT-05:00 America/New_York', 'GMT-08:00 America/Los_Angeles'])
    expect(sections()[0]!.querySelector('.panel__meta')?.textContent).toBe('2 stores, 1 open · 4 texts waiting · 2 follow-ups due')
    expect(sections()[0]!.querySelector('table')?.getAttribute('aria-label')).toBe('Stores in America/New_York')
    expect([...sections()[1]!.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'))).toEqual(['5'])
  })

  it('shows each store’s hours, clock, window, held texts and follow-ups on the store’s own clock', async () => {
    fakeServer()
    await render()
    expect(cells(1)).toEqual(['Harbor ToyotaFollow-up cadence', '8:00 AM – 9:00 PM', '2:05 PM', 'Openuntil 9:00 PM', 'None\u00a0', '2 due7 waiting'])
    expect(rowOf(2).querySelector('[data-open]')?.textContent).toBe('Closed')
    expect(cells(2).slice(3)).toEqual(['Closedopens at 3:00 PM', '4 textsfirst goes at 3:00 PM', '0 due0 waiting'])
    // The same moments on the Los Angeles store's clock.
    expect(cells(5).slice(1, 5)).toEqual(['12:00 PM – 8:00 PM', '11:05 AM', 'Closedopens at 12:00 PM', '1 textfirst goes tomorrow at 12:00 PM'])
  })

  it('links each store to its follow-up cadence', async () => {
    fakeServer()
    await render()
    const link = rowOf(2).querySelector('a')!
    expect(link.getAttribute('href')).toBe('/follow-up-cadence?store=2')
    expect(link.getAttribute('aria-label')).toBe('Follow-up cadence of Bayside Honda')
  })

  it('refreshes every 30 seconds and when the window gets focus', async () => {
    const calls = fakeServer()
    await render()
    expect(calls).toEqual(['/api/store/brands-timezone'])
    await act(() => vi.advanceTimersByTimeAsync(29_000))
    expect(calls).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await settle()
    expect(calls).toHaveLength(2)
    act(() => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await settle()
    expect(calls).toHaveLength(3)
    focusManager.setFocused(undefined)
  })

  it('says so to a user outside an enterprise, and asks nothing', async () => {
    const calls = fakeServer()
    localStorage.setItem('userData', JSON.stringify({ ...user, enterprise: null }))
    await render()
    expect(view.container.textContent).toContain('Your account is not tied to an enterprise.')
    expect(calls).toEqual([])
  })
})
