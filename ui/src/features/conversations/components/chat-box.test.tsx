import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetChatDock } from '../../../lib/chat-dock'
import { setupTestRoot } from '../../../test/render'
import { ChatBox, type ChatAppointmentEditorProps, type ChatShareLinksProps, type ChatTemplatePanelProps } from './chat-box'

const view = setupTestRoot()
afterEach(() => resetChatDock())

const LEAD = {
  id: 3,
  companyId: 7,
  type: 'SERVICE',
  status: 'APPOINTMENT_SET',
  appointmentSet: true,
  appointmentId: 41,
  serviceType: 'OIL_CHANGE',
  totalUnreadCount: 0,
  customerMaster: { id: 11, firstName: 'Dana', lastName: 'Reyes', cellular: '+15552013344', blockSms: false },
  storeMaster: { id: 1, store_name: 'Bayline Toyota', officeMasterVO: { timezoneDisplay: 'America/New_York' } },
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

/** Stands in for the templates feature's panel: says what it was given, and applies a template with a missing field. */
function FakePanel({ leadId, enterpriseId, serviceType, onApply }: ChatTemplatePanelProps) {
  return (
    <section aria-label="Templates" data-given={`${leadId} ${enterpriseId} ${serviceType}`}>
      <button
        type="button"
        onClick={() =>
          onApply({
            text: 'Hi Dana, reply to {{customer_email}}',
            editorBody: 'Hi Dana,\nreply to {{customer_email}}',
            missingFields: [{ key: 'customer_email', group: 'Customer', label: 'Email', placeholder: '{{customer_email}}' }],
          })
        }
      >
        Apply
      </button>
    </section>
  )
}

/** Stands in for the appointments feature's editor: says what it was given while open, books and closes. */
function FakeAppointmentEditor({ open, onClose, onBooked, ...given }: ChatAppointmentEditorProps) {
  if (!open) return null
  return (
    <section aria-label="Appointment editor" data-given={JSON.stringify(given)}>
      <button
        type="button"
        onClick={() => {
          onBooked()
          onClose()
        }}
      >
        Book
      </button>
    </section>
  )
}

/** Stands in for the deal room's "Share links" action: says which lead it was given. */
function FakeShareLinks({ leadId }: ChatShareLinksProps) {
  return <button type="button" aria-label="Share links" data-lead={leadId} />
}

async function render(withPanel = true, withAppointments = false, withShareLinks = false, lead: () => object = () => LEAD) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
    Promise.resolve(json(String(input).startsWith('/api/future-service-interaction/3') ? lead() : [])),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <ChatBox
        box={{ leadId: 3, minimised: false }}
        focused
        focusSeq={undefined}
        now={Date.parse('2026-03-01T12:00:00Z')}
        poll={false}
        privileged={false}
        enterpriseStyle={false}
        currentUsername="office-manager"
        templatePanel={withPanel ? FakePanel : undefined}
        appointmentEditor={withAppointments ? FakeAppointmentEditor : undefined}
        shareLinks={withShareLinks ? FakeShareLinks : undefined}
      />
    </QueryClientProvider>,
  )
  await settle()
  return fetch
}

const toggle = () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Templates"]')!
const log = () => view.container.querySelector('[role="log"][aria-label="Messages"]')
const panel = () => view.container.querySelector<HTMLElement>('section[aria-label="Templates"]')

describe('ChatBox templates', () => {
  it('toggles between the conversation and the template list, which gets the lead, its enterprise and service type', async () => {
    await render()
    expect(toggle().getAttribute('aria-pressed')).toBe('false')
    expect(log()).not.toBeNull()
    expect(panel()).toBeNull()

    act(() => toggle().click())
    expect(toggle().getAttribute('aria-pressed')).toBe('true')
    expect(log()).toBeNull()
    expect(panel()?.dataset.given).toBe('3 7 OIL_CHANGE')
    // The editor stays.
    expect(view.container.querySelector('textarea[aria-label="Message"]')).not.toBeNull()

    act(() => toggle().click())
    expect(panel()).toBeNull()
    expect(log()).not.toBeNull()
  })

  it('Apply fills the editor, warns of the missing field and shows the conversation again', async () => {
    await render()
    act(() => toggle().click())
    act(() => panel()!.querySelector('button')!.click())
    const input = view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!
    expect(input.value).toBe('Hi Dana, reply to {{customer_email}}')
    expect(document.activeElement).toBe(input)
    expect(view.container.querySelector('[data-testid="missing-fields"]')?.textContent).toBe(
      'This lead has no Customer › Email: type it in or remove {{customer_email}} before sending',
    )
    expect(panel()).toBeNull()
    expect(log()).not.toBeNull()
  })

  it('has no Templates toggle without a template panel', async () => {
    await render(false)
    expect(toggle()).toBeNull()
    expect(log()).not.toBeNull()
  })
})

describe('ChatBox appointments', () => {
  const appointmentButton = () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Appointment"]')
  const editor = () => document.querySelector<HTMLElement>('section[aria-label="Appointment editor"]')

  it("opens the appointment editor for the lead: its store, enterprise, customer, stage and appointment", async () => {
    await render(false, true)
    expect(editor()).toBeNull()
    act(() => appointmentButton()!.click())
    expect(JSON.parse(editor()!.dataset.given!)).toEqual({
      leadId: 3,
      storeId: 1,
      enterpriseId: 7,
      customerName: 'Dana Reyes',
      leadType: 'SERVICE',
      serviceType: 'OIL_CHANGE',
      stage: 'APPOINTMENT_SET',
      appointmentId: 41,
      appointmentSet: true,
      timeZone: 'America/New_York',
    })
    // The conversation stays.
    expect(log()).not.toBeNull()
  })

  it('fetches the lead again after a booking (its appointment changed), and closes the editor', async () => {
    const fetch = await render(false, true)
    act(() => appointmentButton()!.click())
    const before = fetch.mock.calls.filter(([input]) => String(input) === '/api/future-service-interaction/3').length
    act(() => editor()!.querySelector('button')!.click())
    await settle()
    expect(editor()).toBeNull()
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/api/future-service-interaction/3').length).toBe(before + 1)
  })

  it('has no Appointment button without an editor', async () => {
    await render(false, false)
    expect(appointmentButton()).toBeNull()
  })
})

describe('ChatBox share links', () => {
  it("shows the plugged-in Share links action for the box's lead", async () => {
    await render(false, false, true)
    expect(view.container.querySelector('.chat-box__header button[aria-label="Share links"]')?.getAttribute('data-lead')).toBe('3')
  })

  it('has no Share links action without one', async () => {
    await render(false, false)
    expect(view.container.querySelector('button[aria-label="Share links"]')).toBeNull()
  })
})

describe('ChatBox vehicle', () => {
  const strip = () => view.container.querySelector<HTMLElement>('[data-testid="chat-box-vehicle"]')
  const addButton = () => Array.from(view.container.querySelectorAll('button')).find((b) => b.textContent === 'Add vehicle…')
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-testid="add-vehicle-dialog"]')!

  it("shows the lead's vehicle and VIN, and no Add vehicle action, when it has one", async () => {
    await render(false, false, false, () => ({
      ...LEAD,
      serviceVehicle: { id: 5, vin: '4T1B11HK5JU000001', year: 2021, make: 'Toyota', model: 'Camry' },
    }))
    expect(strip()?.textContent).toBe('2021 Toyota Camry · VIN 4T1B11HK5JU000001')
    expect(addButton()).toBeUndefined()
  })

  it('has no Add vehicle action when the lead came with a VIN but no vehicle record', async () => {
    await render(false, false, false, () => ({ ...LEAD, vin: '4T1B11HK5JU000001' }))
    expect(strip()?.textContent).toBe('VIN 4T1B11HK5JU000001')
    expect(addButton()).toBeUndefined()
  })

  it('offers Add vehicle… without a VIN; once added, the lead is fetched again and shows the vehicle', async () => {
    let lead: object = { ...LEAD, cagLeadType: 'WEBSITE' }
    const fetch = await render(false, false, false, () => lead)
    expect(strip()?.textContent).toContain('No vehicle')
    expect(dialog().open).toBe(false)
    act(() => addButton()!.click())
    expect(dialog().open).toBe(true)

    const vehicle = { id: 5, vin: '4T1B11HK5JU000001', year: 2021, make: 'Toyota', model: 'Camry', storeId: 1, noLongerOwned: false }
    fetch.mockImplementation((input) => {
      if (String(input) === '/api/lisa/inbound/vehicleDetails') {
        lead = { ...LEAD, vin: vehicle.vin, serviceVehicle: vehicle }
        return Promise.resolve(json({ created: false, vehicle }))
      }
      return Promise.resolve(json(String(input).startsWith('/api/future-service-interaction/3') ? lead : []))
    })
    const vin = dialog().querySelector<HTMLInputElement>('input[name="vin"]')!
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(vin, '4t1b11hk5ju000001')
      vin.dispatchEvent(new Event('input', { bubbles: true }))
    })
    act(() => dialog().querySelector('form')!.requestSubmit())
    await settle()

    expect(dialog().open).toBe(false)
    expect(strip()?.textContent).toBe('2021 Toyota Camry · VIN 4T1B11HK5JU000001')
    expect(addButton()).toBeUndefined()
  })
})
