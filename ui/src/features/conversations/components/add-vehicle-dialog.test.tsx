import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import { conversationKeys } from '../api/conversation-keys'
import { AddVehicleDialog } from './add-vehicle-dialog'
import { vehicleFormProblems } from './vehicle-form'

const view = setupTestRoot()

const VEHICLE = { id: 5, vin: '4T1B11HK5JU000001', year: 2021, make: 'Toyota', model: 'Camry', storeId: 1, noLongerOwned: false }

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const invalidate = vi.spyOn(client, 'invalidateQueries')
  view.render(
    <QueryClientProvider client={client}>
      <AddVehicleDialog open leadId={3} onClose={onClose} />
    </QueryClientProvider>,
  )
  return { onClose, invalidate }
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-testid="add-vehicle-dialog"]')!
const input = (name: string) => dialog().querySelector<HTMLInputElement>(`input[name="${name}"]`)!
const labelOf = (element: HTMLInputElement) => dialog().querySelector(`label[for="${element.id}"]`)?.textContent
const alert = () => dialog().querySelector('[role="alert"]')

function type(name: string, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(name), value)
    input(name).dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function save() {
  act(() => dialog().querySelector<HTMLButtonElement>('button[type="submit"]')!.click())
}

describe('vehicleFormProblems', () => {
  const form = (extra: Partial<Record<'vin' | 'make' | 'model' | 'year' | 'odometer', string>>) => ({
    vin: '4T1B11HK5JU000001',
    make: '',
    model: '',
    year: '',
    odometer: '',
    ...extra,
  })

  it('accepts a 17-character VIN in any case, with spaces and dashes', () => {
    expect(vehicleFormProblems(form({ vin: ' 4t1b11hk5ju 000001 ' }))).toEqual({})
    expect(vehicleFormProblems(form({ vin: '4T1B-11HK5-JU000001' }))).toEqual({})
  })

  it('refuses a missing, short or long VIN, and one with I, O or Q', () => {
    for (const vin of ['', '4T1B11HK5JU00000', '4T1B11HK5JU0000012', '4T1B11HK5JU00000I', '4T1B11HK5JU00000O', '4T1B11HK5JU00000Q', '4T1B11HK5JU00000-']) {
      expect(vehicleFormProblems(form({ vin })).vin, vin).toBeDefined()
    }
  })

  it('refuses a year that is not four digits and an odometer that is not a whole number ≥ 0', () => {
    expect(vehicleFormProblems(form({ year: '21' })).year).toBeDefined()
    expect(vehicleFormProblems(form({ year: '2021' })).year).toBeUndefined()
    expect(vehicleFormProblems(form({ odometer: '-5' })).odometer).toBeDefined()
    expect(vehicleFormProblems(form({ odometer: '12.5' })).odometer).toBeDefined()
    expect(vehicleFormProblems(form({ odometer: '0' })).odometer).toBeUndefined()
  })
})

describe('AddVehicleDialog', () => {
  it('labels its fields, with the VIN required', () => {
    render()
    expect(dialog().open).toBe(true)
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Add vehicle')
    expect(['vin', 'make', 'model', 'year', 'odometer'].map((name) => labelOf(input(name)))).toEqual([
      'VIN (required)',
      'Make',
      'Model',
      'Year',
      'Odometer',
    ])
    expect(input('vin').required).toBe(true)
  })

  it('stops a bad VIN before sending anything, and says why at the field', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ created: true, vehicle: VEHICLE }))
    const { onClose } = render()
    type('vin', '4T1B11HK5JU00000O')
    save()
    await settle()
    expect(fetch).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(input('vin').getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input('vin').getAttribute('aria-describedby')!)?.textContent).toBe(
      'A VIN is 17 letters and digits, without I, O or Q.',
    )

    // Nor an empty one, nor a negative odometer.
    type('vin', '')
    type('odometer', '-3')
    save()
    await settle()
    expect(fetch).not.toHaveBeenCalled()
    expect(input('odometer').getAttribute('aria-invalid')).toBe('true')
  })

  it('posts the lead, the upper-cased VIN and the numbers, then closes with "Vehicle added to the lead" and fetches the lead again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ created: true, vehicle: VEHICLE }))
    const { onClose, invalidate } = render()
    type('vin', ' 4t1b11hk5ju000001 ')
    type('make', ' Toyota ')
    type('model', 'Camry')
    type('year', '2021')
    type('odometer', '45300')
    save()
    await settle()

    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/lisa/inbound/vehicleDetails')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({
      futureServiceInteractionId: 3,
      vin: '4T1B11HK5JU000001',
      make: 'Toyota',
      model: 'Camry',
      year: 2021,
      odometer: 45300,
    })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Vehicle added to the lead' })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.lead(3) })
  })

  it('sends only the VIN for a known vehicle, and says "Vehicle linked to the lead"', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ created: false, vehicle: VEHICLE }))
    const { onClose } = render()
    type('vin', '4T1B11HK5JU000001')
    save()
    await settle()
    expect(JSON.parse(String((fetch.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      futureServiceInteractionId: 3,
      vin: '4T1B11HK5JU000001',
    })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Vehicle linked to the lead' })
  })

  it("shows each of the server's problems in the dialog, without a notice, and keeps what was typed", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ message: 'Bad request', errors: ['make is required for a vehicle not yet known', 'model is required for a vehicle not yet known'] }, 400),
    )
    const noticesBefore = getNotices().length
    const { onClose, invalidate } = render()
    type('vin', '4T1B11HK5JU000001')
    save()
    await settle()

    expect(Array.from(alert()!.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'make is required for a vehicle not yet known',
      'model is required for a vehicle not yet known',
    ])
    expect(onClose).not.toHaveBeenCalled()
    expect(dialog().open).toBe(true)
    expect(input('vin').value).toBe('4T1B11HK5JU000001')
    expect(getNotices()).toHaveLength(noticesBefore)
    expect(invalidate).not.toHaveBeenCalled()

    // Typing clears them.
    type('make', 'Toyota')
    expect(alert()).toBeNull()
  })

  it("shows a 404's message", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Lead 3 not found' }, 404))
    render()
    type('vin', '4T1B11HK5JU000001')
    save()
    await settle()
    expect(alert()?.textContent).toBe('Lead 3 not found')
  })

  it('raises the usual notice for a server failure, and says the vehicle was not saved', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Internal error', errors: [] }, 500))
    const noticesBefore = getNotices().length
    render()
    type('vin', '4T1B11HK5JU000001')
    save()
    await settle()
    expect(alert()?.textContent).toBe('The vehicle could not be saved. Try again.')
    expect(getNotices().length).toBe(noticesBefore + 1)
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger' })
  })

  it('closes on Cancel without a call', () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const { onClose } = render()
    type('vin', '4T1B11HK5JU000001')
    act(() => Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!.click())
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(fetch).not.toHaveBeenCalled()
  })
})
