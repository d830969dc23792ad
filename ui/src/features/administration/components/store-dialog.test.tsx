import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot, typeInto } from '../../../test/render'
import { adminStore, button, choose, click, dealer, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import type { AdminStore, Boc } from '../api/admin-types'
import { StoreDialog } from './store-dialog'

const view = setupTestRoot()

const ROUTES = {
  'GET /api/brands': [
    { code: 'TOYOTA', name: 'Toyota', storeCount: 3 },
    { code: 'FORD', name: 'Ford', storeCount: 0 },
  ],
  'GET /api/time-zones': [
    { name: 'America/Chicago', offset: 'GMT-06:00' },
    { name: 'America/New_York', offset: 'GMT-05:00' },
  ],
}

async function render({ store, dealers = [dealer(), dealer({ id: 2, bocCode: 'OLD', bocName: 'Old Dealer', isActive: false })] }: { store?: AdminStore; dealers?: Boc[] } = {}) {
  const onClose = vi.fn()
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <StoreDialog enterpriseId={7} dealers={dealers} store={store} onClose={onClose} />
    </QueryClientProvider>,
  )
  await settle()
  return onClose
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog')!
const text = () => dialog().textContent ?? ''

describe('StoreDialog', () => {
  it('starts a new store in America/New_York with the default week, the only active dealer chosen, and lists time zones with their offset', async () => {
    fakeServer(ROUTES)
    await render()
    const zone = field<HTMLSelectElement>(dialog(), 'Time zone')
    expect(zone.value).toBe('America/New_York')
    expect([...zone.options].map((o) => o.textContent)).toEqual(['America/Chicago (GMT-06:00)', 'America/New_York (GMT-05:00)'])
    expect(field<HTMLSelectElement>(dialog(), 'Dealer').value).toBe('1')
    // A deactivated dealer takes no new store.
    expect([...field<HTMLSelectElement>(dialog(), 'Dealer').options].map((o) => o.textContent)).toEqual(['Harbor Auto Group (HAG)'])
    expect(field(dialog(), 'Texts allowed from').value).toBe('08:00')
    expect(field(dialog(), 'Monday opens').value).toBe('07:00')
    expect(dialog().querySelector('[data-weekday="7"]')?.textContent).toContain('Closed')
  })

  it('marks the missing and malformed fields and sends nothing', async () => {
    const server = fakeServer(ROUTES)
    const onClose = await render()
    typeInto(field(dialog(), 'Store code'), 'S 1')
    typeInto(field(dialog(), 'Texts allowed until'), '9pm')
    typeInto(field(dialog(), 'Tuesday opens'), '19:00')
    typeInto(field(dialog(), 'Phone number'), '555-01')
    click(button(dialog(), 'Create store'))
    await settle()
    expect(text()).toContain("Store code may hold only letters, digits, '-', '_' and '.'")
    expect(text()).toContain('Store name is required')
    expect(text()).toContain('Allowed until must be HH:MM (24-hour), e.g. 08:30')
    expect(text()).toContain('Phone number "555-01" is not a valid number')
    expect(dialog().querySelector('[data-testid="day-problem-2"]')?.textContent).toBe('Tuesday: opening must be before closing')
    expect(field(dialog(), 'Tuesday opens').getAttribute('aria-invalid')).toBe('true')
    expect(field(dialog(), 'Store name').getAttribute('aria-invalid')).toBe('true')
    expect(server.sent('POST')).toHaveLength(0)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('creates the store with its brand, zone, allowed hours and week (a closed day without times)', async () => {
    const server = fakeServer({ ...ROUTES, 'POST /api/enterprise/7/store': adminStore({ id: 9 }) })
    const onClose = await render()
    typeInto(field(dialog(), 'Store code'), ' S-200 ')
    typeInto(field(dialog(), 'Store name'), 'Bayside Toyota')
    choose(field<HTMLSelectElement>(dialog(), 'Brand'), 'TOYOTA')
    choose(field<HTMLSelectElement>(dialog(), 'Time zone'), 'America/Chicago')
    typeInto(field(dialog(), 'Phone number'), '(555)-010-3000')
    click(dialog().querySelector<HTMLInputElement>('input[aria-label="Saturday open"]')!)
    click(button(dialog(), 'Create store'))
    await settle()
    const [post] = server.sent('POST')
    expect(post?.url).toBe('/api/enterprise/7/store')
    expect(post?.body).toEqual({
      bocId: 1,
      storeCode: 'S-200',
      storeName: 'Bayside Toyota',
      brand: 'TOYOTA',
      phoneNumber: '(555)-010-3000',
      timeZone: 'America/Chicago',
      quietHoursStart: '08:00',
      quietHoursEnd: '21:00',
      openingHours: [
        { weekday: 1, opens: '07:00', closes: '18:00' },
        { weekday: 2, opens: '07:00', closes: '18:00' },
        { weekday: 3, opens: '07:00', closes: '18:00' },
        { weekday: 4, opens: '07:00', closes: '18:00' },
        { weekday: 5, opens: '07:00', closes: '18:00' },
        { weekday: 6 },
        { weekday: 7 },
      ],
    })
    expect(onClose).toHaveBeenCalled()
  })

  it("lists every problem of the server's 400 at the top and stays open", async () => {
    const errors = ['Store code S100 is taken', 'Phone number "+1555" is not a valid number']
    const server = fakeServer({ ...ROUTES, 'PUT /api/enterprise/7/store/3': json({ message: errors[0], errors }, 400) })
    const onClose = await render({ store: adminStore() })
    expect(field(dialog(), 'Store code').value).toBe('S100')
    click(button(dialog(), 'Save'))
    await settle()
    expect(server.sent('PUT')[0]?.url).toBe('/api/enterprise/7/store/3')
    const refusal = dialog().querySelector('[data-testid="form-refusal"]')!
    expect(refusal.querySelector('strong')?.textContent).toBe('Not saved: the server found 2 problems.')
    expect([...refusal.querySelectorAll('li')].map((li) => li.textContent)).toEqual(errors)
    expect(onClose).not.toHaveBeenCalled()
  })
})
