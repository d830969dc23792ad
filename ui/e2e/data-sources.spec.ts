import { expect, test, type Page } from '@playwright/test'
import { logIn } from './log-in'

/**
 * Data sources end to end, against the real server and its demo world: an
 * enterprise admin adds the built-in simulated dealer system to Harbor Toyota
 * (the name checked before anything is sent), saves a header for one field of
 * its FEA alert mapping, schedules it (then deletes the schedule), presses "Sync now"
 * and follows the run live to 'Synced Successfully', then finds the sync —
 * with the files it imported — in the sync history.
 */

const sections = (page: Page) => page.getByRole('navigation', { name: 'Imports sections' })

test('an enterprise admin adds a simulated dealer system, syncs it now and finds the sync in the history', async ({ page }) => {
  // The queue may take a while to pick the run up after the server sat idle.
  test.setTimeout(150_000)
  await logIn(page, 'enterprise-admin')
  await page.getByRole('link', { name: 'Imports', exact: true }).click()
  await sections(page).getByRole('link', { name: 'Data sources' }).click()
  await expect(page).toHaveURL(/\/imports\/sources$/)
  await expect(page.getByRole('heading', { name: 'Data sources', level: 1 })).toBeVisible()
  await expect(sections(page).getByRole('link', { name: 'Data sources' })).toHaveAttribute('aria-current', 'page')

  // A new source: without a name nothing is sent.
  await page.getByRole('button', { name: 'New data source' }).click()
  const dialog = page.getByRole('dialog', { name: 'New data source' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Store', { exact: true }).selectOption({ label: 'Harbor Toyota' })
  const create = dialog.getByRole('button', { name: 'Create', exact: true })
  await create.click()
  await expect(dialog.getByText('Name the data source.')).toBeVisible()
  await expect(dialog).toBeVisible()

  // A name of this run: a retry does not meet the first attempt's source.
  const name = `Demo DMS ${Date.now().toString(36)}`
  await dialog.getByLabel('Name', { exact: true }).fill(name)
  await dialog.getByRole('radio', { name: /Simulated dealer system/ }).check()
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/data-sync/datasource-configuration' && r.request().method() === 'POST')
  await create.click()
  expect((await created).status()).toBe(201)
  await expect(dialog).toBeHidden()

  // Listed, and opened below the table.
  const row = page.getByRole('table', { name: 'Data sources' }).locator('tbody tr[data-row-id]').filter({ hasText: name })
  await expect(row).toContainText('Simulated dealer system')
  await expect(row).toContainText('Harbor Toyota')
  await expect(row.getByRole('switch', { name: `${name} switched on` })).toHaveAttribute('aria-checked', 'true')
  const panel = page.getByTestId('source-panel')
  await expect(panel.getByRole('heading', { name, level: 2 })).toBeVisible()
  await expect(page).toHaveURL(/[?&]source=\d+/)

  // Its mapping, one file type at a time (FEA alerts: the simulator delivers none, so the sync
  // below does not read it): a header for the first field, saved with the server's message.
  const mapping = panel.getByTestId('source-mapping')
  await expect(mapping.getByLabel('File type')).toHaveValue('DMS_ADVISORS')
  await mapping.getByLabel('File type').selectOption('FEA_ALERT')
  await expect(mapping.getByRole('table', { name: 'Saved mapping of FEA alert files' })).toBeVisible()
  const firstHeader = mapping.locator('tbody input').first()
  await expect(firstHeader).toHaveValue('')
  await firstHeader.fill('Alert Code')
  await mapping.getByRole('button', { name: 'Save mapping' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Mapping Saved Successfully.' })).toBeVisible()
  await expect(mapping).toContainText('Saved.')
  await expect(mapping.locator('tbody input').first()).toHaveValue('Alert Code')

  // A schedule: every hour, listed, then deleted after a confirmation.
  const schedules = panel.getByTestId('source-schedules')
  await schedules.getByRole('radio', { name: 'Every hour' }).check()
  await schedules.getByRole('button', { name: 'Add schedule' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Scheduler created successfully' })).toBeVisible()
  const scheduled = schedules.locator('.schedule-item')
  await expect(scheduled).toHaveCount(1)
  await expect(scheduled).toContainText('Every hour')
  await scheduled.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete schedule' })
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(scheduled).toHaveCount(0)
  await expect(schedules.getByTestId('no-schedules')).toBeVisible()

  // Sync now, followed live to its end.
  await row.getByRole('button', { name: `Sync now: ${name}` }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Processing has been started successfully' })).toBeVisible()
  const run = page.getByTestId('sync-run')
  await expect(run.getByRole('progressbar', { name: `Sync progress of ${name}` })).toBeVisible()
  await expect(run.getByTestId('sync-result')).toContainText('Synced Successfully', { timeout: 100_000 })
  await expect(page.getByTestId('notice').filter({ hasText: 'Synced Successfully' })).toBeVisible()
  await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')

  // The sync history of the source: one sync, with the files it imported.
  await panel.getByRole('link', { name: 'Sync history' }).click()
  await expect(page).toHaveURL(/\/imports\/sync-history\?.*source=\d+/)
  await expect(page.getByRole('heading', { name: 'Sync history', level: 1 })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Source/ })).toHaveValue(/\d+/)
  const syncs = page.getByRole('table', { name: 'Syncs' }).locator('tbody tr[data-row-id]')
  await expect(syncs).toHaveCount(1)
  const sync = syncs.first()
  await expect(sync).toContainText(name)
  await expect(sync).toContainText('Sync now')
  await expect(sync.locator('.badge')).toHaveText('Completed')
  await expect(sync).toContainText('Synced Successfully')
  const files = Number((await sync.locator('td').nth(3).textContent())?.replace(/,/g, ''))
  expect(files).toBeGreaterThanOrEqual(1)

  // The row opens the sync's run.
  await sync.getByRole('link', { name: /^Run #\d+$/ }).click()
  await expect(page).toHaveURL(/\/jobs\/\d+$/)
  await expect(page.getByRole('heading', { name: /Run #\d+ Dealer-system sync/ })).toBeVisible()
})
