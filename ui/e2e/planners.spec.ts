import { expect, test, type Page } from '@playwright/test'
import { logIn } from './log-in'

/**
 * The Planners screen end to end, against the real server and its demo world:
 * the 10K planner over Harbor Toyota with a wide window (the demo has 10K
 * candidates there), previewed, transferred as a job run followed live to
 * 100%, listed in the transfer history; then the same transfer again finds
 * nobody ('No Records.'). Also: a 400 flags the list invalid until Reset, and
 * a role that may not transfer gets the server's 403 message.
 */

async function openPlanners(page: Page, username: string) {
  await logIn(page, username)
  await page.getByRole('link', { name: 'Planners' }).click()
  await expect(page).toHaveURL(/\/planners$/)
  await expect(page.getByRole('heading', { name: 'Planners', level: 1 })).toBeVisible()
}

/** Types a day count and applies it with Enter. */
async function setDays(page: Page, label: 'Min days' | 'Max days', days: number) {
  const field = page.getByLabel(label)
  await field.fill(String(days))
  await field.press('Enter')
}

async function pick10kOverHarborToyota(page: Page) {
  await page.getByRole('radio', { name: '10K', exact: true }).check()
  await expect(page).toHaveURL(/[?&]planner=10k/)
  await page.getByLabel('Store').selectOption({ label: 'Harbor Toyota' })
  await setDays(page, 'Min days', -3650)
  await setDays(page, 'Max days', 3650)
  await expect(page).toHaveURL(/[?&]minDays=-3650/)
  await expect(page).toHaveURL(/[?&]maxDays=3650/)
}

const candidateRows = (page: Page) => page.getByRole('table', { name: '10K candidates' }).locator('tbody tr[data-row-id]')

test('an enterprise admin previews the 10K planner, transfers it live, and sees the run in the history', async ({ page }, testInfo) => {
  // The queue may take a while to pick the run up after the server sat idle.
  test.setTimeout(120_000)
  await openPlanners(page, 'enterprise-admin')
  // The error alert view is offered too (e2e/error-alert-planner.spec.ts follows it).
  await expect(page.getByRole('radio', { name: 'Toyota error alert' })).toBeEnabled()

  await pick10kOverHarborToyota(page)
  // A retry finds the first attempt's leads: a hard run previews (and replaces) them again.
  const hardRun = page.getByLabel('Hard run')
  if (testInfo.retry > 0) await hardRun.check()
  const rows = candidateRows(page)
  await expect(rows.first()).toBeVisible()
  const summary = page.locator('.planner-candidates__title .panel__meta')
  await expect(summary).toHaveText(/^\d+ due /)
  const total = Number((await summary.textContent())!.match(/^(\d+) due/)![1])
  expect(total).toBeGreaterThan(0)
  await expect(rows.first()).toContainText('Oil change (10K)')

  // The filters live in the URL: a reload shows the same list.
  await page.reload()
  await expect(page.getByLabel('Min days')).toHaveValue('-3650')
  await expect(page.getByRole('radio', { name: '10K', exact: true })).toBeChecked()
  await expect(rows.first()).toBeVisible()

  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Transfer planner' })
  await expect(dialog).toContainText('10K')
  await expect(dialog).toContainText('Harbor Toyota')
  await expect(dialog).toContainText('-3650 to 3650 days')
  await dialog.getByRole('button', { name: 'Transfer' }).click()
  await expect(dialog).toBeHidden()

  const transfer = page.getByTestId('planner-transfer')
  const runLink = transfer.getByRole('link', { name: /^Run #\d+$/ })
  await expect(runLink).toBeVisible()
  const runName = (await runLink.textContent())!
  await expect(transfer.getByRole('progressbar', { name: 'Transfer progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: 60_000,
  })
  const result = transfer.getByTestId('transfer-result')
  await expect(result).toContainText('Successfully Transfered', { timeout: 20_000 })
  await expect(result).toContainText(`${total} ${total === 1 ? 'lead' : 'leads'} created`)
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Transfered' })).toBeVisible()

  // The history lists the run, newest first.
  const history = page.getByRole('table', { name: '10K transfers' })
  const newest = history.locator('tbody tr[data-row-id]').first()
  await expect(newest.getByRole('link', { name: runName, exact: true })).toBeVisible()
  await expect(newest).toContainText('Harbor Toyota')
  await expect(newest).toContainText(String(total))

  // The transferred vehicles now have leads: without a hard run the preview is empty, and a transfer finds nobody.
  await transfer.getByRole('button', { name: 'Dismiss' }).click()
  await expect(transfer).toHaveCount(0)
  await hardRun.uncheck()
  await expect(page.getByRole('table', { name: '10K candidates' })).toContainText('No records available.')
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  await dialog.getByRole('button', { name: 'Transfer' }).click()
  await expect(transfer.getByTestId('transfer-result')).toContainText('No Records.', { timeout: 60_000 })
  await expect(page.getByTestId('notice').filter({ hasText: 'No Records.' })).toBeVisible()
  const secondRun = (await transfer.getByRole('link', { name: /^Run #\d+$/ }).textContent())!
  expect(secondRun).not.toBe(runName)
  await expect(history.locator('tbody tr[data-row-id]').first().getByRole('link', { name: secondRun, exact: true })).toBeVisible()
  await expect(history.locator('tbody tr[data-row-id]').nth(1).getByRole('link', { name: runName, exact: true })).toBeVisible()
})

test('a 400 marks the list invalid until Reset', async ({ page }) => {
  await openPlanners(page, 'enterprise-admin')
  await page.getByRole('radio', { name: '5K', exact: true }).check()
  await setDays(page, 'Min days', 40)
  const invalid = page.getByTestId('planner-invalid')
  await expect(invalid).toContainText('The list is unavailable or invalid')
  await expect(invalid).toContainText('minDays must not be greater than maxDays')
  await expect(page.getByRole('button', { name: 'Transfer', exact: true })).toBeDisabled()

  // A valid window alone does not clear the flag; Reset does, and clears the filters.
  await setDays(page, 'Max days', 60)
  await expect(page.getByRole('table', { name: '5K candidates' }).locator('tbody tr').first()).toBeVisible()
  await expect(invalid).toBeVisible()
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(invalid).toBeHidden()
  await expect(page).toHaveURL(/\/planners\?planner=5k$/)
  await expect(page.getByLabel('Min days')).toHaveValue('0')
  await expect(page.getByLabel('Max days')).toHaveValue('30')
  await expect(page.getByRole('button', { name: 'Transfer', exact: true })).toBeEnabled()
})

test("a sales rep previews but the transfer shows the server's 403 message", async ({ page }) => {
  await openPlanners(page, 'sales-rep')
  await page.getByRole('button', { name: 'Transfer', exact: true }).click()
  await page.getByRole('dialog', { name: 'Transfer planner' }).getByRole('button', { name: 'Transfer' }).click()
  await expect(page.getByTestId('transfer-error')).toHaveText('Your role does not allow this action')
  await expect(page.getByTestId('planner-transfer')).toHaveCount(0)
})
