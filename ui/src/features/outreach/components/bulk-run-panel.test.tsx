import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { setupTestRoot } from '../../../test/render'
import type { BulkReportRow } from '../api/get-bulk-report'
import { BulkRunPanel, type BulkRunPanelProps } from './bulk-run-panel'

// The run link needs a router; the panel's own behaviour does not.
vi.mock('../../../components/job-runs/job-run-link', () => ({
  JobRunLink: ({ runId }: { runId: number }) => <a href={`/jobs/${runId}`}>Run #{runId}</a>,
}))

const view = setupTestRoot()
afterEach(() => vi.restoreAllMocks())

function bulkRun(over: Partial<JobRun> = {}): JobRun {
  return {
    id: 5,
    kind: 'outreach.bulk-initiate',
    label: 'Bulk initiation',
    unit: 'leads',
    actions: [],
    stores: [],
    status: 'running',
    progress: 40,
    counts: { total: 5, done: 1, skipped: 1, failed: 0 },
    attempt: 1,
    maxAttempts: 5,
    cancelRequested: false,
    createdAt: '2026-11-25T10:00:00Z',
    startedAt: '2026-11-25T10:00:01Z',
    heartbeatAt: '2026-11-25T10:00:02Z',
    ...over,
  }
}

const succeeded = bulkRun({
  status: 'succeeded',
  progress: 100,
  counts: { total: 5, done: 3, skipped: 2, failed: 0 },
  finishedAt: '2026-11-25T10:00:05Z',
  result: { message: 'Successfully Initiated!', sent: 2, deferred: 1, skipped: 2, failed: 0, skippedByReason: { OPTED_OUT: 1, NO_MOBILE: 1 } },
})

function row(id: number, outcome: string, over: Partial<BulkReportRow> = {}): BulkReportRow {
  return {
    id,
    jobRunId: 5,
    futureServiceInteractionId: 100 + id,
    customerId: 200 + id,
    customerName: `Customer ${id}`,
    customerCellular: '+14105550100',
    storeId: 1,
    storeName: 'Harbor Toyota',
    serviceType: 'OIL_CHANGE',
    outcome,
    createdAt: '2026-11-25T10:00:02Z',
    finishedAt: '2026-11-25T10:00:03Z',
    ...over,
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** Answers the run, its report and a cancel; records what was asked. */
function fakeServer(run: () => JobRun) {
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    calls.push(`${method} ${url}`)
    if (url === '/api/jobs/5') return Promise.resolve(json({ run: run(), logs: [] }))
    if (url === '/api/jobs/5/cancel') return Promise.resolve(json({ ...run(), cancelRequested: true }))
    if (url.startsWith('/api/lisa/report/bulk-conversation/failed')) {
      return Promise.resolve(json({ content: [row(2, 'SKIPPED', { reason: 'OPTED_OUT', reasonLabel: 'Opted out of texts' })], page: 0, size: 20, totalElements: 1 }))
    }
    if (url.startsWith('/api/lisa/report/bulk-conversation/status')) {
      return Promise.resolve(json({ content: [row(1, 'SENT', { messageStatus: 'delivered' }), row(2, 'SKIPPED')], page: 0, size: 20, totalElements: 2 }))
    }
    return Promise.resolve(json({ message: 'not found' }, 404))
  })
  return calls
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(props: Partial<BulkRunPanelProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const handlers = { onPagingChange: vi.fn(), onNotTextedChange: vi.fn(), onDismiss: vi.fn(), onFinished: vi.fn() }
  view.render(
    <QueryClientProvider client={client}>
      <BulkRunPanel runId={5} notTexted={false} page={0} size={20} {...handlers} {...props} />
    </QueryClientProvider>,
  )
  return handlers
}

const text = () => view.container.textContent ?? ''
const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)
const count = (id: string) => view.container.querySelector(`[data-count="${id}"] dd`)?.textContent
const rowIds = () => [...view.container.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'))

describe('BulkRunPanel', () => {
  it('follows a run under way: progress, what is settled so far, and Cancel after asking', async () => {
    const calls = fakeServer(() => bulkRun())
    render({ started: bulkRun() })
    await settle()
    expect(view.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40')
    expect(text()).toContain('2 of 5 leads settled: 1 texted or deferred, 1 skipped, 0 failed')
    expect(button('Dismiss')).toBeUndefined()
    act(() => button('Cancel')!.click())
    expect(document.querySelector('dialog.confirm-dialog')?.textContent).toContain('Stop run #5?')
    await act(async () => button('Stop texting')!.click())
    await settle()
    expect(calls).toContain('POST /api/jobs/5/cancel')
  })

  it('tells the screen once when a run it saw under way is over, and shows the result and each lead', async () => {
    let current = bulkRun()
    fakeServer(() => current)
    current = succeeded
    const { onFinished } = render({ started: bulkRun() })
    await settle()
    expect(onFinished).toHaveBeenCalledOnce()
    expect(onFinished.mock.calls[0]![0]).toMatchObject({ id: 5, status: 'succeeded' })
    expect(view.container.querySelector('[data-testid="bulk-run-result"]')?.textContent).toContain('Successfully Initiated!')
    expect(count('sent')).toBe('2')
    expect(count('deferred')).toBe('1')
    expect(count('skipped')).toBe('2')
    expect(count('failed')).toBe('0')
    expect(view.container.querySelector('[data-reason="OPTED_OUT"]')).not.toBeNull()
    expect(rowIds()).toEqual(['1', '2'])
    expect(text()).toContain('Text delivered')
    expect(button('Cancel')).toBeUndefined()
  })

  it('does not announce a run that was already over when opened, and lists only the leads not texted when asked', async () => {
    const calls = fakeServer(() => succeeded)
    const { onFinished, onNotTextedChange } = render({ notTexted: true })
    await settle()
    expect(onFinished).not.toHaveBeenCalled()
    expect(calls.some((c) => c.startsWith('GET /api/lisa/report/bulk-conversation/failed?jobRunId=5&page=0&size=20'))).toBe(true)
    expect(rowIds()).toEqual(['2'])
    const toggle = view.container.querySelector<HTMLButtonElement>('[role="switch"]')!
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    act(() => toggle.click())
    expect(onNotTextedChange).toHaveBeenCalledWith(false)
  })

  it('says when the run is not a bulk initiation', async () => {
    fakeServer(() => bulkRun({ kind: 'planner.transfer' }))
    render()
    await settle()
    expect(text()).toContain('is not a bulk initiation (planner.transfer)')
  })
})
