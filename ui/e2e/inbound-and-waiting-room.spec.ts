import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectAccessible, openFromMenu } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * Three things staff do from the first screen, against the real server: a store user records
 * what the assistant found about a customer's appointment request (the inbound-appointment
 * view, decision 0022) and sees the track in the conversation; a manager checks a customer in
 * on the Appointments screen and the waiting room's clock starts (B-S3); an enterprise admin
 * reaches the mailing lists from Administration.
 */

/** A store-level manager of store 1 (every staff role has the inbound view). */
const STORE_MANAGER = 'office-manager'
const ENTERPRISE_ADMIN = 'enterprise-admin'

interface Lead {
  id: number
  appointmentSet: boolean
  customerMaster: { firstName: string; lastName: string }
  storeMaster: { id: number }
}

interface Availability {
  days: { date: string; slots: { time: string; free: number }[] }[]
}

interface BookingAnswer {
  code: string
  appointment: { id: number }
}

/** The name the lead manager and the chat box show for a lead. */
function leadName(lead: Lead): string {
  return [lead.customerMaster.firstName, lead.customerMaster.lastName].filter(Boolean).join(' ') || `Lead #${lead.id}`
}

/** The Lead Manager view's leads, read as the screen reads them (its first page). */
async function leadManagerLeads(request: APIRequestContext, token: string): Promise<Lead[]> {
  const response = await request.post('/api/future-service-interaction/custom-search?page=0&size=500', {
    headers: { Authorization: token },
    data: {},
  })
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { content: Lead[] }).content
}

/** YYYY-MM-DD of a Monday-to-Friday day about `days` days from now. */
function weekdayAhead(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

/** Books `lead` an appointment in the first free quarter hour of `date` (through the API: the test's arrangement). */
async function bookAppointment(request: APIRequestContext, token: string, lead: Lead, date: string): Promise<number> {
  const slots = await request.get('/api/appointment/availability', {
    params: { storeId: lead.storeMaster.id, startDate: date, days: 1 },
    headers: { Authorization: token },
  })
  expect(slots.ok(), await slots.text()).toBe(true)
  const free = ((await slots.json()) as Availability).days[0]?.slots.find((slot) => slot.free > 0)
  if (!free) throw new Error(`no free time on ${date} at store ${lead.storeMaster.id}`)
  const booked = await request.post('/api/appointment', {
    headers: { Authorization: token },
    data: { futureServiceInteractionId: lead.id, inpDate: date, inpTime: free.time, transportType: 'WAITER', title: 'Service Appointment' },
  })
  expect(booked.ok(), await booked.text()).toBe(true)
  const answer = (await booked.json()) as BookingAnswer
  expect(answer.code).toBe('SUCCESS')
  return answer.appointment.id
}

function chatBox(page: Page, leadId: number) {
  return page.locator(`[data-testid="chat-box"][data-lead-id="${leadId}"]`)
}

test('a store user records that the customer said yes to an appointment, and the conversation shows the track', async ({ page, request }) => {
  const token = await apiToken(request, STORE_MANAGER)
  const [lead] = await leadManagerLeads(request, token)
  if (!lead) throw new Error('no lead in the Lead Manager view')
  const name = leadName(lead)

  // The first screen: the lead manager; the lead's row opens its conversation.
  await logIn(page, STORE_MANAGER)
  await expect(page).toHaveURL(/\/leadmanager$/)
  const row = page.getByRole('table', { name: 'Lead Manager leads' }).locator(`tr[data-row-id="${lead.id}"]`)
  await row.getByRole('button', { name: `Open conversation with ${name}` }).click()
  const box = chatBox(page, lead.id)
  const log = box.getByRole('log', { name: 'Messages' })
  await expect(log).not.toHaveAttribute('aria-busy', 'true')
  await expectAccessible(page, 'the lead manager with a conversation open')

  // The conversation's options offer the inbound view to this user (their log-in's access).
  const options = box.getByRole('button', { name: 'Conversation options' })
  const menu = page.getByRole('menu', { name: 'Conversation options' })
  await options.click()
  await menu.getByRole('menuitem', { name: 'Inbound appointment…' }).click()
  await expect(menu).toHaveCount(0)
  const dialog = page.getByRole('dialog', { name: 'Inbound appointment' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio')).toHaveCount(9)
  await expectAccessible(page, 'the inbound-appointment dialog')

  await dialog.getByRole('radio', { name: 'Customer said yes', exact: true }).check()
  const recorded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/future-service-interaction/workflow/inbound-appointment')
  await dialog.getByRole('button', { name: 'Record' }).click()
  const answer = await recorded
  expect(answer.ok(), await answer.text()).toBe(true)
  const sent = new URL(answer.url()).searchParams
  expect([sent.get('future-service-interaction-id'), sent.get('parameter')]).toEqual([String(lead.id), 'CUSTOMER_SAY_YES'])
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(options).toBeFocused()

  // The conversation is fetched again: the track the server recorded is in it (a yes is the
  // external handoff), and the assistant is off after the handoff.
  await expect(log.getByTestId('chat-message').filter({ hasText: 'EXTERNAL_A_HANDOFF (CUSTOMER_SAY_YES)' }).last()).toBeVisible()
  await options.click()
  await expect(menu.getByRole('menuitemcheckbox', { name: 'AI off' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expectAccessible(page, 'the conversation with the recorded track')
})

test("a manager checks a customer in on the Appointments screen, and the waiting room's clock runs", async ({ page, request }) => {
  const token = await apiToken(request, STORE_MANAGER)
  const lead = (await leadManagerLeads(request, token)).find((l) => !l.appointmentSet)
  if (!lead) throw new Error('no lead without an appointment in the Lead Manager view')
  const date = weekdayAhead(40)
  const appointmentId = await bookAppointment(request, token, lead, date)

  await logIn(page, STORE_MANAGER)
  await openFromMenu(page, 'Appointments')
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible()
  await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption(String(lead.storeMaster.id))
  await page.getByLabel('Date', { exact: true }).fill(date)
  await expect(page).toHaveURL(new RegExp(`[?&]date=${date}(&|$)`))

  const table = page.getByRole('table', { name: 'Appointments' })
  await expect(table.getByRole('columnheader', { name: 'In house' })).toBeVisible()
  const appointment = table.locator(`tr[data-row-id="${appointmentId}"]`)
  await expect(appointment.getByTestId('appointment-status')).toHaveText('Scheduled')
  // Not in yet: no time.
  const inHouse = appointment.getByTestId('appointment-in-house')
  await expect(inHouse).toHaveText('—')
  await expect(inHouse).not.toHaveAttribute('data-live')
  await expectAccessible(page, 'the appointments of the day')

  // The customer arrives: the manager checks them in, and the server starts the clock.
  await appointment.getByRole('combobox', { name: /^Change status of / }).selectOption('CHECKED_IN')
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(appointment.getByTestId('appointment-status')).toHaveText('Checked in')
  await expect(inHouse).toHaveText(/^\d+ min$/)
  await expect(inHouse).toHaveAttribute('data-live', 'true')
  await expect(appointment.getByText('in house', { exact: true })).toBeVisible()
  await expectAccessible(page, 'the appointments of the day with a customer in house')
})

test('an enterprise admin opens the mailing lists from Administration', async ({ page }) => {
  await logIn(page, ENTERPRISE_ADMIN)
  await openFromMenu(page, 'Administration')
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible()
  const sections = page.getByRole('navigation', { name: 'Administration sections' })
  const link = sections.getByRole('link', { name: 'Mailing lists', exact: true })
  await expect(link).toBeVisible()
  await expectAccessible(page, 'Administration')

  await link.click()
  await expect(page).toHaveURL(/\/reports\/mailing-lists$/)
  await expect(page.getByRole('heading', { name: 'Mailing lists', level: 1 })).toBeVisible()
  await expectAccessible(page, 'the mailing lists')
})
