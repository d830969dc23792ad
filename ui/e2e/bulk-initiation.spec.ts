import { expect, test, type Locator, type Page } from '@playwright/test'
import { logIn } from './log-in'

/**
 * Bulk initiation end to end, against the real server and its demo world: a
 * manager previews the "Not contacted yet" list as a dry run (counts, skip
 * reasons, the leads with their texts), narrows it to one store (which makes
 * the preview stale), previews again, confirms, follows the run live to 100%
 * and reads what it did with each lead. The demo stores' allowed hours may
 * defer texts depending on the time of day, so the checks hold either way:
 * texted now + deferred + skipped = total. Also: nobody matching, and a role
 * that may not text in bulk getting the server's 403 message.
 */

async function openBulkInitiation(page: Page, username: string) {
  await logIn(page, username)
  await page.getByRole('link', { name: 'Bulk initiation' }).click()
  await expect(page).toHaveURL(/\/bulk-initiation$/)
  await expect(page.getByRole('heading', { name: 'Bulk initiation', level: 1 })).toBeVisible()
}

async function countOf(panel: Locator, id: string): Promise<number> {
  const value = panel.locator(`[data-count="${id}"] dd`)
  await expect(value).toHaveText(/^[\d,]+$/)
  return Number((await value.textContent())!.replace(/,/g, ''))
}

/** The dry run's counts, checked to add up. */
async function dryRunCounts(page: Page) {
  const dryRun = page.getByTestId('dry-run')
  await expect(dryRun).toBeVisible()
  const counts = {
    toSend: await countOf(dryRun, 'toSend'),
    deferred: await countOf(dryRun, 'deferred'),
    skipped: await countOf(dryRun, 'skipped'),
    total: await countOf(dryRun, 'total'),
  }
  expect(counts.toSend + counts.deferred + counts.skipped).toBe(counts.total)
  return counts
}

const previewButton = (page: Page) => page.getByRole('button', { name: 'Preview (dry run)' })
const textButton = (page: Page) => page.getByRole('button', { name: /^(Text \d[\d,]* customers?|Text customers|Nobody to text)$/ })
const previewRows = (page: Page) => page.getByRole('table', { name: 'Dry run leads' }).locator('tbody tr[data-row-id]')

test('a manager previews the not-contacted list, narrows it, texts it and follows the run live', async ({ page }) => {
  // The queue may take a while to pick the run up after the server sat idle.
  test.setTimeout(120_000)
  await openBulkInitiation(page, 'enterprise-admin')
  await expect(page.getByRole('radio', { name: 'Not contacted yet' })).toBeChecked()
  await expect(textButton(page)).toBeDisabled()

  // The whole list: counts that add up, the reasons behind the skips, the leads with their texts.
  await previewButton(page).click()
  const all = await dryRunCounts(page)
  expect(all.total).toBeGreaterThan(0)
  const reasons = page.getByRole('region', { name: 'Skipped because' }).locator('[data-reason]')
  if (all.skipped > 0) {
    const reasonCounts = await reasons.locator('.bulk-reasons__count').allTextContents()
    expect(reasonCounts.reduce((sum, n) => sum + Number(n.replace(/,/g, '')), 0)).toBe(all.skipped)
  } else {
    await expect(reasons).toHaveCount(0)
  }
  await expect(previewRows(page)).toHaveCount(Math.min(all.total, 20))
  await expect(page.getByTestId('preview-status')).toHaveText(/^Preview up to date/)
  const texted = all.toSend + all.deferred
  expect(texted).toBeGreaterThan(0)
  await expect(textButton(page)).toHaveText(`Text ${texted} ${texted === 1 ? 'customer' : 'customers'}`)
  await expect(textButton(page)).toBeEnabled()

  // The outcome filter narrows the table to the leads skipped.
  await page.getByRole('group', { name: 'Show leads' }).getByRole('button', { name: /^Skipped/ }).click()
  await expect(previewRows(page)).toHaveCount(Math.min(all.skipped, 20))
  await page.getByRole('group', { name: 'Show leads' }).getByRole('button', { name: /^All/ }).click()

  // One store only (not the one the other specs work in), taken from a lead that would be texted.
  const textable = previewRows(page).filter({ has: page.locator('[data-outcome="SENT"], [data-outcome="DEFERRED"]') })
  const storeCells = textable.locator('td:nth-child(2) .cell-stack__main')
  const storeNames = await storeCells.allTextContents()
  const store = storeNames.find((name) => name !== 'Harbor Toyota') ?? storeNames[0]!
  await page.getByRole('button', { name: /^Stores/ }).click()
  await page.getByRole('checkbox', { name: store, exact: true }).check()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/[?&]store=/)
  // A changed selection invalidates the preview.
  await expect(page.getByTestId('preview-stale')).toBeVisible()
  await expect(page.getByTestId('preview-status')).toHaveText('The selection changed: preview again before texting.')
  await expect(textButton(page)).toBeDisabled()

  await previewButton(page).click()
  await expect(page.getByTestId('preview-stale')).toBeHidden()
  const narrowed = await dryRunCounts(page)
  expect(narrowed.total).toBeLessThanOrEqual(all.total)
  const toText = narrowed.toSend + narrowed.deferred
  expect(toText).toBeGreaterThan(0)
  for (const name of await previewRows(page).locator('td:nth-child(2) .cell-stack__main').allTextContents()) expect(name).toBe(store)

  // Confirm, then follow the run live.
  const label = `Text ${toText} ${toText === 1 ? 'customer' : 'customers'}`
  await textButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Text customers' })
  await expect(dialog).toContainText(label)
  await expect(dialog).toContainText(store)
  await expect(dialog).toContainText('Not contacted yet')
  await dialog.getByRole('button', { name: label }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/[?&]run=\d+/)

  const run = page.getByTestId('bulk-run')
  await expect(run.getByRole('link', { name: /^Run #\d+$/ })).toBeVisible()
  await expect(run.getByRole('progressbar', { name: 'Texting progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  const result = run.getByTestId('bulk-run-result')
  await expect(result).toContainText('Successfully Initiated!', { timeout: 20_000 })
  const sent = await countOf(result, 'sent')
  const deferred = await countOf(result, 'deferred')
  const skipped = await countOf(result, 'skipped')
  expect(await countOf(result, 'failed')).toBe(0)
  expect(sent + deferred + skipped).toBe(narrowed.total)
  expect(sent + deferred).toBe(toText)
  await expect(page.getByTestId('notice').filter({ hasText: `${sent} texted, ${deferred} deferred, ${skipped} skipped` })).toBeVisible()
  // Sent: the preview no longer describes who is left to text.
  await expect(page.getByTestId('dry-run')).toHaveCount(0)
  await expect(textButton(page)).toBeDisabled()

  // What the run did with each lead, and only those not texted.
  const results = page.getByRole('table', { name: 'Run results' }).locator('tbody tr[data-row-id]')
  await expect(results).toHaveCount(narrowed.total)
  await expect(results.locator('[data-outcome="SENT"], [data-outcome="DEFERRED"]')).toHaveCount(toText)
  await run.getByRole('switch', { name: 'Only not texted' }).click()
  await expect(page).toHaveURL(/[?&]notTexted=true/)
  if (skipped > 0) {
    await expect(results).toHaveCount(skipped)
    await expect(results.locator('[data-outcome="SKIPPED"]')).toHaveCount(skipped)
  } else {
    await expect(page.getByRole('table', { name: 'Run results' })).toContainText('Every lead was texted.')
  }

  // The selection and the run live in the URL: a reload shows the same.
  await page.reload()
  await expect(page.getByRole('button', { name: /^Stores/ })).toContainText(store)
  await expect(run.getByTestId('bulk-run-result')).toContainText('Successfully Initiated!')
  await expect(run.getByRole('switch', { name: 'Only not texted' })).toHaveAttribute('aria-checked', 'true')
  await run.getByRole('button', { name: 'Dismiss' }).click()
  await expect(run).toHaveCount(0)
  await expect(page).not.toHaveURL(/[?&]run=/)
})

test('a selection nobody matches says so and texts nobody', async ({ page }) => {
  await openBulkInitiation(page, 'office-manager')
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('Nobody By This Name')
  await page.getByRole('searchbox', { name: 'Search customers' }).press('Enter')
  await expect(page).toHaveURL(/[?&]search=/)
  await previewButton(page).click()
  await expect(page.getByTestId('dry-run-empty')).toContainText('Nobody matches this selection')
  await expect(page.getByTestId('preview-status')).toHaveText('Nobody matches this selection.')
  await expect(textButton(page)).toHaveText('Nobody to text')
  await expect(textButton(page)).toBeDisabled()
})

test("a sales rep has no Bulk initiation link, and a preview shows the server's 403 message", async ({ page }) => {
  await logIn(page, 'sales-rep')
  await expect(page.getByRole('link', { name: 'Planners' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Bulk initiation' })).toHaveCount(0)
  await page.goto('/bulk-initiation')
  await expect(page.getByTestId('bulk-not-manager')).toContainText('Managers only')
  await previewButton(page).click()
  await expect(page.getByTestId('bulk-error')).toHaveText('Your role does not allow this action')
  await expect(page.getByTestId('dry-run')).toHaveCount(0)
  await expect(textButton(page)).toBeDisabled()
})
