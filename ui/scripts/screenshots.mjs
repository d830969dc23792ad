// Takes the README's screenshots from a running Bayline: `node scripts/screenshots.mjs [origin]`.
// Uses Debian's chromium (CHROMIUM_PATH), never a downloaded browser.
import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'

const origin = process.argv[2] ?? 'http://127.0.0.1:8080'
const out = new URL('../../docs/screenshots/', import.meta.url).pathname
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })

async function logIn(username) {
  await page.goto(`${origin}/login`)
  await page.getByLabel(/username/i).fill(username)
  await page.getByLabel(/password/i).fill('bayline-demo')
  await page.getByRole('button', { name: /log in|sign in/i }).click()
  // Not 'networkidle': the realtime stream keeps a request open for the whole session.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

await page.goto(`${origin}/login`)
await page.screenshot({ path: `${out}login.png` })
await logIn('super-admin')
await page.waitForURL(/CompanyMasterList/)
await page.getByText('Bayline Demo Motors').first().click()
await page.getByText('Stores of Bayline Demo Motors').waitFor()
await page.waitForTimeout(500)
await page.screenshot({ path: `${out}company-master-list.png` })
// A running job on the dashboard.
const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')).authToken)
for (const items of [3, 400]) {
  await page.request.post(`${origin}/api/jobs`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'diagnostics.noop', input: { items, pauseMs: 50 } },
  })
}
await page.goto(`${origin}/jobs`)
await page.waitForTimeout(2500)
await page.screenshot({ path: `${out}jobs-dashboard.png` })
// One conversation with several kinds of message: texts both ways, an e-mail, a calendar invite,
// an internal note, a GM handoff and a call with its recording. A super user sees notes and the per-message options.
await page.evaluate(() => localStorage.clear())
await logIn('super-user')
const superAuth = { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('userData')).authToken)}` }
const inbox = await (
  await page.request.post(`${origin}/api/lisa/custom-search/gi?page=0&size=50`, { headers: superAuth, data: {} })
).json()
const talker = inbox.content.find((l) => l.customerMaster.cellular && !l.customerMaster.blockSms) ?? inbox.content[0]
const send = (data) =>
  page.request.post(`${origin}/api/svc-message-instance/svc-send-message`, {
    headers: superAuth,
    data: { jaguarFutureServiceInteractionId: talker.id, ...data },
  })
await send({ content: `Hi ${talker.customerMaster.firstName}, we can take your ${talker.serviceVehicle?.model ?? 'car'} on Tuesday at 9. Does that work?` })
await page.waitForTimeout(1200)
await page.request.post(`${origin}/api/simulator/phones/${talker.customerMaster.id}/reply`, {
  headers: superAuth,
  data: { body: 'Tuesday at 9 is perfect. Can you email me the details?' },
})
await page.waitForTimeout(800)
await send({
  messageType: 'EMAIL',
  subject: 'Your service visit on Tuesday',
  content: '<p>Your visit is booked for Tuesday at 9:00 AM. Plan on about an hour.</p>',
})
const tuesday = new Date(Date.now() + 3 * 86_400_000)
tuesday.setUTCHours(14, 0, 0, 0)
await send({ messageType: 'CALENDAR_INVITE', subject: 'Service visit', title: 'Service visit', content: 'Oil change and check-up', startTime: tuesday.toISOString() })
await send({ messageType: 'INTERNAL_NOTES', content: 'Customer prefers a loaner; ask the GM.' })
await page.request.post(`${origin}/api/future-service-interaction/workflow/track?id=${talker.id}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK`, {
  headers: superAuth,
})
await page.request.post(`${origin}/api/svc-message-instance/call-log`, {
  headers: superAuth,
  data: {
    futureServiceInteractionId: talker.id,
    direction: 'INBOUND',
    startTime: new Date(Date.now() - 10 * 60_000).toISOString(),
    durationSeconds: 134,
    recordingUrl: `/media/demo-call-recording-${talker.companyId}/call-recording.wav`,
  },
})
// A tall window and box, so that the whole exchange shows (the box is at most 480 px high otherwise).
await page.setViewportSize({ width: 1280, height: 1100 })
await page.goto(`${origin}/leadmanager?future_service_interaction_id=${talker.id}`)
await page.addStyleTag({ content: '.chat-box { height: 1000px !important; }' })
const conversationBox = page.locator(`[data-testid="chat-box"][data-lead-id="${talker.id}"]`)
await conversationBox.getByText('Customer prefers a loaner').last().waitFor()
// The call this script logged is the newest card: keep it in view.
await conversationBox.getByLabel('Call recording').last().scrollIntoViewIfNeeded()
await page.waitForTimeout(800)
await conversationBox.screenshot({ path: `${out}conversation.png` })
await page.setViewportSize({ width: 1280, height: 800 })
// The lead manager: the lead lists, with a conversation open.
await page.evaluate(() => localStorage.clear())
await logIn('corporate-user')
await page.waitForURL(/leadmanager/)
const leadRows = page.getByRole('table', { name: 'Lead Manager leads' }).locator('tbody tr.is-clickable')
await leadRows.first().waitFor()
await leadRows.first().locator('td').first().click()
await page.getByTestId('chat-box').getByRole('log', { name: 'Messages' }).locator('[data-testid="chat-message"]').first().waitFor()
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}lead-manager.png` })
// The simulator: a staff text to a demo customer and the customer's reply.
await page.evaluate(() => localStorage.clear())
await logIn('enterprise-admin')
const adminToken = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')).authToken)
const auth = { Authorization: `Bearer ${adminToken}` }
let lead
for (let id = 1; id < 50 && !lead; id += 1) {
  const response = await page.request.get(`${origin}/api/future-service-interaction/${id}`, { headers: auth })
  const candidate = response.ok() ? await response.json() : null
  if (candidate && !candidate.customerMaster.blockSms && candidate.customerMaster.cellular) lead = candidate
}
await page.request.post(`${origin}/api/svc-message-instance/svc-send-message`, {
  headers: auth,
  data: {
    jaguarFutureServiceInteractionId: lead.id,
    content: `Hi ${lead.customerMaster.firstName}, your ${lead.serviceVehicle?.model ?? 'car'} is due for service. Would Tuesday morning work?`,
  },
})
await page.waitForTimeout(1500)
await page.request.post(`${origin}/api/simulator/phones/${lead.customerMaster.id}/reply`, {
  headers: auth,
  data: { body: 'Tuesday at 9 works, thanks!' },
})
await page.goto(`${origin}/simulator?customer=${lead.customerMaster.id}`)
await page.getByText('Tuesday at 9 works, thanks!').first().waitFor()
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}sms-simulator.png` })
// Planners: the post-30-months planner's preview for one store, next quarter.
await page.goto(`${origin}/planners?planner=post-30-months&store=1&minDays=0&maxDays=90`)
await page.getByRole('table').first().locator('tbody tr').first().waitFor()
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}planners.png` })
// Imports: the e2e recall file dropped on the upload for Harbor Toyota (the mapping step), then its report once loaded.
const recallFile = readFileSync(new URL('../e2e/fixtures/recall-campaign.csv', import.meta.url), 'utf8')
await page.setViewportSize({ width: 1280, height: 1000 })
await page.goto(`${origin}/imports/upload?store=1`)
const dropped = await page.evaluateHandle((text) => {
  const transfer = new DataTransfer()
  transfer.items.add(new File([text], 'recall-campaign.csv', { type: 'text/csv' }))
  return transfer
}, recallFile)
await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped })
await page.getByTestId('mapping-step').waitFor()
await page.mouse.move(0, 0)
await page.waitForTimeout(500)
await page.screenshot({ path: `${out}imports.png` })
await page.getByRole('button', { name: 'Load', exact: true }).click()
await page.getByTestId('import-outcome').waitFor()
await page.getByRole('link', { name: 'Open the report' }).click()
await page.getByRole('table', { name: 'Imported rows' }).locator('tbody tr[data-row-id]').first().waitFor()
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}imports-report.png` })
// Automated runs by time zone, then the first store's follow-up cadence (a wider window: both are wide tables).
await page.setViewportSize({ width: 1440, height: 900 })
await page.evaluate(() => localStorage.clear())
await logIn('enterprise-admin')
await page.goto(`${origin}/automated-runs`)
await page.locator('section.zone-runs').first().locator('tbody tr[data-row-id] [data-open]').first().waitFor()
await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' })
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}automated-runs.png` })
await page.goto(`${origin}/follow-up-cadence`)
await page.getByRole('table', { name: 'Follow-up steps' }).locator('tbody tr[data-row-id]').nth(8).waitFor()
await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' })
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}follow-up-cadence.png` })
await page.setViewportSize({ width: 1280, height: 800 })
// Reports: the monthly report over a month with demo data (the demo's conversations span the last
// 30 days, so this month from the 15th on, else last month), its chart and table on one page.
await page.goto(`${origin}/reports/monthly?window=${new Date().getDate() >= 15 ? 'this-month' : 'last-month'}`)
await page.getByTestId('report-chart').locator('svg').first().waitFor()
await page.getByRole('table', { name: 'Monthly report' }).locator('tbody tr[data-row-id]').first().waitFor()
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}reports.png`, fullPage: true })
// The service-lane board for Harbor Toyota at 1280×800: its open repair orders by status, with the
// nearest day that has appointments and the latest day with closed orders (the demo's days move with the clock).
await page.setViewportSize({ width: 1280, height: 800 })
const laneAuth = { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('userData')).authToken)}` }
const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
async function firstDayWith(offsets, pathOf) {
  for (const offset of offsets) {
    const response = await page.request.get(`${origin}${pathOf(isoDay(offset))}`, { headers: laneAuth })
    if (response.ok() && (await response.json()).length > 0) return isoDay(offset)
  }
  return undefined
}
const twoWeeks = [...Array(15).keys()]
const apptDay = await firstDayWith(twoWeeks, (day) => `/api/getAppointmentByStoreIdAndDate/1/${day}`)
const closedDay = await firstDayWith(twoWeeks.map((o) => -o), (day) => `/api/getClosedRoByStoreIdAndDateAndAdvisorNo/1/${day}/ALL`)
const laneSearch = new URLSearchParams({ store: '1', ...(apptDay ? { date: apptDay } : {}), ...(closedDay ? { closedDate: closedDay } : {}) })
await page.goto(`${origin}/service-lane?${laneSearch}`)
await page.getByRole('region', { name: 'Service lanes' }).locator('[data-testid="lane-card"]').first().waitFor()
await page.locator('[data-testid="lane"][aria-busy="true"]').first().waitFor({ state: 'detached' })
await page.mouse.move(0, 0)
await page.waitForTimeout(800)
await page.screenshot({ path: `${out}service-lane.png` })
await browser.close()
console.log(`screenshots written to ${out}`)
