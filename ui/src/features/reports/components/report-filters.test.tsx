import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { fakeCatalogueServer } from '../../../test/catalogue-server'
import { setupTestRoot } from '../../../test/render'
import type { ReportSearch } from '../report-search'
import { serviceTypeLabel } from '../service-types'
import { ReportFilters } from './report-filters'

const view = setupTestRoot()

/** The server's list: codes the UI once had no copy of, in the server's order. */
const LISTED = ['SALES_THANKS', 'OIL_CHANGE', 'OIL_CHANGE_10K', 'RECALL', 'FIRST_SERVICE_GMC']

function render(search: ReportSearch, onChange: (next: ReportSearch) => void = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <ReportFilters kind="funnel" enterpriseId={7} search={search} today="2026-11-25" onChange={onChange} />
    </QueryClientProvider>,
  )
}

/** Lets the fetches answer and React settle. */
async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const serviceField = () =>
  [...view.container.querySelectorAll<HTMLElement>('.multi-select')].find((f) => f.querySelector('span')?.textContent === 'Service types')!
const openServices = () => act(() => serviceField().querySelector<HTMLButtonElement>('.multi-select__button')!.click())
const options = () => [...document.querySelectorAll<HTMLLabelElement>('.multi-select__popover .multi-select__option')]
const optionTexts = () => options().map((o) => o.textContent)
const box = (label: string) => options().find((o) => o.textContent === label)!.querySelector('input')!

describe('ReportFilters: service types', () => {
  it("offers exactly the server's service types, in its order, fetched once", async () => {
    const { calls } = fakeCatalogueServer(LISTED)
    render({})
    await settle()
    openServices()
    expect(optionTexts()).toEqual(LISTED.map(serviceTypeLabel))
    expect(options().every((o) => !o.querySelector('input')!.checked)).toBe(true)
    expect(calls.filter((c) => c === 'GET /api/customTemplate/catalogue')).toHaveLength(1)
  })

  it('keeps a type of the URL the server does not list, ticked, after the listed ones; it can be unticked', async () => {
    fakeCatalogueServer(LISTED)
    const onChange = vi.fn()
    render({ serviceType: ['RECALL', 'PRE_CSI_LIST'] }, onChange)
    await settle()
    openServices()
    expect(optionTexts()).toEqual([...LISTED, 'PRE_CSI_LIST'].map(serviceTypeLabel))
    expect(box(serviceTypeLabel('RECALL')).checked).toBe(true)
    expect(box(serviceTypeLabel('PRE_CSI_LIST')).checked).toBe(true)
    act(() => box(serviceTypeLabel('PRE_CSI_LIST')).click())
    expect(onChange).toHaveBeenLastCalledWith({ serviceType: ['RECALL'], page: undefined })
  })

  it("offers only the URL's types while the catalogue loads, then the server's", async () => {
    const server = fakeCatalogueServer('pending')
    const before = getNotices().length
    render({ serviceType: ['OIL_CHANGE'] })
    await settle()
    openServices()
    expect(optionTexts()).toEqual([serviceTypeLabel('OIL_CHANGE')])
    server.answerCatalogue(LISTED)
    await settle()
    expect(optionTexts()).toEqual(LISTED.map(serviceTypeLabel))
    expect(getNotices()).toHaveLength(before)
  })

  it('a catalogue that fails raises no notice: the filter offers the URL’s types, none when there are none', async () => {
    fakeCatalogueServer('error')
    const before = getNotices().length
    render({})
    await settle()
    openServices()
    expect(options()).toHaveLength(0)
    expect(getNotices()).toHaveLength(before)
  })
})
