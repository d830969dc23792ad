import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import type { DryRun, DryRunLead } from '../api/initiate-bulk'
import { DryRunPreview } from './dry-run-preview'

const view = setupTestRoot()

function lead(id: number, outcome: string, extra: Partial<DryRunLead> = {}): DryRunLead {
  return {
    futureServiceInteractionId: id,
    customerName: `Customer ${id}`,
    customerCellular: '+14105550100',
    storeId: 1,
    storeName: 'Harbor Toyota',
    serviceType: 'OIL_CHANGE',
    outcome,
    text: outcome === 'SKIPPED' ? undefined : `Hi ${id}, your car is due.`,
    ...extra,
  }
}

const result: DryRun = {
  total: 4,
  toSend: 2,
  deferred: 1,
  skipped: 1,
  skippedByReason: [{ reason: 'OPTED_OUT', label: 'Opted out of texts', count: 1 }],
  leads: [
    lead(1, 'SENT'),
    lead(2, 'SKIPPED', { reason: 'OPTED_OUT', reasonLabel: 'Opted out of texts' }),
    lead(3, 'DEFERRED', { deferredUntil: '2026-11-26T14:00:00Z' }),
    lead(4, 'SENT'),
  ],
}

function render(dryRun: DryRun, { stale = false } = {}) {
  const onPreviewAgain = vi.fn()
  view.render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DryRunPreview preview={{ key: 'k', result: dryRun, at: Date.parse('2026-11-25T12:00:00Z') }} stale={stale} refreshing={false} onPreviewAgain={onPreviewAgain} />
    </QueryClientProvider>,
  )
  return { onPreviewAgain }
}

const rows = () => [...view.container.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'))
const count = (id: string) => view.container.querySelector(`[data-count="${id}"] dd`)?.textContent
const filterButton = (name: string) =>
  [...view.container.querySelectorAll<HTMLButtonElement>('.bulk-outcome-filter button')].find((b) => b.textContent?.startsWith(name))!

describe('DryRunPreview', () => {
  it('shows the counts, the reasons and every listed lead', () => {
    render(result)
    expect(count('toSend')).toBe('2')
    expect(count('deferred')).toBe('1')
    expect(count('skipped')).toBe('1')
    expect(count('total')).toBe('4')
    expect(view.container.querySelector('[data-reason="OPTED_OUT"]')?.textContent).toContain('Opted out of texts1')
    expect(rows()).toEqual(['1', '2', '3', '4'])
    expect(view.container.textContent).toContain('nothing was sent')
    expect(view.container.textContent).not.toContain('The selection changed')
  })

  it('filters the table by outcome, with each outcome’s count', () => {
    render(result)
    expect(filterButton('Text now').textContent).toBe('Text now 2')
    act(() => filterButton('Skipped').click())
    expect(rows()).toEqual(['2'])
    expect(filterButton('Skipped').getAttribute('aria-pressed')).toBe('true')
    act(() => filterButton('Deferred').click())
    expect(rows()).toEqual(['3'])
    expect(view.container.querySelector('tbody')?.textContent).toContain('until')
    act(() => filterButton('All').click())
    expect(rows()).toHaveLength(4)
  })

  it('says nobody matches an empty selection', () => {
    render({ total: 0, toSend: 0, deferred: 0, skipped: 0, skippedByReason: [], leads: [] })
    expect(view.container.querySelector('[data-testid="dry-run-empty"]')?.textContent).toContain('Nobody matches this selection')
    expect(view.container.querySelector('table')).toBeNull()
  })

  it('asks to preview again once the selection changed', () => {
    const { onPreviewAgain } = render(result, { stale: true })
    const banner = view.container.querySelector('[data-testid="preview-stale"]')!
    expect(banner.textContent).toContain('The selection changed since this preview')
    act(() => banner.querySelector('button')!.click())
    expect(onPreviewAgain).toHaveBeenCalledOnce()
  })

  it('notes when the table lists only part of the selection', () => {
    render({ ...result, total: 2500 })
    expect(view.container.textContent).toContain('The table lists the first 4 of 2,500 leads')
  })
})
