import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { DataSource } from '../api/get-data-sources'
import { SyncSchedulesPanel } from './sync-schedules-panel'

const view = setupTestRoot()

const source: DataSource = {
  id: 7,
  enterpriseId: 1,
  storeIdFk: 2,
  name: 'Demo DMS',
  sourceKind: 'SIMULATED_DMS',
  enabled: true,
  folders: [],
  createdOn: '2026-11-25T09:00:00Z',
  updatedOn: '2026-11-25T09:00:00Z',
}

const schedule = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  enterpriseId: 1,
  storeIdFk: 2,
  apiName: 'dms-sync:7',
  jobKind: 'imports.sync',
  cron: '0 * * * *',
  timeZone: 'America/New_York',
  enabled: true,
  createdAt: `2026-11-2${id}T10:00:00Z`,
  nextFireAt: '2026-11-25T11:00:00Z',
  input: { dataSourceId: 7, storeId: 2 },
  ...extra,
})

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(of: DataSource = source) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <SyncSchedulesPanel source={of} enterpriseId={1} />
    </QueryClientProvider>,
  )
}

const radio = (label: string) =>
  [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => r.closest('label')!.textContent === label)!
const addButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Add schedule')!

describe('SyncSchedulesPanel', () => {
  it("lists the source's sync schedules only", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json([
        schedule(1),
        schedule(2, { cron: '0 2 * * *', enabled: false }),
        schedule(3, { input: { dataSourceId: 8, storeId: 2 } }),
        schedule(4, { jobKind: 'planner.transfer', input: { planner: '5K' } }),
      ]),
    )
    render()
    await settle()
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/data-sync/scheduler/api-name/1?storeIdFk=2')
    const items = [...view.container.querySelectorAll('.schedule-item')]
    expect(items.map((i) => i.getAttribute('data-schedule-id'))).toEqual(['1', '2'])
    expect(items[0]!.textContent).toContain('Every hour')
    expect(items[1]!.textContent).toContain('Every day at 2 AM')
    expect(items[1]!.textContent).toContain('Switched off')
    expect(items[1]!.querySelector('[role="switch"]')!.getAttribute('aria-checked')).toBe('false')
  })

  it("creates a schedule from a preset: 'Scheduler created successfully'", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) =>
      Promise.resolve(init?.method === 'POST' ? json(schedule(5), 201) : json([])),
    )
    render()
    await settle()
    expect(view.container.querySelector('[data-testid="no-schedules"]')).not.toBeNull()
    expect(radio('Every day at 2 AM').checked).toBe(true)
    act(() => radio('Every hour').click())
    act(() => addButton().click())
    await settle()
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST') as [string, RequestInit]
    expect(post[0]).toBe('/api/data-sync/scheduler')
    expect(JSON.parse(String(post[1].body))).toEqual({
      enterpriseId: 1,
      storeIdFk: 2,
      apiName: 'dms-sync:7',
      jobKind: 'imports.sync',
      cron: '0 * * * *',
      timeZone: 'America/New_York',
      input: { dataSourceId: 7, storeId: 2 },
    })
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Scheduler created successfully' })
  })

  it("checks a custom cron first, then shows the server's refusal", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({ message: 'Bad request', errors: ['Unable to create scheduler: invalid cron expression "0 25 * * *"'] }, 400)
          : json([]),
      ),
    )
    render()
    await settle()
    act(() => radio('Custom cron').click())
    const cron = view.container.querySelector<HTMLInputElement>('.schedule-form__cron input')!
    typeInto(cron, '0 25 *')
    act(() => addButton().click())
    await settle()
    expect(view.container.querySelector('.field__error')?.textContent).toContain('this one has 3')
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    typeInto(cron, '0 25 * * *')
    act(() => addButton().click())
    await settle()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'Unable to create scheduler: invalid cron expression "0 25 * * *"' })
  })

  it('has nothing to schedule for an uploads-only source', () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    render({ ...source, sourceKind: 'UPLOAD_ONLY' })
    expect(view.container.textContent).toContain('An uploads-only source has no sync')
    expect(view.container.querySelector('form')).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
  })
})
