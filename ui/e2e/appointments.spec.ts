import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiToken, logIn } from './log-in'

/**
 * Service appointments end to end, against the real server: a store user opens
 * a lead from the lead manager, books it an appointment in the editor (a
 * weekday about 30 days ahead, a free quarter hour), sees 'Appointment booked
 * Successfully', finds it on the appointments screen for that store and day,
 * and confirms it.
 */

/** An advisor-level user of store 1. */
const STORE_USER = 'office-manager'

interface Lead {
  id: number
  appointmentSet: boolean
  customerMaster: { firstName: string; lastName: string }
  storeMaster: { id: number; store_name: string }
}

interface BookingAnswer {
  message: string
  code: string
  appointment: { id: number; apptStatus: string; storeId: number }
}

/** The name the lead manager and the chat box show for a lead. */
function leadName(lead: Lead): string {
  return [lead.customerMaster.firstName, lead.customerMaster.lastName].filter(Boolean).join(' ') || `Lead #${lead.id}`
}

/**
 * A lead without an appointment from the Lead Manager view's first page, read
 * as the screen reads it (the same call, no filters, 500 rows): its row is on
 * the screen's first page.
 */
async function findLeadWithoutAppointment(request: APIRequestContext, token: string): Promise<Lead> {
  const response = await request.post('/api/future-service-interaction/custom-search?page=0&size=500', {
    headers: { Authorization: token },
    data: {},
  })
  expect(response.ok(), await response.text()).toBe(true)
  const lead = ((await response.json()) as { content: Lead[] }).content.find((l) => !l.appointmentSet)
  if (!lead) throw new Error('no lead without an appointment in the Lead Manager view')
  return lead
}

/** YYYY-MM-DD of a Monday-to-Friday day about 30 days from now. */
function weekdayAbout30DaysAhead(): string {
  const day = new Date(Date.now() + 30 * 86_400_000)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

function chatBox(page: Page, leadId: number) {
  return page.locator(`[data-testid="chat-box"][data-lead-id="${leadId}"]`)
}

/** `9:30 AM` as a pattern that also takes the narrow no-break space some browsers put before AM/PM. */
function clockPattern(time: string): RegExp {
  return new RegExp(`^${time.replace(' ', '\\s')}$`)
}

test('a lead is booked an appointment from its panel, listed on the store\'s day, and confirmed', async ({ page, request }) => {
  test.setTimeout(60_000)
  const token = await apiToken(request, STORE_USER)
  const lead = await findLeadWithoutAppointment(request, token)
  const name = leadName(lead)
  const date = weekdayAbout30DaysAhead()

  // The lead manager; the lead's row opens its panel (the chat box).
  await logIn(page, STORE_USER)
  await expect(page).toHaveURL(/\/leadmanager$/)
  const row = page.getByRole('table', { name: 'Lead Manager leads' }).locator(`tr[data-row-id="${lead.id}"]`)
  await row.getByRole('button', { name: `Open conversation with ${name}` }).click()
  const box = chatBox(page, lead.id)
  await expect(box.getByTestId('chat-box-name')).toHaveText(name)

  // The editor: the lead's customer read-only, 'Save' for a new appointment.
  await box.getByRole('button', { name: 'Appointment', exact: true }).click()
  const editor = page.getByRole('dialog', { name: 'New appointment' })
  await expect(editor).toBeVisible()
  const customer = editor.getByLabel('Customer', { exact: true })
  await expect(customer).toHaveValue(name)
  await expect(customer).toHaveAttribute('readonly', '')
  await expect(editor.getByLabel('Title', { exact: true })).toHaveValue('Service Appointment')
  await expect(editor.getByRole('button', { name: 'Save', exact: true })).toBeVisible()

  // A weekday about 30 days ahead, and a free quarter hour of it (a morning one when there is).
  const slotsOfDay = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/appointment/availability' && new URL(r.url()).searchParams.get('startDate') === date,
  )
  await editor.getByLabel('Date', { exact: true }).fill(date)
  expect((await slotsOfDay).ok()).toBe(true)
  const freeTimes = editor.getByTestId('free-times')
  await expect(freeTimes).toHaveText(/^\d+ of \d+ times free$/)
  const timePicker = editor.getByLabel('Time', { exact: true })
  const free = await timePicker
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((value) => value !== ''))
  expect(free.length).toBeGreaterThan(0)
  for (const value of free) expect(value).toMatch(/^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/)
  const time = free.find((value) => /^(9|10|11):\d\d AM$/.test(value)) ?? free[0]!
  await timePicker.selectOption(time)
  await editor.getByLabel('Transport', { exact: true }).selectOption('WAITER')
  await editor.getByLabel('Notes (optional)', { exact: true }).fill('Booked by the end-to-end test')

  const booking = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/appointment' && r.request().method() === 'POST')
  await editor.getByRole('button', { name: 'Save', exact: true }).click()
  const answer = (await (await booking).json()) as BookingAnswer
  expect(answer).toMatchObject({ message: 'Appointment booked Successfully', code: 'SUCCESS' })
  await expect(page.getByTestId('notice').filter({ hasText: 'Appointment booked Successfully' })).toBeVisible()
  await expect(editor).toBeHidden()
  const appointmentId = answer.appointment.id

  // The lead has an appointment now: the editor moves it ('Schedule'); Cancel closes.
  await box.getByRole('button', { name: 'Appointment', exact: true }).click()
  const mover = page.getByRole('dialog', { name: 'Move appointment' })
  await expect(mover).toBeVisible()
  await expect(mover.getByRole('button', { name: 'Schedule', exact: true })).toBeVisible()
  await mover.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(mover).toBeHidden()
  // The chat box would cover the right of the next screen.
  await box.getByRole('button', { name: 'Close conversation' }).click()
  await expect(box).toHaveCount(0)

  // The appointments screen for the lead's store and the day booked.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).click()
  await expect(page).toHaveURL(/\/appointments/)
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible()
  // By role: the label wraps the select, so its text holds the options' too.
  await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption(String(lead.storeMaster.id))
  await page.getByLabel('Date', { exact: true }).fill(date)
  await expect(page).toHaveURL(new RegExp(`[?&]date=${date}(&|$)`))

  const appointment = page.getByRole('table', { name: 'Appointments' }).locator(`tr[data-row-id="${appointmentId}"]`)
  await expect(appointment).toBeVisible()
  await expect(appointment.getByTestId('appointment-time')).toHaveText(clockPattern(time))
  await expect(appointment.getByTestId('appointment-customer-name')).toHaveText(name)
  await expect(appointment).toContainText('Waiter')
  const status = appointment.getByTestId('appointment-status')
  await expect(status).toHaveText('Scheduled')

  // Confirm it: only the allowed moves are offered.
  const change = appointment.getByRole('combobox', { name: /^Change status of / })
  const offered = await change.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  expect(offered).toEqual(['CONFIRMED', 'CHECKED_IN', 'NO_SHOW', 'CANCELLED'])
  await change.selectOption('CONFIRMED')
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(status).toHaveText('Confirmed')
  await expect(status).toHaveAttribute('data-status', 'CONFIRMED')
  await expect(change.locator('option[value="CONFIRMED"]')).toHaveCount(0)

  // The server agrees.
  const search = await request.post('/api/appointment/search', {
    headers: { Authorization: token },
    data: { storeIds: [lead.storeMaster.id], startDate: date, endDate: date, statuses: ['CONFIRMED'], size: 500 },
  })
  expect(search.ok(), await search.text()).toBe(true)
  const confirmed = ((await search.json()) as { content: { id: number }[] }).content.map((a) => a.id)
  expect(confirmed).toContain(appointmentId)
})
