import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { DataTable } from '../../../components/data-table/data-table'
import type { JobRunSummary } from '../../../components/job-runs/api/get-job-runs'
import { setupTestRoot } from '../../../test/render'
import { jobRunColumns, jobRunRowId } from './job-run-columns'

const view = setupTestRoot()
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })

const running = {
  id: 7,
  kind: 'diagnostics.noop',
  label: 'Diagnostics',
  unit: 'items',
  actions: ['cancel'],
  stores: [],
  status: 'running',
  progress: 12,
  counts: { total: 1000, done: 120, skipped: 0, failed: 0 },
  attempt: 1,
  maxAttempts: 3,
  cancelRequested: false,
  createdAt: '2026-11-30T10:00:00Z',
  startedAt: '2026-11-30T10:00:01Z',
} as unknown as JobRunSummary

function renderAt(now: number) {
  view.render(
    <QueryClientProvider client={client}>
      <DataTable label="Job runs" columns={jobRunColumns(now, { actions: true })} data={[running]} getRowId={jobRunRowId} />
    </QueryClientProvider>,
  )
}

describe('the runs table', () => {
  it("keeps a row's open confirmation while the clock makes the columns again", () => {
    const start = Date.parse('2026-11-30T10:01:00Z')
    renderAt(start)
    act(() => (view.container.querySelector('[aria-label="Cancel run 7"]') as HTMLButtonElement).click())
    const dialog = () => view.container.querySelector('dialog.confirm-dialog') as HTMLDialogElement | null
    expect(dialog()?.open).toBe(true)
    const opened = dialog()
    // The Jobs screen makes its columns again every second while a run runs.
    renderAt(start + 1000)
    renderAt(start + 2000)
    expect(dialog()).toBe(opened)
    expect(dialog()?.open).toBe(true)
    expect(dialog()?.textContent).toContain('Are you sure you want to cancel run #7 (Diagnostics)?')
  })
})
