import { copyFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { expectAccessible, onPhone } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * The public face end to end, against the real server and its demo world
 * (decision 0012): a visitor with no session fills in Harbor Toyota's brand
 * form (/lead-submission-toyota) — a nine-digit number is refused on the page
 * without a request — and gets the server's thank-you. Staff of that store
 * find the new WEBSITE lead in the lead manager with the assistant's first
 * text and the internal note, and (when the text went out now) see it on the
 * SMS simulator's phone. Staff then hand out the lead's signed links: the deal
 * room opens in a browser with no session and sends as the staff member (the
 * staff's open conversation shows it live), the customer's landing page shows
 * the conversation read-only without staff notes, and a tampered token is
 * refused.
 *
 * Automated texts keep to the store's allowed hours and CI runs at any time of
 * day: like outreach-booking.spec.ts, the spec opens Harbor Toyota's window all
 * day through the API and puts its own hours back at the end. The checks on the
 * first text still hold when it was only scheduled (the simulator is then not
 * asked).
 *
 * With BAYLINE_SCREENSHOTS=1 it also writes the README's
 * docs/screenshots/lead-form-toyota.png and deal-room.png (1200×800).
 */

const STORE_USER = 'office-manager'
/** May change a store's texting hours. */
const ADMIN = 'enterprise-admin'
/** Harbor Toyota, which answers the Toyota form. */
const STORE_ID = 1
const FORM_PATH = '/lead-submission-toyota'
const VIEWPORT = { width: 1200, height: 800 }
const PHONE = { width: 390, height: 844 }
const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots')

interface StoreMessaging {
  quietHoursStart: string
  quietHoursEnd: string
  helpText: string | null
}

interface Message {
  id: number
  content: string
  messageType?: string
  notificationType?: string
  direction?: string
  messageStatus?: string
  /** When an automated text waits for the store's allowed hours (absent when sent now). */
  scheduledFor?: string | null
  sentAt?: string | null
}

interface Lead {
  id: number
  leadSource?: string
  customerMaster: { id: number; firstName: string; lastName: string; cellular?: string }
  storeMaster: { id: number; store_name: string }
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, enterpriseId: '1' })

async function getStoreMessaging(request: APIRequestContext, token: string): Promise<StoreMessaging> {
  const response = await request.get(`/api/messaging/store-settings/${STORE_ID}`, { headers: auth(token) })
  expect(response.ok(), await response.text()).toBe(true)
  const { quietHoursStart, quietHoursEnd, helpText } = (await response.json()) as StoreMessaging
  return { quietHoursStart, quietHoursEnd, helpText: helpText ?? null }
}

async function putStoreMessaging(request: APIRequestContext, token: string, settings: StoreMessaging) {
  const response = await request.put(`/api/messaging/store-settings/${STORE_ID}`, { headers: auth(token), data: settings })
  expect(response.ok(), await response.text()).toBe(true)
}

async function conversation(request: APIRequestContext, token: string, leadId: number): Promise<Message[]> {
  const response = await request.get('/api/svc-message-instance/conversation-history', {
    params: { future_service_interaction_id: leadId },
    headers: auth(token),
  })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as Message[]
}

/** A fresh US number per run (area code 555, the rest from the clock), as typed and as the page shows it. */
function freshPhone() {
  const rest = String(Date.now()).slice(-7)
  const digits = `555${rest}`
  return { digits, typed: `555-${rest.slice(0, 3)}-${rest.slice(3)}`, shown: `(555)-${rest.slice(0, 3)}-${rest.slice(3)}` }
}

/** The URL a link of the share dialog names, on the server under test (the link may carry another origin). */
function onThisServer(url: string): string {
  const parsed = new URL(url, 'http://localhost')
  return `${parsed.pathname}${parsed.search}`
}

/** The same link with one character of its token changed (a character in the middle, so real bits change). */
function tampered(url: string): string {
  const parsed = new URL(url, 'http://localhost')
  const token = parsed.searchParams.get('token')!
  let i = Math.floor(token.length / 2)
  while (!/[A-Za-z0-9]/.test(token[i]!)) i += 1
  const swapped = token[i] === 'A' ? 'B' : 'A'
  parsed.searchParams.set('token', `${token.slice(0, i)}${swapped}${token.slice(i + 1)}`)
  return `${parsed.pathname}${parsed.search}`
}

async function screenshot(page: Page, shot: string) {
  // The phone project's shots keep their own names.
  const name = onPhone() ? shot.replace(/\.png$/, '-phone.png') : shot
  const file = test.info().outputPath(name)
  await page.mouse.move(0, 0)
  await page.screenshot({ path: file })
  if (process.env.BAYLINE_SCREENSHOTS) copyFileSync(file, path.join(screenshotsDir, name))
}

async function visitorPage(browser: Browser): Promise<Page> {
  // A visitor on a phone when the journey runs on one.
  const context = await browser.newContext({ viewport: onPhone() ? PHONE : VIEWPORT, hasTouch: onPhone() })
  return context.newPage()
}

function chatBox(page: Page, leadId: number) {
  return page.locator(`[data-testid="chat-box"][data-lead-id="${leadId}"]`)
}

test("journey 6 @journey: a visitor asks Harbor Toyota to text them, the assistant's first text answers what they wrote, staff answer from the deal room, and the links are signed", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000)
  const adminToken = await apiToken(request, ADMIN)
  const storeHours = await getStoreMessaging(request, adminToken)
  await putStoreMessaging(request, adminToken, { ...storeHours, quietHoursStart: '00:00', quietHoursEnd: '23:59' })
  const visitor = await visitorPage(browser)
  try {
    const phone = freshPhone()
    const firstName = 'Maren'
    const lastName = 'Lindqvist'
    const name = `${firstName} ${lastName}`
    test.info().annotations.push({ type: 'visitor', description: `${name}, ${phone.typed}` })

    // (a) The form, with no session: a nine-digit number is refused on the page, then the thank-you.
    let submissions = 0
    visitor.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/public/lead-submission')) submissions += 1
    })
    await visitor.goto(FORM_PATH)
    const form = visitor.getByTestId('lead-form-page')
    await expect(form).toBeVisible()
    await expect(form).toContainText('Harbor Toyota')
    await expect(visitor.getByTestId('lead-consent')).not.toBeEmpty()
    await visitor.getByLabel('First name').fill(firstName)
    await visitor.getByLabel('Last name').fill(lastName)
    await visitor.getByLabel('Phone').fill(phone.digits.slice(0, 9))
    await visitor.getByRole('button', { name: 'Submit' }).click()
    await expect(form.getByText('Invalid Number', { exact: true })).toBeVisible()
    await expect(visitor.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
    expect(submissions).toBe(0)

    await visitor.getByLabel('Phone').fill(phone.typed)
    await expect(form.getByText('Invalid Number', { exact: true })).toHaveCount(0)
    await visitor.getByLabel('Message (optional)').fill('Is there a slot for an oil change next week?')
    await visitor.getByLabel('Message (optional)').blur()
    await screenshot(visitor, 'lead-form-toyota.png')
    await expectAccessible(visitor, 'the lead form')
    const submitted = visitor.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/public/lead-submission'))
    await visitor.getByRole('button', { name: 'Submit' }).click()
    expect((await submitted).ok()).toBe(true)
    await expect(visitor.getByTestId('lead-success')).toHaveText(`Thank you! We will text you shortly at ${phone.shown} to find a time for your visit.`)
    expect(submissions).toBe(1)

    // (b) Staff of the store find the new lead by the customer's number, with the first text and the note.
    const staffToken = await apiToken(request, STORE_USER)
    await logIn(page, STORE_USER)
    await expect(page).toHaveURL(/\/leadmanager$/)
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(phone.digits)
    const rows = page.getByRole('table', { name: 'Lead Manager leads' }).locator('tbody tr.is-clickable')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(name)
    const leadId = Number(await rows.first().getAttribute('data-row-id'))
    expect(leadId).toBeGreaterThan(0)

    const leadResponse = await request.get(`/api/future-service-interaction/${leadId}`, { headers: auth(staffToken) })
    expect(leadResponse.ok()).toBe(true)
    const lead = (await leadResponse.json()) as Lead
    expect(lead.storeMaster.id).toBe(STORE_ID)
    expect(lead.customerMaster).toMatchObject({ firstName, lastName })
    if (lead.leadSource !== undefined) expect(lead.leadSource).toBe('WEBSITE')

    const greeting = `Hi ${firstName}, this is`
    const messages = await conversation(request, staffToken, leadId)
    const firstText = messages.find((m) => m.content.startsWith(greeting))
    expect(firstText, JSON.stringify(messages)).toBeDefined()
    expect(firstText!.content).toContain('at Harbor Toyota. Thanks for asking us to text you!')
    // They asked about next week: the text offers free times then, without repeating their words.
    expect(firstText!.content).toMatch(/We can see you .+\. Reply YES for .+, or send the time that suits you\./)
    expect(firstText!.content).not.toContain('next week')
    const note = messages.find((m) => m.content.includes('Asked to be texted on the'))
    expect(note, JSON.stringify(messages)).toBeDefined()
    // Waiting for the allowed hours (the window was opened, but the spec holds either way).
    const scheduled = !!firstText!.scheduledFor && !firstText!.sentAt
    test.info().annotations.push({ type: 'first text', description: JSON.stringify(firstText) })

    await rows.first().getByRole('button', { name: `Open conversation with ${name}` }).click()
    const box = chatBox(page, leadId)
    const log = box.getByRole('log', { name: 'Messages' })
    await expect(box.getByTestId('chat-box-name')).toHaveText(name)
    await expect(log.getByTestId('chat-message').filter({ hasText: greeting })).toBeVisible()
    await expect(log.getByTestId('chat-message').filter({ hasText: 'Asked to be texted on the' })).toBeVisible()

    // Sent now: the simulator's phone of the customer has it.
    if (!scheduled) {
      await page.goto(`/simulator?customer=${lead.customerMaster.id}`)
      const simulatorPhone = page.getByRole('region', { name: 'Customer phone' })
      await expect(simulatorPhone.getByRole('heading', { name })).toBeVisible()
      await expect(simulatorPhone.getByRole('log', { name: 'Texts' }).getByTestId('text-message').filter({ hasText: greeting })).toBeVisible({
        timeout: 15_000,
      })
      await page.goto(`/leadmanager?future_service_interaction_id=${leadId}`)
      await expect(page).toHaveURL(/\/leadmanager$/)
    }
    await expect(log).not.toHaveAttribute('aria-busy', 'true')
    await expect(page.getByTestId('chat-dock')).toHaveAttribute('data-realtime', 'open')

    // (c) Share links: the deal room opens in a browser with no session and sends as the staff member.
    await box.getByRole('button', { name: 'Share links' }).click()
    const dialog = page.getByTestId('share-links-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('share-link-deal-room')).toContainText('Deal room (for you)')
    await expect(dialog.getByTestId('share-link-landing')).toContainText('Customer page')
    const dealRoomUrl = await dialog.getByTestId('share-link-deal-room').getByRole('textbox').inputValue()
    const landingUrl = await dialog.getByTestId('share-link-landing').getByRole('textbox').inputValue()
    expect(dealRoomUrl).toContain('/dealroom?')
    expect(landingUrl).toContain('/service/landing?')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    await visitor.goto(onThisServer(dealRoomUrl))
    const room = visitor.getByTestId('deal-room-page')
    await expect(visitor.getByTestId('deal-room-name')).toHaveText(name)
    await expect(visitor.getByTestId('deal-room-phone')).toHaveText(phone.shown)
    await expect(room.getByTestId('chat-message').filter({ hasText: greeting })).toBeVisible()
    const answer = 'Tuesday at 9 works — see you then.'
    await room.getByRole('textbox', { name: 'Message' }).fill(answer)
    await room.getByRole('button', { name: 'Send' }).click()
    await expect(room.getByRole('textbox', { name: 'Message' })).toHaveValue('')
    await expect(room.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible()
    await screenshot(visitor, 'deal-room.png')
    await expectAccessible(visitor, 'the deal room')

    // (d) The staff's open conversation shows it without a reload.
    await expect(log.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible()

    // (e) The customer's page: the conversation, read-only, without the staff note.
    await visitor.goto(onThisServer(landingUrl))
    const landing = visitor.getByTestId('service-landing-page')
    await expect(landing).toBeVisible()
    await expect(visitor.getByTestId('service-landing-store')).toHaveText(lead.storeMaster.store_name)
    await expect(landing.getByTestId('chat-message').filter({ hasText: greeting })).toBeVisible()
    await expect(landing.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible()
    await expect(landing.getByRole('button', { name: 'Send' })).toHaveCount(0)
    await expect(landing.getByRole('textbox')).toHaveCount(0)
    await expect(landing.getByText('Asked to be texted on the')).toHaveCount(0)

    // (f) A token changed in one character opens nothing.
    await visitor.goto(tampered(dealRoomUrl))
    await expect(visitor.getByTestId('link-refused-text')).toHaveText('This link is not valid')
    await expect(visitor.getByTestId('deal-room-page')).toHaveCount(0)
    await expect(visitor.getByText(name)).toHaveCount(0)

    // (g) Staff in the deal room get the conversation's options: a manual handoff turns the
    // assistant off, as the AI switch then says; and a Logout link.
    await page.goto(onThisServer(dealRoomUrl))
    const staffRoom = page.getByTestId('deal-room-page')
    await staffRoom.getByRole('button', { name: 'Options' }).click()
    const options = page.getByRole('menu', { name: 'Conversation options' })
    await options.getByRole('menuitem', { name: 'Manual Handoff' }).click()
    await page.getByRole('dialog', { name: 'Manual Handoff' }).getByRole('button', { name: 'Hand off' }).click()
    await expect(page.getByTestId('notice').filter({ hasText: 'Handed to staff: the assistant is off' })).toBeVisible()
    await expect(staffRoom.getByTestId('chat-message').filter({ hasText: 'Customer HANDOFF' }).last()).toBeVisible()
    await staffRoom.getByRole('button', { name: 'Options' }).click()
    await expect(options.getByRole('menuitemcheckbox', { name: 'AI off' })).toBeVisible()
    await page.keyboard.press('Escape')
    await staffRoom.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login/)
  } finally {
    await visitor.context().close()
    await putStoreMessaging(request, adminToken, storeHours)
  }
})

/**
 * G-S1: the root path is the staff log-in, except on a lead-submission host, where it is the
 * generic lead form. Which hosts are is the server's (BAYLINE_LEAD_FORM_HOSTS, tested in the API
 * suite); here its answer is given to the page as a lead-submission host would get it.
 */
test('a lead-submission host shows the generic lead form at its root; elsewhere the root is the log-in', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await page.route('**/api/public/site', (route) => route.fulfill({ json: { leadFormHost: true } }))
  await page.goto('/')
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible()
  await expect(page).not.toHaveURL(/\/login$/)
  await expectAccessible(page, 'the generic lead form at the root')
  await page.goto('/layout')
  await expect(page).toHaveURL(/\/login$/)
})
