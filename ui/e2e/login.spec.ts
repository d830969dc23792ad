import { expect, test } from '@playwright/test'
import { apiToken, logIn, submitLogin } from './log-in'
import { newestMailTo } from './mail-sink'

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

test('with two-step log-in turned on by the admin, the password is followed by the code e-mailed to the user', async ({ page, request }) => {
  const run = Date.now().toString(36)
  const user = { username: `e2e-otp-${run}`, password: 'otp-password-1', email: `otp.${run}@example.com` }
  const admin = await apiToken(request, 'enterprise-admin')
  const created = await request.post('/api/enterprise/1/user', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { ...user, firstName: 'Otto', lastName: 'Pass', empLevel: 'STORE', storeId: 1, roles: ['SALES_REP'] },
  })
  expect(created.ok()).toBe(true)

  // The admin turns two-step log-in on in the user's form.
  await logIn(page, 'enterprise-admin')
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search users' }).fill(user.username)
  await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: user.username }).click()
  const form = page.getByRole('dialog', { name: `Edit user ${user.username}` })
  await form.getByLabel(/^Two-step log-in/).check()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toHaveCount(0)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The password alone does not sign in: the code step says where the code went.
  await submitLogin(page, user.username, user.password)
  await expect(page.getByTestId('otp-sent')).toContainText(`o\u2022\u2022\u2022@example.com`)
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull()
  const mailDir = String(process.env.BAYLINE_E2E_MAIL_DIR)
  const code = newestMailTo(mailDir, user.email)?.match(/letter-spacing:4px"><b>(\d{6})<\/b>/)?.[1]
  expect(code, 'the code in the e-mail').toBeTruthy()

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  await page.getByLabel('Code', { exact: true }).fill(wrong)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Wrong code: 4 tries left' })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByLabel('Code', { exact: true }).fill(code!)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect(page.getByTestId('user-name')).toHaveText('Otto Pass')
})
