import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { logIn, PASSWORD } from './log-in'

/**
 * The SMS simulator's customer phone, end to end: a staff text reaches the
 * phone live and is delivered; the customer's reply, typed on the phone, goes
 * through the signed inbound webhook path into the lead's conversation and
 * onto the staff's realtime stream.
 */

/** A user scoped to the demo enterprise (id 1). */
const STAFF = 'enterprise-admin'

/** A session token from the login API (sent raw in `Authorization`). */
async function apiToken(request: APIRequestContext, username = STAFF): Promise<string> {
  const response = await request.post('/user/v2/login', { data: { username, password: PASSWORD } })
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { authToken: string }
  return body.authToken
}

interface Lead {
  id: number
  customerMaster: { id: number; firstName: string; lastName: string; cellular?: string; blockSms: boolean }
}

/** The first demo lead whose customer has a mobile number and has not opted out of texts. */
async function textableLead(request: APIRequestContext, token: string): Promise<Lead> {
  for (let id = 1; id <= 60; id++) {
    const response = await request.get('/api/future-service-interaction', {
      params: { 'future-service-interaction-id': id },
      headers: { Authorization: token },
    })
    if (!response.ok()) continue
    const lead = (await response.json()) as Lead
    if (!lead.customerMaster.blockSms && lead.customerMaster.cellular) return lead
  }
  throw new Error('no demo lead with a textable customer among ids 1-60')
}

interface Message {
  id: number
  content: string
  direction: string
  messageStatus: string
  customerId?: number
}

async function sendStaffText(request: APIRequestContext, token: string, leadId: number, content: string) {
  const response = await request.post('/api/svc-message-instance/svc-send-message', {
    headers: { Authorization: token },
    data: { jaguarFutureServiceInteractionId: leadId, content, messageType: 'SMS' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as Message
}

type SseWindow = Window & { __sseConnected?: boolean; __sseResult?: Promise<{ event: string; data: string }> }

/**
 * Opens the staff's realtime stream in the page (fetch with the token, as the
 * app does) and reads it until an `event: message` (the SSE default name when
 * none is given) whose data contains `needle`. Resolves to that event; fails
 * after `timeoutMs`.
 */
async function watchStream(page: Page, token: string, needle: string, timeoutMs = 20_000) {
  await page.evaluate(
    ({ token, needle, timeoutMs }) => {
      const w = window as SseWindow
      w.__sseConnected = false
      w.__sseResult = (async () => {
        const controller = new AbortController()
        const timer = setTimeout(() => controller.abort(), timeoutMs)
        try {
          const response = await fetch('/api/events', {
            headers: { Authorization: token, Accept: 'text/event-stream' },
            signal: controller.signal,
          })
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`)
          w.__sseConnected = true
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          let buffer = ''
          for (;;) {
            const { done, value } = await reader.read()
            if (done) throw new Error('stream ended')
            buffer += value.replace(/\r\n?/g, '\n')
            let end
            while ((end = buffer.indexOf('\n\n')) !== -1) {
              const block = buffer.slice(0, end)
              buffer = buffer.slice(end + 2)
              let event = 'message'
              const data: string[] = []
              for (const line of block.split('\n')) {
                if (line.startsWith('event:')) event = line.slice(6).trim()
                else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
              }
              const text = data.join('\n')
              if (event === 'message' && text.includes(needle)) return { event, data: text }
            }
          }
        } catch (error) {
          throw new Error(`no message event with "${needle}" on the stream`, { cause: error })
        } finally {
          clearTimeout(timer)
          controller.abort()
        }
      })()
      // Keep an early failure from surfacing as an unhandled rejection before it is awaited.
      w.__sseResult.catch(() => undefined)
    },
    { token, needle, timeoutMs },
  )
  await page.waitForFunction(() => (window as SseWindow).__sseConnected === true)
  return () => page.evaluate(() => (window as SseWindow).__sseResult!)
}

test('a staff text reaches the customer phone live, and the reply typed there reaches the staff', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const token = await apiToken(request)
  const lead = await textableLead(request, token)
  const customerId = lead.customerMaster.id
  const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const staffText = `E2E staff text ${unique}`
  const replyText = `E2E customer reply ${unique}`

  await logIn(page, STAFF)
  await page.getByRole('link', { name: 'SMS simulator' }).click()
  await expect(page).toHaveURL(/\/simulator$/)
  await expect(page.getByRole('heading', { name: 'SMS simulator' })).toBeVisible()
  await expect(page.getByText('Select a phone to see its texts')).toBeVisible()

  await page.goto(`/simulator?customer=${customerId}`)
  const phone = page.getByRole('region', { name: 'Customer phone' })
  const thread = phone.getByRole('log', { name: 'Texts' })
  await expect(thread).toBeVisible()
  await expect(thread).not.toHaveAttribute('aria-busy', 'true')
  await expect(page.getByTestId('realtime-status')).toHaveText('Live')

  // The staff text arrives on the open phone by itself (realtime), then is delivered.
  await sendStaffText(request, token, lead.id, staffText)
  const staffBubble = thread.getByTestId('text-message').filter({ hasText: staffText })
  await expect(staffBubble).toBeVisible()
  await expect(staffBubble).toHaveClass(/bubble--dealer/)
  await expect(staffBubble.getByTestId('text-status')).toHaveText('Delivered', { timeout: 15_000 })
  await expect(phone.getByRole('heading', { name: `${lead.customerMaster.firstName} ${lead.customerMaster.lastName}` })).toBeVisible()

  // The customer replies from the phone while the staff's stream is open.
  const streamEvent = await watchStream(page, token, replyText)
  const box = phone.getByRole('textbox', { name: 'Reply as the customer' })
  await box.fill(replyText)
  await box.press('Enter')
  await expect(box).toHaveValue('')

  // (a) On the phone, on the customer's side.
  const replyBubble = thread.getByTestId('text-message').filter({ hasText: replyText })
  await expect(replyBubble).toBeVisible()
  await expect(replyBubble).toHaveClass(/bubble--own/)
  await expect(replyBubble).toHaveAttribute('data-direction', 'RECEIVED')

  // (b) On the staff's realtime stream.
  const event = await streamEvent()
  const payload = JSON.parse(event.data) as { type: string; message: Message }
  expect(payload.type).toBe('message.created')
  expect(payload.message).toMatchObject({ content: replyText, direction: 'RECEIVED', customerId })

  // (c) In the lead's conversation, as an inbound text.
  const history = await request.get('/api/svc-message-instance/conversation-history', {
    params: { future_service_interaction_id: lead.id },
    headers: { Authorization: token },
  })
  expect(history.ok()).toBe(true)
  const messages = (await history.json()) as Message[]
  expect(messages.find((m) => m.content === replyText)).toMatchObject({ direction: 'RECEIVED' })
  // Oldest first: the reply comes after the staff text.
  const order = messages.map((m) => m.content)
  expect(order.indexOf(replyText)).toBeGreaterThan(order.indexOf(staffText))
})

test('the phone list searches by part of a number and keeps the chosen phone in the URL', async ({ page, request }) => {
  const token = await apiToken(request)
  const lead = await textableLead(request, token)
  // Make sure the customer has a text, so their phone is listed.
  await sendStaffText(request, token, lead.id, `E2E list check ${Date.now()}`)
  const { firstName, lastName, id: customerId, cellular = '' } = lead.customerMaster
  const digits = cellular.replace(/\D/g, '').slice(-7)

  await logIn(page, STAFF)
  await page.goto('/simulator')
  const list = page.getByRole('list', { name: 'Phones' })
  await expect(list.getByTestId('phone-item').first()).toBeVisible()

  // Typed as the phone shows it: (xxx)-xxx-xxxx.
  await page.getByRole('searchbox', { name: 'Search phones' }).fill(`${digits.slice(0, 3)}-${digits.slice(3)}`)
  await expect(page).toHaveURL(/[?&]search=/)
  const item = list.locator(`[data-testid="phone-item"][data-customer-id="${customerId}"]`)
  await expect(item).toBeVisible()
  await expect(item).toContainText(`${firstName} ${lastName}`)
  await expect(item).toContainText(/\(\d{3}\)-\d{3}-\d{4}/)

  await item.click()
  await expect(page).toHaveURL(new RegExp(`[?&]customer=${customerId}(&|$)`))
  await expect(item).toHaveAttribute('aria-current', 'page')
  await expect(item).toHaveClass(/is-selected/)
  const phone = page.getByRole('region', { name: 'Customer phone' })
  await expect(phone.getByRole('heading', { name: `${firstName} ${lastName}` })).toBeVisible()
  await expect(phone.getByRole('log', { name: 'Texts' }).getByTestId('text-message').first()).toBeVisible()

  // The keyboard moves through the list.
  await item.focus()
  await page.keyboard.press('Home')
  await expect(list.getByTestId('phone-item').first()).toBeFocused()

  // A search that matches nobody says so.
  await page.getByRole('searchbox', { name: 'Search phones' }).fill('zz-no-such-customer-zz')
  await expect(page.getByText('No records available.')).toBeVisible()
})

test('the phone list finds a customer by name', async ({ page, request }) => {
  const token = await apiToken(request)
  const lead = await textableLead(request, token)
  await sendStaffText(request, token, lead.id, `E2E name check ${Date.now()}`)
  const { firstName, lastName, id: customerId } = lead.customerMaster

  await logIn(page, STAFF)
  await page.goto(`/simulator?search=${encodeURIComponent(`${firstName} ${lastName}`.toLowerCase())}`)
  const list = page.getByRole('list', { name: 'Phones' })
  await expect(list.locator(`[data-testid="phone-item"][data-customer-id="${customerId}"]`)).toBeVisible()
})
