import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dropFile, expectAccessible, openFromMenu } from './journey'
import { logIn } from './log-in'

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
