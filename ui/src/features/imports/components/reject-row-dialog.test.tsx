import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import { importKeys } from '../api/import-keys'
import type { ImportedRow, ImportedRowPage } from '../api/search-imported-rows'
import { reviewRowsQuery } from '../import-search'
import { RejectRowDialog } from './reject-row-dialog'

const view = setupTestRoot()

const REASONS = [
  { key: 'VEHICLE_SOLD', message: 'The customer no longer owns the vehicle' },
  { key: 'WRONG_CUSTOMER', message: 'The row matched the wrong customer' },
]

const row = (extra: Partial<ImportedRow> = {}): ImportedRow => ({
  id: 41,
  storeId: 1,
  fileType: 'RECALL',
  fileReportId: 7,
  campaignType: 'RECALL',
  enrichmentStatus: 'LEAD_CREATED',
  updatedOn: '2026-11-22T15:00:00Z',
  lineNumber: 3,
  vin: '5YF6JUVU5TA000048',
  firstName: 'Dana',
  lastName: 'Reyes',
  futureServiceInteractionId: 900,
  ...extra,
})

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** Lets the fetch answer and React settle. */
async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

/** The file's review page 0 (every status) is in the cache, showing the row and another. */
function render(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const pageKey = importKeys.reviewRows(reviewRowsQuery(7, {}))
  const page: ImportedRowPage = { content: [row({ id: 40, lineNumber: 2 }), row()], page: 0, size: 10, totalElements: 2 }
  client.setQueryData(pageKey, page)
  view.render(
    <QueryClientProvider client={client}>
      <RejectRowDialog row={row()} reportId={7} onClose={onClose} />
    </QueryClientProvider>,
  )
  return { onClose, cachedRows: () => client.getQueryData<ImportedRowPage>(pageKey)?.content }
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-testid="reject-row-dialog"]')!
const select = () => dialog().querySelector('select')!
const submit = () => dialog().querySelector<HTMLButtonElement>('button[type="submit"]')!
const labelOf = (element: Element) => element.closest('label')?.querySelector('.field__label')?.textContent

function choose(value: string) {
  act(() => {
    select().value = value
    select().dispatchEvent(new Event('change', { bubbles: true }))
  })
}

describe('RejectRowDialog', () => {
  it("offers the server's reasons, keeps Reject disabled until one is chosen, then rejects the row in place", async () => {
    const rejected = row({ enrichmentStatus: 'REJECTED', reasonKey: 'VEHICLE_SOLD' })
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(String(input).startsWith('/api/data-sync/lead/prepaid/errorMessages') ? json(REASONS) : json(rejected)),
    )
    const { onClose, cachedRows } = render()
    expect(dialog().open).toBe(true)
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Reject row')
    expect(dialog().textContent).toContain('Line 3 · 5YF6JUVU5TA000048 · Dana Reyes')
    await settle()

    expect(labelOf(select())).toBe('Reason (required)')
    expect(select().required).toBe(true)
    expect(Array.from(select().options, (o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose a reason'],
      ['VEHICLE_SOLD', 'The customer no longer owns the vehicle'],
      ['WRONG_CUSTOMER', 'The row matched the wrong customer'],
    ])
    expect(submit().textContent).toBe('Reject')
    expect(submit().disabled).toBe(true)

    // Enter in the form without a reason sends nothing.
    act(() => dialog().querySelector('form')!.requestSubmit())
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)

    choose('VEHICLE_SOLD')
    expect(submit().disabled).toBe(false)
    act(() => submit().click())
    await settle()

    const [url, init] = fetch.mock.calls[1] as [string, RequestInit]
    expect(url).toBe('/api/list-of-customer-vehicle-lead/enrichment/41/status/update/REJECTED?reasonkey=VEHICLE_SOLD')
    expect(init.method).toBe('PUT')
    expect(onClose).toHaveBeenCalledTimes(1)
    // The row changed where it is shown; the other row is untouched.
    expect(cachedRows()?.map((r) => [r.id, r.enrichmentStatus, r.reasonKey])).toEqual([
      [40, 'LEAD_CREATED', undefined],
      [41, 'REJECTED', 'VEHICLE_SOLD'],
    ])
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Updated' })
  })

  it("shows the server's first error in the dialog, and keeps it open with the reason chosen", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        String(input).startsWith('/api/data-sync/lead/prepaid/errorMessages')
          ? json(REASONS)
          : json({ message: 'Not found', errors: ['Imported lead 41 not found'] }, 404),
      ),
    )
    const noticesBefore = getNotices().length
    const { onClose, cachedRows } = render()
    await settle()
    choose('WRONG_CUSTOMER')
    act(() => submit().click())
    await settle()

    const error = dialog().querySelector('[role="alert"]')
    expect(error?.textContent).toBe('Imported lead 41 not found')
    expect(onClose).not.toHaveBeenCalled()
    expect(dialog().open).toBe(true)
    expect(select().value).toBe('WRONG_CUSTOMER')
    expect(submit().disabled).toBe(false)
    expect(cachedRows()?.[1]?.enrichmentStatus).toBe('LEAD_CREATED')
    // Shown in place, not as a notice too.
    expect(getNotices()).toHaveLength(noticesBefore)

    // A new choice clears it.
    choose('VEHICLE_SOLD')
    expect(dialog().querySelector('[role="alert"]')).toBeNull()
  })

  it('says when the reasons could not be loaded, and keeps Reject disabled', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Internal error', errors: [] }, 500))
    render()
    await settle()
    expect(dialog().querySelector('.field__error')?.textContent).toContain('The reasons could not be loaded.')
    expect(select().disabled).toBe(true)
    expect(submit().disabled).toBe(true)
  })

  it('closes on Cancel without a call', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(REASONS))
    const { onClose } = render()
    await settle()
    choose('VEHICLE_SOLD')
    act(() => Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!.click())
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
