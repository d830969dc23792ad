import { expect, test } from '@playwright/test'
import { submitLogin } from './log-in'

test('a logged-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/leadmanager')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})

test('a sales rep lands on the lead manager; a super admin on the company master list', async ({ page }) => {
  await submitLogin(page, 'sales-rep')
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect(page.getByRole('heading', { name: 'Lead manager' })).toBeVisible()
  const leads = page.getByRole('table', { name: 'Lead Manager leads' })
  await expect(leads).toBeVisible()
  await expect(leads.locator('tbody tr').first()).not.toHaveClass(/data-table__skeleton/)
  // The stores in the user's scope are offered by the store filter.
  await page.getByRole('button', { name: /^Store/ }).click()
  await expect(page.getByRole('dialog', { name: 'Store' }).getByRole('checkbox').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Store' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Company master list' })).toHaveCount(0)

  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'))
  expect(session?.authToken).toBeTruthy()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull()

  await submitLogin(page, 'super-admin')
  await expect(page).toHaveURL(/\/CompanyMasterList$/)
  await expect(page.getByRole('heading', { name: 'Company master list' })).toBeVisible()
  const enterprises = page.getByRole('table', { name: 'Enterprises' })
  await expect(enterprises.getByRole('cell', { name: 'Bayline Demo Motors', exact: true })).toBeVisible()

  // Selecting an enterprise shows its stores and keeps the choice in the URL.
  await enterprises.getByRole('cell', { name: 'Bayline Demo Motors', exact: true }).click()
  await expect(page).toHaveURL(/[?&]enterprise=\d+/)
  await expect(page.getByRole('heading', { name: 'Stores of Bayline Demo Motors' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Stores' }).locator('tbody tr').first()).not.toHaveClass(
    /data-table__skeleton/,
  )
})

test('a wrong password shows the error notice and stays on /login', async ({ page }) => {
  await submitLogin(page, 'sales-rep', 'not-the-password')
  const notice = page.getByTestId('notice').filter({ hasText: 'Invalid username or password' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('AI Message')
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull()
})
