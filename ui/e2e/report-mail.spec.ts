import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiToken, logIn } from './log-in'

/**
 * Mailing lists and scheduled reports against the real server: a manager opens
 * the mailing lists from the Reports picker, is told a code must start with
 * LIST- (H-R1), creates LIST-E2E, adds a recipient (a bad address is refused
 * first), schedules the monthly report to the list every Friday, finds the
 * schedule listed, switches it off, deletes it, then deletes the list.
 */

const CODE = 'LIST-E2E'
const RECIPIENT = 'service.manager@example.com'

/** A retry starts clean: the list and its schedules from an earlier attempt go. */
async function removeLeftovers(request: APIRequestContext) {
  const token = await apiToken(request, 'enterprise-admin')
  const headers = { Authorization: `Bearer ${token}` }
  const lists = (await (await request.get('/mailinglist?tenantId=1', { headers })).json()) as { code: string; mailingListMasterId: number }[]
  const left = lists.find((l) => l.code === CODE)
  if (!left) return
  const schedules = (await (await request.get('/api/data-sync/scheduler/api-name/1', { headers })).json()) as {
    id: number
    jobKind: string
    input?: { mailingListId?: number }
  }[]
  for (const s of schedules.filter((s) => s.jobKind === 'reports.mail' && s.input?.mailingListId === left.mailingListMasterId)) {
    await request.delete(`/api/data-sync/scheduler/${s.id}`, { headers })
  }
  await request.delete(`/mailinglist?tenantId=1&mailingListMasterId=${left.mailingListMasterId}`, { headers })
}

const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text })
const listRows = (page: Page) => page.getByRole('table', { name: 'Mailing lists' }).locator('tbody tr[data-row-id]')
const scheduleRows = (page: Page) => page.getByRole('table', { name: 'Scheduled reports' }).locator('tbody tr[data-row-id]')

test('a manager keeps a mailing list and schedules the monthly report to it', async ({ page, request }) => {
  await removeLeftovers(request)
  await logIn(page, 'enterprise-admin')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true }).click()
  await page.getByRole('link', { name: 'Mailing lists and schedules' }).click()
  await expect(page).toHaveURL(/\/reports\/mailing-lists$/)
  await expect(page.getByRole('heading', { name: 'Mailing lists', level: 1 })).toBeVisible()

  // A code without the prefix is refused with the spec's words (H-R1).
  const code = page.getByLabel('New list code')
  const createList = page.getByRole('button', { name: 'Create list' })
  await code.fill('E2E')
  await createList.click()
  await expect(page.getByText('List Should Start With LIST-', { exact: true })).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(listRows(page).filter({ hasText: 'E2E' })).toHaveCount(0)

  // LIST-E2E: the lists are loaded again with it (H-R2), and it opens.
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/mailinglist' && r.request().method() === 'POST')
  await code.fill(CODE)
  await createList.click()
  expect((await created).status()).toBe(200)
  const row = listRows(page).filter({ hasText: CODE })
  await expect(row).toHaveCount(1)
  await expect(code).toHaveValue('')
  await expect(page).toHaveURL(/[?&]list=\d+/)
  const recipients = page.getByTestId('recipients-panel')
  await expect(recipients.getByRole('heading', { name: `Recipients of ${CODE}` })).toBeVisible()

  // The same code again is the server's 409, shown under the field.
  await code.fill(CODE)
  await createList.click()
  await expect(page.getByTestId('list-code-help')).toHaveText(`A mailing list ${CODE} already exists`)
  await code.fill('')

  // A recipient: a bad address is caught here, a good one is listed and counted.
  const email = recipients.getByLabel('E-mail')
  await email.fill('not-an-address')
  await recipients.getByRole('button', { name: 'Add recipient' }).click()
  await expect(recipients.getByText('Enter a valid e-mail address', { exact: false })).toBeVisible()
  await email.fill(RECIPIENT)
  await recipients.getByLabel('Name (optional)').fill('Service Manager')
  await recipients.getByRole('button', { name: 'Add recipient' }).click()
  const recipientRows = recipients.getByRole('table', { name: `Recipients of ${CODE}` }).locator('tbody tr[data-row-id]')
  await expect(recipientRows).toHaveCount(1)
  await expect(recipientRows.first()).toContainText(RECIPIENT)
  await expect(recipientRows.first()).toContainText('Service Manager')
  await expect(email).toHaveValue('')
  await expect(row.getByRole('cell').nth(1)).toHaveText('1')

  // Schedule the monthly report to the list, weekly on Fridays at 6 AM.
  await page.goto('/reports/monthly')
  await expect(page.getByRole('heading', { name: 'Monthly report', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Schedule e-mail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule e-mail: Monthly report' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Mailing list').selectOption({ label: `${CODE} (1 recipient)` })
  await dialog.getByRole('radio', { name: 'Weekly' }).check()
  await dialog.getByLabel('On', { exact: true }).selectOption({ label: 'Friday' })
  await dialog.getByLabel('At', { exact: true }).selectOption({ label: '6:00 AM' })
  await expect(dialog.getByTestId('schedule-summary')).toContainText('Every Friday at 6:00 AM')
  await expect(dialog.getByTestId('schedule-summary')).toContainText(`to ${CODE}`)
  const scheduled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/data-sync/scheduler' && r.request().method() === 'POST')
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  const answer = await scheduled
  expect(answer.status()).toBe(201)
  const body = answer.request().postDataJSON() as Record<string, unknown> & { input: Record<string, unknown> }
  expect(body).toMatchObject({ enterpriseId: 1, apiName: 'report-mail', jobKind: 'reports.mail', cron: '0 6 * * FRI' })
  expect(body.input).toMatchObject({ report: 'monthly', period: 'WEEK', timeZone: body.timeZone })
  expect((body.input.storeIds as number[]).length).toBeGreaterThan(0)
  expect(body.storeIdFk).toBe((body.input.storeIds as number[])[0])
  await expect(notice(page, 'Scheduler created successfully')).toBeVisible()
  await expect(dialog).toBeHidden()

  // Listed under the mailing lists; switched off, then deleted after a confirmation.
  await page.goto('/reports')
  await page.getByRole('link', { name: 'Mailing lists and schedules' }).click()
  const schedule = scheduleRows(page).filter({ hasText: CODE })
  await expect(schedule).toHaveCount(1)
  await expect(schedule).toContainText('Monthly report')
  await expect(schedule).toContainText('Every Friday at 6:00 AM')
  await expect(schedule).toContainText('Covers the 7 days before')
  const on = schedule.getByRole('switch')
  await expect(on).toHaveAttribute('aria-checked', 'true')
  await on.click()
  await expect(on).toHaveAttribute('aria-checked', 'false')
  await expect(schedule).toContainText('Switched off')
  await schedule.getByRole('button', { name: /^Delete the schedule/ }).click()
  await page.getByRole('dialog', { name: 'Delete schedule' }).getByRole('button', { name: 'Yes' }).click()
  await expect(schedule).toHaveCount(0)

  // The list goes too (asked first); the lists are loaded again without it (H-R2).
  await row.getByRole('button', { name: `Delete ${CODE}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete mailing list' })
  await expect(confirm).toContainText(`Delete ${CODE} and its 1 recipient?`)
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(notice(page, 'Mailing list deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
})
