import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { VehicleRecordsView } from '../admin-search'
import { button, click, fakeServer, field, json, PICKER_STORES, settle, testQueryClient } from '../test/admin-fixtures'
import { VehicleRecordsPanel } from './vehicle-records-panel'

const view = setupTestRoot()

const SERVICE = {
  id: 5,
  storeId: 3,
  vehicleId: 222,
  date: '2026-11-20',
  mileage: 45300,
  description: 'Oil change at another shop',
  createdBy: 2,
  createdAt: '2026-11-21T15:00:00Z',
  vin: '3TM36ZLR7TA000221',
  vehicle: '2026 Toyota Tacoma',
  customerName: 'John Roberts',
}
const PAGE = { content: [SERVICE], page: 0, size: 20, totalElements: 1 }
const FOUND = {
  content: [
    {
      W2kCustomerVehicleID: 222,
      customerId: 190,
      customerNumber: 'C0000190',
      firstName: 'John',
      lastName: 'Roberts',
      make: 'Toyota',
      model: 'Tacoma',
      year: 2026,
      vin: '3TM36ZLR7TA000221',
      noLongerOwned: false,
      storeId: 3,
    },
  ],
  page: 0,
  size: 10,
  totalElements: 1,
}

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/enterprise/7/store': PICKER_STORES,
    'GET /api/virtual-service-record': PAGE,
    'GET /api/virtual-mileage-record': { content: [], page: 0, size: 20, totalElements: 0 },
    'GET /api/boc/1/store/3/vehicles/search': FOUND,
    ...extra,
  }
}

async function render(mayManage: boolean, kind: VehicleRecordsView['kind'] = 'service') {
  const onChange = vi.fn()
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <VehicleRecordsPanel enterpriseId={7} mayManage={mayManage} storeId={undefined} view={{ kind, page: 0, size: 20 }} onChange={onChange} />
    </QueryClientProvider>,
  )
  await settle()
  return onChange
}

const table = () => view.container.querySelector('table')!
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')!

/** Types a search in the form and waits out the pause before the lookup. */
async function findVehicle(text: string) {
  typeInto(field(dialog(), 'Find the vehicle'), text)
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 350)))
  await settle()
}

describe('VehicleRecordsPanel', () => {
  afterEach(() => vi.restoreAllMocks())

  it("lists the first store's services done elsewhere, and offers no Add or Delete to those who are not managers", async () => {
    const server = fakeServer(routes())
    await render(false)
    expect(server.calls.map((c) => c.url)).toContain('/api/virtual-service-record?storeId=3&page=0&size=20')
    expect(table().getAttribute('aria-label')).toBe('Services done elsewhere')
    const row = table().querySelector('tr[data-row-id="5"]')!
    expect(row.textContent).toContain('20/11/2026')
    expect(row.textContent).toContain('2026 Toyota Tacoma')
    expect(row.textContent).toContain('VIN 3TM36ZLR7TA000221')
    expect(row.textContent).toContain('John Roberts')
    expect(row.textContent).toContain('45,300 mi')
    expect(row.textContent).toContain('Oil change at another shop')
    expect(row.querySelector('button')).toBeNull()
    expect(() => button(view.container, 'Add record')).toThrow()
  })

  it('puts another store and kind in the address', async () => {
    fakeServer(routes())
    const onChange = await render(false)
    act(() => {
      const select = field<HTMLSelectElement>(view.container, 'Store')
      select.value = '4'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(onChange).toHaveBeenLastCalledWith({ store: 4 })
    click(button(view.container, 'Odometer readings'))
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'mileage' })
  })

  it("sends a reading for the vehicle picked and shows the server's problems in the form", async () => {
    const server = fakeServer(
      routes({ 'POST /api/virtual-mileage-record': json({ message: 'The day cannot be in the future', errors: ['The day cannot be in the future'] }, 400) }),
    )
    await render(true, 'mileage')
    click(button(view.container, 'Add record'))

    // Nothing is sent before a vehicle is picked and a reading has its miles.
    click(button(dialog(), 'Save record'))
    expect(server.sent('POST')).toHaveLength(0)
    expect(dialog().textContent).toContain('Find the vehicle and pick it from the matches')
    expect(dialog().textContent).toContain('Enter the mileage read')

    await findVehicle('000221')
    expect(server.calls.map((c) => c.url)).toContain('/api/boc/1/store/3/vehicles/search?search=000221&page=0&size=10')
    const match = dialog().querySelector<HTMLInputElement>('input[type="radio"][value="222"]')!
    act(() => match.click())
    typeInto(field(dialog(), 'Mileage'), '45,300')
    typeInto(field<HTMLTextAreaElement>(dialog(), 'Note'), ' Texted by the customer ')
    click(button(dialog(), 'Save record'))
    await settle()

    expect(server.sent('POST')[0]?.body).toMatchObject({ vehicleId: 222, mileage: 45300, note: 'Texted by the customer' })
    expect(server.sent('POST')[0]?.body).toHaveProperty('readingDate', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/))
    const refusal = dialog().querySelector('[role="alert"]')!
    expect(refusal.textContent).toContain('Not saved: the server found a problem.')
    expect(refusal.textContent).toContain('The day cannot be in the future')
  })

  it('deletes a record after a confirmation', async () => {
    const server = fakeServer(routes({ 'DELETE /api/virtual-service-record/5': { id: 5 } }))
    await render(true)
    click(button(view.container, 'Delete the service of 20/11/2026 for 2026 Toyota Tacoma (VIN 3TM36ZLR7TA000221)'))
    const confirm = document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')!
    expect(confirm.textContent).toContain('Delete the service of 20/11/2026 for 2026 Toyota Tacoma')
    expect(server.sent('DELETE')).toHaveLength(0)
    click(button(confirm, 'Delete'))
    await settle()
    expect(server.sent('DELETE').map((c) => c.url)).toEqual(['/api/virtual-service-record/5'])
  })
})
