/**
 * The behaviour every service-type filter shares (lead manager, bulk
 * initiation, reports): it offers the server's list (the template catalogue's
 * `serviceTypes`), keeps a URL's code the server does not list, shows only the
 * URL's codes while the list loads, and raises no notice when it fails.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../lib/notices'
import { fakeCatalogueServer } from './catalogue-server'
import { setupTestRoot } from './render'

export interface ServiceTypeFilterCase {
  /** The suite's name: the component. */
  name: string
  /** The filter's label on screen. */
  fieldLabel: string
  /** How the screen names a code. */
  label: (code: string) => string
  /** The filter with `serviceType` picked (none: undefined), reporting changes to `onChange`. */
  filter: (serviceType: string[] | undefined, onChange: (next: unknown) => void) => ReactNode
  /** What `onChange` receives when the picked ['RECALL', 'PRE_CSI_LIST'] lose PRE_CSI_LIST. */
  afterUntick: unknown
}

/** The server's list: codes the UI once had no copy of, in the server's order. */
const LISTED = ['SALES_THANKS', 'OIL_CHANGE', 'OIL_CHANGE_10K', 'RECALL', 'FIRST_SERVICE_GMC']

export function describeServiceTypeFilter({ name, fieldLabel, label, filter, afterUntick }: ServiceTypeFilterCase) {
  const view = setupTestRoot()

  function render(serviceType: string[] | undefined, onChange: (next: unknown) => void = vi.fn()) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    view.render(<QueryClientProvider client={client}>{filter(serviceType, onChange)}</QueryClientProvider>)
  }

  /** Lets the fetches answer and React settle. */
  async function settle() {
    for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  }

  const serviceField = () =>
    [...view.container.querySelectorAll<HTMLElement>('.multi-select')].find((f) => f.querySelector('span')?.textContent === fieldLabel)!
  const openServices = () => act(() => serviceField().querySelector<HTMLButtonElement>('.multi-select__button')!.click())
  const options = () => [...document.querySelectorAll<HTMLLabelElement>('.multi-select__popover .multi-select__option')]
  const optionTexts = () => options().map((o) => o.textContent)
  const box = (code: string) => options().find((o) => o.textContent === label(code))!.querySelector('input')!

  describe(`${name}: service types`, () => {
    it("offers exactly the server's service types, in its order, fetched once", async () => {
      const { calls } = fakeCatalogueServer(LISTED)
      render(undefined)
      await settle()
      openServices()
      expect(optionTexts()).toEqual(LISTED.map(label))
      expect(options().every((o) => !o.querySelector('input')!.checked)).toBe(true)
      expect(calls.filter((c) => c === 'GET /api/customTemplate/catalogue')).toHaveLength(1)
    })

    it('keeps a type of the URL the server does not list, ticked, after the listed ones; it can be unticked', async () => {
      fakeCatalogueServer(LISTED)
      const onChange = vi.fn()
      render(['RECALL', 'PRE_CSI_LIST'], onChange)
      await settle()
      openServices()
      expect(optionTexts()).toEqual([...LISTED, 'PRE_CSI_LIST'].map(label))
      expect(box('RECALL').checked).toBe(true)
      expect(box('PRE_CSI_LIST').checked).toBe(true)
      act(() => box('PRE_CSI_LIST').click())
      expect(onChange).toHaveBeenLastCalledWith(afterUntick)
    })

    it("offers only the URL's types while the catalogue loads, then the server's", async () => {
      const server = fakeCatalogueServer('pending')
      const before = getNotices().length
      render(['OIL_CHANGE'])
      await settle()
      openServices()
      expect(optionTexts()).toEqual([label('OIL_CHANGE')])
      server.answerCatalogue(LISTED)
      await settle()
      expect(optionTexts()).toEqual(LISTED.map(label))
      expect(getNotices()).toHaveLength(before)
    })

    it('a catalogue that fails raises no notice: the filter offers the URL’s types, none when there are none', async () => {
      fakeCatalogueServer('error')
      const before = getNotices().length
      render(undefined)
      await settle()
      openServices()
      expect(options()).toHaveLength(0)
      expect(getNotices()).toHaveLength(before)
    })
  })
}
