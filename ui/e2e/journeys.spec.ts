import { expect, test, type APIRequestContext } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dropFile, expectAccessible, openFromMenu, tabTo } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * Issue 36's journeys that no area's own spec walks: each a person's task from
 * the first screen to the result, asserting what that person sees, on a
 * desktop and (the `phone` project) at 390 px. The others carry the @journey
 * tag in their area's spec: 1 in outreach-booking, 4 in reports, 5 in
 * service-lane, 6 in public-face, 7 in jobs.
 */

const SAMPLE_FILES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sample-data/files')

test("journey 3 @journey: an admin's import: the messy sample file, its mapping, the error file, the fixed file, loaded", async ({ page }) => {
  test.setTimeout(120_000)
  // The sample as a dealer system writes it: Windows-1252, semicolons, four bad rows.
  // Fresh customer numbers each run, so the fixed rows are new rows, not unchanged ones.
  const run = Date.now().toString(36).toUpperCase()
  const messy = Buffer.from(readFileSync(path.join(SAMPLE_FILES, 'messy-customer-vehicles.csv'), 'latin1').replaceAll('MSY-', `MSY${run}-`), 'latin1')

  await logIn(page, 'enterprise-admin')
  await openFromMenu(page, 'Imports')
  await expect(page.getByRole('heading', { name: 'Imports', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Upload a file' }).click()
  await expect(page.getByRole('heading', { name: 'Upload a data file' })).toBeVisible()
  await page.getByLabel('Store').selectOption({ label: 'Harbor Toyota' })
  await page.getByLabel('File type').selectOption({ label: 'DMS customers & vehicles' })
  await expectAccessible(page, 'the upload step')
  await dropFile(page, 'messy-customer-vehicles.csv', messy)

  // The mapping step reads the file as it is: its encoding and separator, its columns.
  const mapping = page.getByTestId('mapping-step')
  await expect(mapping.getByRole('heading', { name: 'Map the columns' })).toBeVisible()
  await expect(mapping).toContainText(/messy-customer-vehicles\.csv · CSV · Windows-1252 · semicolon-separated · 12 columns/i)
  await expectAccessible(page, 'the mapping step')
  const load = mapping.getByRole('button', { name: 'Load', exact: true })
  await expect(load).toBeEnabled()
  await load.click()

  // Loaded but for the four bad rows, which the report names.
  const report = page.getByTestId('import-report')
  await expect(report.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(report.locator('.badge')).toHaveText('Completed with errors', { timeout: 20_000 })
  await expect(report.getByTestId('count-failedRows')).toHaveText('4')
  await report.getByRole('link', { name: 'See the 4 row errors' }).click()
  await expect(page).toHaveURL(/\/imports\/\d+#row-errors$/)
  const errors = page.getByRole('table', { name: 'Row errors' }).locator('tbody tr[data-row-id]')
  await expect(errors).toHaveCount(4)
  await expectAccessible(page, "the import's report")

  // The error file: the refused rows as they came, with their line and problems.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: /Row errors/ }).getByRole('button', { name: 'Download error file' }).click(),
  ])
  const refused = await readFile(await download.path(), 'utf8')
  expect(refused.startsWith('\uFEFF'), 'Excel reads the error file as UTF-8').toBe(true)
  expect(refused).toContain('Inés')
  const lines = refused.replace(/^\uFEFF/, '').trim().split(/\r?\n/)
  expect(lines[0]).toBe('CUSTNO,Name,Last,First,Phone,Serial Number,Make,Model,Yr,Miles,Last RO Date,Address,Line,Problems')
  expect(lines).toHaveLength(5)

  // Fixed as a person would in a spreadsheet: a real VIN, a last name, a model year, a phone.
  const fixed = refused
    .replace('1HGCM82633A00O0', '5FNRL6H7000100090')
    .replace('", Jo",,Jo,', '"Doe, Jo",Doe,Jo,')
    .replace(/([;,])1850([;,])/, '$12020$2')
    .replace(/([;,])12([;,])5FNRL6H7000100093/, '$1555.630.2093$25FNRL6H7000100093')
  expect(fixed).not.toBe(refused)

  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Imports' }).click()
  await page.getByRole('link', { name: 'Upload a file' }).click()
  await page.getByLabel('Store').selectOption({ label: 'Harbor Toyota' })
  await page.getByLabel('File type').selectOption({ label: 'DMS customers & vehicles' })
  await dropFile(page, 'messy-customer-vehicles-fixed.csv', fixed)
  await expect(mapping.getByRole('heading', { name: 'Map the columns' })).toBeVisible()
  await mapping.getByRole('button', { name: 'Load', exact: true }).click()
  await expect(report.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(report.locator('.badge')).toHaveText('Completed', { timeout: 20_000 })
  await expect(report.getByTestId('count-insertedRows')).toHaveText('4')
  await expect(report.getByTestId('count-failedRows')).toHaveText('0')
})

/** The BDC rep of journey 2: a store user of Harbor Toyota (store 1). */
const BDC_REP = 'sales-rep'
const REPLY_TITLE = 'E2E morning reply'

interface Lead {
  id: number
  appointmentSet: boolean
  customerMaster: { id: number; firstName: string; lastName: string; cellular?: string; blockSms: boolean }
  storeMaster: { id: number }
}

/** A lead of store 1 without an appointment whose customer takes texts and has no other lead there. */
async function leadToAnswer(request: APIRequestContext, token: string): Promise<Lead> {
  const response = await request.post('/api/future-service-interaction/custom-search?page=0&size=500', { headers: { Authorization: token }, data: {} })
  expect(response.ok(), await response.text()).toBe(true)
  const leads = ((await response.json()) as { content: Lead[] }).content
  const leadsOf = (customerId: number) => leads.filter((l) => l.customerMaster.id === customerId).length
  // From the end of the list: the other specs take theirs from its start.
  const lead = leads
    .filter((l) => l.storeMaster.id === 1 && !l.appointmentSet && !l.customerMaster.blockSms && !!l.customerMaster.cellular && !!l.customerMaster.firstName.trim())
    .filter((l) => leadsOf(l.customerMaster.id) === 1)
    .at(-1 - (test.info().project.name === 'phone' ? 1 : 0))
  if (!lead) throw new Error('no lead of store 1 to answer')
  return lead
}

/** YYYY-MM-DD of a Monday-to-Friday day `days` or more from now. */
function weekdayAhead(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000)
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

test("journey 2 @journey: a BDC rep's morning: the inbox, a template reply, a booking from the conversation, confirmed to the customer and noted in the thread", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const admin = await apiToken(request, 'enterprise-admin')
  const token = await apiToken(request, BDC_REP)
  const lead = await leadToAnswer(request, token)
  const first = lead.customerMaster.firstName.trim()
  const name = `${lead.customerMaster.firstName} ${lead.customerMaster.lastName}`.trim()

  // The store texts around the clock while the spec runs, so the confirmation goes at once.
  const settingsPath = '/api/messaging/store-settings/1'
  const hours = (await (await request.get(settingsPath, { headers: { Authorization: `Bearer ${admin}`, enterpriseId: '1' } })).json()) as {
    quietHoursStart: string
    quietHoursEnd: string
    helpText?: string | null
  }
  const putHours = async (start: string, end: string) => {
    const response = await request.put(settingsPath, {
      headers: { Authorization: `Bearer ${admin}`, enterpriseId: '1' },
      data: { quietHoursStart: start, quietHoursEnd: end, helpText: hours.helpText ?? null },
    })
    expect(response.ok(), await response.text()).toBe(true)
  }
  await putHours('00:00', '23:59')
  try {
    // Overnight the customer wrote back; the rep has a reply of their own ready.
    const texted = await request.post('/api/svc-message-instance/svc-send-message', {
      headers: { Authorization: token },
      data: { jaguarFutureServiceInteractionId: lead.id, content: `Hi ${first}, your car is due for its service.`, messageType: 'SMS' },
    })
    expect(texted.ok(), await texted.text()).toBe(true)
    const wrote = `Thanks for the reminder ${Date.now().toString(36)}`
    const replied = await request.post(`/api/simulator/phones/${lead.customerMaster.id}/reply`, { headers: { Authorization: token }, data: { body: wrote } })
    expect(replied.ok(), await replied.text()).toBe(true)
    const saved = await request.post('/api/customTemplate', {
      headers: { Authorization: token },
      data: { title: `${REPLY_TITLE} ${Date.now()}`, body: 'Hi {{customer_first_name}}, happy to help: let me book that visit for you.', serviceType: 'ALL' },
    })
    expect(saved.ok(), await saved.text()).toBe(true)
    const template = (await saved.json()) as { id: number; title: string }

    // The inbox of unread customer messages: the customer's row.
    await logIn(page, BDC_REP)
    await expect(page).toHaveURL(/\/leadmanager/)
    await page.getByRole('tab', { name: 'GI 0' }).click()
    await expect(page).toHaveURL(/view=gi0/)
    const row = page.locator(`tr[data-row-id="${lead.id}"]`)
    await expect(row).toBeVisible()
    await expect(row).toContainText(name)
    await expectAccessible(page, 'the inbox')

    // The conversation, with what the customer wrote.
    await row.getByRole('button', { name: `Open conversation with ${name}` }).click()
    const box = page.locator(`[data-testid="chat-box"][data-lead-id="${lead.id}"]`)
    const log = box.getByRole('log', { name: 'Messages' })
    await expect(log.getByTestId('chat-message').filter({ hasText: wrote })).toBeVisible()
    await expectAccessible(page, 'an open conversation')

    // A template reply, filled for the customer, sent.
    await box.getByRole('button', { name: 'Templates' }).click()
    const panel = box.getByRole('region', { name: 'Templates' })
    await panel.getByRole('listitem').filter({ hasText: template.title }).getByRole('button', { name: 'Apply' }).click()
    const input = box.getByRole('textbox', { name: 'Message' })
    const reply = `Hi ${first}, happy to help: let me book that visit for you.`
    await expect(input).toHaveValue(reply)
    await box.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Sent' })).toBeVisible()
    await expect(log.getByTestId('chat-message').filter({ hasText: reply }).last()).toHaveClass(/chat-msg--sent/)

    // The booking, from the conversation: a weekday three weeks ahead, a free time.
    await box.getByRole('button', { name: 'Appointment', exact: true }).click()
    const editor = page.getByRole('dialog', { name: 'New appointment' })
    await expect(editor.getByLabel('Customer', { exact: true })).toHaveValue(name)
    await editor.getByLabel('Date', { exact: true }).fill(weekdayAhead(21))
    await expect(editor.getByTestId('free-times')).toHaveText(/^\d+ of \d+ times free$/)
    const time = editor.getByLabel('Time', { exact: true })
    const free = await time
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((value) => value !== ''))
    await time.selectOption(free.find((value) => / AM$/.test(value)) ?? free[0]!)
    await expectAccessible(page, 'the appointment editor')
    await editor.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByTestId('notice').filter({ hasText: 'Appointment booked Successfully' })).toBeVisible()
    await expect(editor).toBeHidden()

    // The thread says so: the customer's confirmation text and the booking's note.
    const confirmation = log.getByTestId('chat-message').filter({ hasText: `You're all set, ${first}` })
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toHaveClass(/chat-msg--sent/)
    const note = log.getByTestId('chat-message').filter({ hasText: `by ${BDC_REP}. The customer was texted a confirmation.` })
    await expect(note).toBeVisible()

    await request.delete(`/api/customTemplate/${template.id}`, { headers: { Authorization: token } })
  } finally {
    await putHours(hours.quietHoursStart, hours.quietHoursEnd)
  }
})

test('keyboard @journey: a rep signs in, opens a lead from the lead manager, texts the customer and closes the conversation with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const token = await apiToken(request, BDC_REP)
  const lead = await leadToAnswer(request, token)
  const name = `${lead.customerMaster.firstName} ${lead.customerMaster.lastName}`.trim()

  await page.goto('/login')
  await tabTo(page, page.getByLabel('Username'))
  await page.keyboard.type(BDC_REP)
  await page.keyboard.press('Tab')
  await page.keyboard.type('bayline-demo')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/leadmanager/)

  // The lead found by typing in the search box, then opened from its row.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search leads' }))
  await page.keyboard.type(lead.customerMaster.lastName)
  const open = page.locator(`tr[data-row-id="${lead.id}"]`).getByRole('button', { name: `Open conversation with ${name}` })
  await expect(open).toBeVisible()
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const box = page.locator(`[data-testid="chat-box"][data-lead-id="${lead.id}"]`)
  const log = box.getByRole('log', { name: 'Messages' })
  await expect(log).not.toHaveAttribute('aria-busy', 'true')

  // A text typed and sent without a pointer.
  const text = `Keyboard only ${Date.now().toString(36)}`
  await tabTo(page, box.getByRole('textbox', { name: 'Message' }))
  await page.keyboard.type(text)
  await tabTo(page, box.getByRole('button', { name: 'Send' }))
  await page.keyboard.press('Enter')
  await expect(log.getByTestId('chat-message').filter({ hasText: text })).toBeVisible()

  // And closed.
  await tabTo(page, box.getByRole('button', { name: 'Close conversation' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(box).toHaveCount(0)
})
