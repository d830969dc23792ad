import { expect, test, type Page } from '@playwright/test'
import { logIn } from './log-in'

/**
 * The follow-up screens against the real server and its demo world: a manager
 * changes a step's wait, saves it and finds it kept (then puts it back); a text
 * naming an unknown field is refused with the server's problem on its step; the
 * automated runs list the stores by time zone and link to their cadence; a sales
 * rep reads the cadence but cannot change it.
 */

const steps = (page: Page) => page.getByRole('table', { name: 'Follow-up steps' }).locator('tbody tr[data-row-id]')
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true })
const status = (page: Page) => page.getByTestId('cadence-status')

async function openCadence(page: Page, username: string) {
  await logIn(page, username)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Follow-up cadence' }).click()
  await expect(page).toHaveURL(/\/follow-up-cadence$/)
  await expect(page.getByRole('heading', { name: 'Follow-up cadence', level: 1 })).toBeVisible()
  await expect(steps(page)).toHaveCount(9)
}

test('a manager changes a step’s wait, saves it, and it is kept', async ({ page }) => {
  await openCadence(page, 'enterprise-admin')
  await expect(page.getByTestId('cadence-stops')).toContainText("a handoff to staff stops a lead's cadence")
  const wait = page.getByLabel('FU3 wait in hours')
  const before = await wait.inputValue()
  const after = before === '170' ? '169' : '170'
  await wait.fill(after)
  await expect(status(page)).toHaveText('1 step changed, not saved yet.')
  await saveButton(page).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(status(page)).toHaveText('No unsaved changes.')

  await page.reload()
  await expect(page.getByLabel('FU3 wait in hours')).toHaveValue(after)
  await page.getByLabel('FU3 wait in hours').fill(before)
  await saveButton(page).click()
  await expect(status(page)).toHaveText('No unsaved changes.')
  await expect(page.getByLabel('FU3 wait in hours')).toHaveValue(before)
})

test('a text naming an unknown field is refused, with the problem on its step', async ({ page }) => {
  await openCadence(page, 'enterprise-admin')
  await page.getByLabel('S1 text').fill('Hi {{no_such_field}}')
  await saveButton(page).click()
  await expect(page.getByTestId('cadence-refusal')).toContainText('S1:')
  await expect(page.getByLabel('S1 problems')).toContainText('no_such_field')
  await page.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(status(page)).toHaveText('No unsaved changes.')
})

test('automated runs list the stores by time zone and link each to its cadence', async ({ page }) => {
  await logIn(page, 'enterprise-admin')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automated runs' }).click()
  await expect(page).toHaveURL(/\/automated-runs$/)
  const zone = page.locator('section.zone-runs').first()
  await expect(zone.getByRole('heading', { level: 2 })).toHaveText(/^GMT[+-]\d{2}:\d{2} \S+$/)
  const row = zone.locator('tbody tr[data-row-id]').first()
  await expect(row.locator('[data-open]')).toHaveText(/^(Open|Closed)$/)
  const storeId = await row.getAttribute('data-row-id')
  await row.getByRole('link', { name: /^Follow-up cadence of / }).click()
  await expect(page).toHaveURL(new RegExp(`/follow-up-cadence\\?store=${storeId}$`))
  await expect(steps(page)).toHaveCount(9)
})

test('a sales rep reads the cadence but cannot change it', async ({ page }) => {
  await openCadence(page, 'sales-rep')
  await expect(page.getByTestId('cadence-read-only')).toContainText('Managers only')
  await expect(page.getByLabel('FU1 wait in hours')).toBeDisabled()
  await expect(saveButton(page)).toHaveCount(0)
})
