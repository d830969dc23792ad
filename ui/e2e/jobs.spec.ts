import { expect, test } from '@playwright/test'
import { expectAccessible, openFromMenu } from './journey'
import { apiToken, logIn } from './log-in'

test('a super admin starts diagnostics.noop and watches it finish live', async ({ page }) => {
  // The queue may take a while to pick the run up after the server sat idle.
  test.setTimeout(90_000)
  await logIn(page, 'super-admin')
  await page.getByRole('link', { name: 'Jobs' }).click()
  await expect(page).toHaveURL(/\/jobs$/)
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Queue statistics' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Job runs' })).toBeVisible()

  await page.getByRole('button', { name: 'Start job' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start job' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Kind').selectOption('diagnostics.noop')

  // Invalid JSON is caught before anything is sent.
  const input = dialog.getByLabel('Input (JSON)')
  await input.fill('{items: 30}')
  await expect(dialog.getByText(/Not valid JSON/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Start', exact: true })).toBeDisabled()

  // The server's 400 reason shows in the dialog.
  await input.fill('{"items": -1}')
  await dialog.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(dialog.getByTestId('start-job-error')).toContainText('items must be a whole number')

  await input.fill('{"items": 30, "pauseMs": 100}')
  await dialog.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(page).toHaveURL(/\/jobs\/\d+$/)
  await expect(page.getByRole('heading', { name: /Run #\d+ Diagnostics/ })).toBeVisible()
  const runId = new URL(page.url()).pathname.split('/').pop()!

  // From here on the page must update by itself: mark the document and check the mark survives.
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
  })
  const status = page.locator('.page__title .badge')
  await expect(status).not.toHaveText('Queued', { timeout: 45_000 })
  const progress = page.getByRole('progressbar', { name: 'Run progress' })
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 })
  await expect(page.getByRole('region', { name: 'Run summary' }).getByText('30 of 30 items')).toBeVisible()
  await expect(status).toHaveText('Succeeded', { timeout: 20_000 })
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  // Back on the dashboard the run is listed as succeeded (found by its id: other tests' runs,
  // such as a text's send job, may be newer on the shared server).
  await page.getByRole('link', { name: 'Jobs', exact: true }).first().click()
  const listed = page.getByRole('table', { name: 'Job runs' }).locator(`tbody tr[data-row-id="${runId}"]`)
  await expect(listed).toContainText('Diagnostics')
  await expect(listed).toContainText('Succeeded')
  await expect(listed).toContainText('100%')
})

test('signed-in screens open the realtime stream with the session token', async ({ page }) => {
  await logIn(page, 'super-admin')
  const streamRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events')
  const streamResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events')
  await page.goto('/jobs')
  const request = await streamRequest
  expect(request.headers()['authorization']).toMatch(/^Bearer \S+/)
  expect(request.headers()['accept']).toBe('text/event-stream')
  const response = await streamResponse
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/event-stream/)
  await expect(page.getByTestId('realtime-status')).toHaveText('Live')
})

test('a sales rep sees the jobs dashboard but cannot start jobs', async ({ page }) => {
  await logIn(page, 'sales-rep')
  await page.goto('/jobs')
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Job runs' })).toBeVisible()
  await expect(page.getByTestId('stat-pending')).not.toHaveText('…')
  await expect(page.getByRole('button', { name: 'Start job' })).toHaveCount(0)
})

test('without the realtime stream the run page falls back to polling', async ({ page }) => {
  test.setTimeout(90_000)
  await page.route('**/api/events', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }))
  await logIn(page, 'super-admin')
  await page.goto('/jobs')
  await expect(page.getByTestId('realtime-status')).toHaveText('Reconnecting…')
  await page.getByRole('button', { name: 'Start job' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start job' })
  await dialog.getByLabel('Kind').selectOption('diagnostics.noop')
  await dialog.getByLabel('Input (JSON)').fill('{"items": 10, "pauseMs": 100}')
  await dialog.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(page).toHaveURL(/\/jobs\/\d+$/)
  await expect(page.locator('.page__title .badge')).toHaveText('Succeeded', { timeout: 60_000 })
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '100')
})

test('a run can be cancelled and retried, each after a Yes/No confirmation', async ({ page }) => {
  test.setTimeout(90_000)
  await logIn(page, 'super-admin')
  await page.goto('/jobs')
  await page.getByRole('button', { name: 'Start job' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start job' })
  await dialog.getByLabel('Kind').selectOption('diagnostics.noop')
  await dialog.getByLabel('Input (JSON)').fill('{"items": 1000, "pauseMs": 100}')
  await dialog.getByRole('button', { name: 'Start', exact: true }).click()
  await expect(page).toHaveURL(/\/jobs\/\d+$/)
  const status = page.locator('.page__title .badge')
  const confirm = page.getByRole('dialog', { name: 'Cancel run' })

  // "No" changes nothing.
  await page.getByRole('button', { name: 'Cancel run' }).click()
  await expect(confirm).toContainText('Are you sure you want to cancel run')
  await confirm.getByRole('button', { name: 'No' }).click()
  await expect(confirm).toBeHidden()

  await page.getByRole('button', { name: 'Cancel run' }).click()
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(status).toHaveText('Cancelled', { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Cancel run' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Retry' }).click()
  await page.getByRole('dialog', { name: 'Retry run' }).getByRole('button', { name: 'Yes' }).click()
  await expect(status).not.toHaveText('Cancelled')
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)

  // Leave the queue idle for whatever runs next.
  await page.getByRole('button', { name: 'Cancel run' }).click()
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(status).toHaveText('Cancelled', { timeout: 20_000 })
})

test("journey 7 @journey: the Jobs dashboard: a manager's run found by kind from a list, cancelled and retried from the list", async ({ page, request }) => {
  test.setTimeout(90_000)
  const token = await apiToken(request, 'super-admin')
  const started = await request.post('/api/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'diagnostics.noop', input: { items: 1000, pauseMs: 100 } },
  })
  expect(started.status()).toBe(201)
  const run = (await started.json()) as { id: number }

  await logIn(page, 'super-admin')
  await openFromMenu(page, 'Jobs')
  await expect(page).toHaveURL(/\/jobs/)
  const filters = page.getByRole('group', { name: 'Filters' })
  // Kinds are chosen by name from the server's list, not typed.
  await filters.getByLabel('Kind').selectOption({ label: 'Diagnostics' })
  await expect(page).toHaveURL(/kind=diagnostics\.noop/)
  await filters.getByLabel('Status').selectOption('running')
  await expect(page).toHaveURL(/status=running/)
  // Choosing the status right after the kind keeps both.
  await expect(filters.getByLabel('Kind')).toHaveValue('diagnostics.noop')

  const row = page.getByRole('table', { name: 'Job runs' }).locator('tbody tr').filter({ hasText: `#${run.id}` })
  await expect(row).toContainText('Running', { timeout: 45_000 })
  await expect(row).toContainText(/of 1,000 items/)
  await expectAccessible(page, 'the Jobs dashboard')
  const confirm = page.getByRole('dialog', { name: 'Cancel run' })
  // The row moves as its progress text grows on a narrow screen: a click that landed beside the
  // button is made again.
  await expect(async () => {
    await row.getByRole('button', { name: `Cancel run ${run.id}` }).click()
    await expect(confirm).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(confirm).toContainText(`Are you sure you want to cancel run #${run.id} (Diagnostics)?`)
  await confirm.getByRole('button', { name: 'Yes' }).click()
  // The dashboard stays put (the row's buttons do not open the run).
  await expect(page).toHaveURL(/\/jobs\?/)
  // The worker stops at its next item; on a busy machine that can take a while.
  await filters.getByLabel('Status').selectOption('')
  await expect(row).toContainText('Cancelled', { timeout: 45_000 })

  await filters.getByLabel('Status').selectOption('cancelled')
  await expect(row).toContainText('Cancelled')
  await row.getByRole('button', { name: `Retry run ${run.id}` }).click()
  await page.getByRole('dialog', { name: 'Retry run' }).getByRole('button', { name: 'Yes' }).click()
  await filters.getByLabel('Status').selectOption('')
  await expect(row).not.toContainText('Cancelled')

  // Leave the queue idle for whatever runs next.
  await row.getByRole('button', { name: `Cancel run ${run.id}` }).click()
  await page.getByRole('dialog', { name: 'Cancel run' }).getByRole('button', { name: 'Yes' }).click()
  await expect(row).toContainText('Cancelled', { timeout: 20_000 })
})
