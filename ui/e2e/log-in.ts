import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** The demo users' password. */
export const PASSWORD = 'bayline-demo'

/** Fills in and submits the login form (whether it succeeds is the caller's to check). */
export async function submitLogin(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in through the login form and waits to leave /login. */
export async function logIn(page: Page, username: string, password = PASSWORD) {
  await submitLogin(page, username, password)
  await expect(page).not.toHaveURL(/\/login$/)
}

/** Signs in through the API; the token for `Authorization` headers. */
export async function apiToken(request: APIRequestContext, username: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/user/v2/login', { data: { username, password } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { authToken: string }).authToken
}
