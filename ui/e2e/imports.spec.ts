import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dropFile } from './journey'
import { logIn } from './log-in'

/**
 * The Imports screens end to end, against the real server and its demo world:
 * a recall file (fixtures/recall-campaign.csv: four good rows, a row with a
 * bad VIN and one without a campaign) dropped on the upload for Harbor Toyota,
 * its columns mapped (required ones enforced), loaded while the page follows
 * the load to 100%, and its report: 2 failed rows, the row errors, the error
 * file with exactly the refused rows, and the imported rows with what
 * enrichment made of them — reviewed: one rejected with a reason (its status
 * changes in place), found by the status filter, and the file matched again
 * with the run followed live. Also: a file without a required column waits in the
 * mapping step, a file the server cannot read shows its reason, and roles that
 * do not import see no Imports.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'recall-campaign.csv')
const BAD_VIN = '1HGCM82633A00435O'
const NO_CAMPAIGN_VIN = '3FA6P0H73HR101234'
const GOOD_VINS = ['5YF6JUVU5TA000048', '2T3Z87KG8TA000070', '1HGCM82633A004352', 'JTDKB20U693512345']

/**
 * The fixture with campaign codes of this run: a recall row is stored once per
 * store, campaign and VIN, so a second run (a retry) inserts rows again
 * instead of finding them unchanged.
 */
function fixtureOfThisRun(): { text: string; campaign: string } {
  const campaign = `24V-${Date.now().toString(36).toUpperCase()}`
  return { text: readFileSync(FIXTURE, 'utf8').replaceAll('24V-', `${campaign}-`), campaign }
}

async function openUpload(page: Page, username = 'enterprise-admin') {
  await logIn(page, username)
  await page.getByRole('link', { name: 'Imports', exact: true }).click()
  await expect(page).toHaveURL(/\/imports$/)
  await expect(page.getByRole('heading', { name: 'Imports', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Upload a file' }).click()
  await expect(page).toHaveURL(/\/imports\/upload/)
  await expect(page.getByRole('heading', { name: 'Upload a data file' })).toBeVisible()
}

const mappingSelect = (page: Page, field: string) => page.getByLabel(`Column for ${field}`, { exact: true })

test('an enterprise admin drops a recall file, maps it, follows the load and downloads the refused rows', async ({ page }) => {
  // The queue may take a while to pick the run up after the server sat idle.
  test.setTimeout(120_000)
  await openUpload(page)

  // No store yet: the drop zone waits for one.
  const zone = page.getByTestId('drop-zone')
  await expect(zone).toContainText('Choose the store the file is for')
  await expect(page.getByLabel('Choose a file')).toBeDisabled()
  await page.getByLabel('Store').selectOption({ label: 'Harbor Toyota' })
  await expect(page.getByLabel('File type')).toHaveValue('RECALL')
  await page.getByLabel('Recall type').selectOption({ label: 'Emissions recall' })
  await expect(page).toHaveURL(/[?&]recallType=EMISSIONS/)
  await expect(page.getByTestId('expected-fields')).toContainText('Recall campaign')
  await expect(zone).toContainText('Drop a data file here')

  const { text, campaign } = fixtureOfThisRun()
  await dropFile(page, 'recall-campaign.csv', text)

  // The mapping step: the server's suggestions preselected, with the column's sample values.
  const mapping = page.getByTestId('mapping-step')
  await expect(mapping.getByRole('heading', { name: 'Map the columns' })).toBeVisible()
  await expect(mapping).toContainText('recall-campaign.csv · CSV · UTF-8 · comma-separated · 5 columns')
  await expect(mappingSelect(page, 'VIN')).toHaveValue('VIN')
  await expect(mappingSelect(page, 'Recall campaign')).toHaveValue('Campaign #')
  await expect(mappingSelect(page, 'Description')).toHaveValue('Description')
  await expect(mappingSelect(page, 'Mobile phone')).toHaveValue('Cell Phone')
  await expect(mappingSelect(page, 'Customer number')).toHaveValue('Cust #')
  await expect(mappingSelect(page, 'Recall date')).toHaveValue('')
  const table = page.getByRole('table', { name: 'Column mapping' })
  await expect(table.getByRole('row', { name: /Recall campaign/ })).toContainText(`${campaign}-101`)
  const load = mapping.getByRole('button', { name: 'Load', exact: true })
  await expect(load).toBeEnabled()

  // A required field without a column, or a column feeding two fields, holds the load back.
  await mappingSelect(page, 'Recall campaign').selectOption('')
  await expect(table.getByRole('row', { name: /Recall campaign/ })).toContainText('Required: choose a column')
  await expect(mappingSelect(page, 'Recall campaign')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('mapping-blockers')).toContainText('Recall campaign needs a column.')
  await expect(load).toBeDisabled()
  await mappingSelect(page, 'Recall campaign').selectOption('Description')
  await expect(page.getByTestId('mapping-blockers')).toContainText('"Description" is chosen for Recall campaign and Description')
  await expect(load).toBeDisabled()
  await mappingSelect(page, 'Recall campaign').selectOption('Campaign #')
  await expect(page.getByTestId('mapping-blockers')).toHaveCount(0)
  await expect(load).toBeEnabled()

  // From here on the page must update by itself: mark the document and check the mark survives.
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument?: boolean }).__sameDocument = true
  })
  const importCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/data-sync/import' && r.method() === 'POST')
  await load.click()
  const request = await importCall
  expect(new URL(request.url()).searchParams.get('recall_type')).toBe('EMISSIONS')
  expect(new URL(request.url()).searchParams.get('store_id_pk')).toBe('1')

  const report = page.getByTestId('import-report')
  const progress = report.getByRole('progressbar', { name: 'Import progress' })
  await expect(progress).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(report.locator('.badge')).toHaveText('Completed with errors', { timeout: 20_000 })
  await expect(report.getByTestId('count-totalRows')).toHaveText('6')
  await expect(report.getByTestId('count-insertedRows')).toHaveText('4')
  await expect(report.getByTestId('count-failedRows')).toHaveText('2')
  await expect(report.getByTestId('import-outcome')).toContainText('4 rows loaded, 2 rows refused')
  await expect(report.getByRole('link', { name: 'Review the rows' })).toHaveAttribute('href', /\/imports\/\d+#review$/)
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

  // The report: the row errors by line…
  await report.getByRole('link', { name: 'See the 2 row errors' }).click()
  await expect(page).toHaveURL(/\/imports\/\d+#row-errors$/)
  await expect(page.getByRole('heading', { name: /recall-campaign\.csv/, level: 1 })).toBeVisible()
  await expect(page.getByTestId('count-failedRows')).toHaveText('2')
  // The mapping confirmed in the mapping step is the one the file was read with.
  await page.getByText('File details and column mapping').click()
  await expect(page.getByTestId('report-mapping')).toContainText('Recall campaign from“Campaign #”')
  await expect(page.getByTestId('report-mapping')).toContainText('Mobile phone from“Cell Phone”')
  const errors = page.getByRole('table', { name: 'Row errors' }).locator('tbody tr[data-row-id]')
  await expect(errors).toHaveCount(2)
  await expect(errors.nth(0).locator('td').first()).toHaveText('6')
  await expect(errors.nth(0).locator('td').nth(1)).toHaveText('VIN')
  await expect(errors.nth(0)).toContainText(`"${BAD_VIN}" is not a 17-character VIN`)
  await expect(errors.nth(1).locator('td').first()).toHaveText('7')
  await expect(errors.nth(1)).toContainText('Recall campaign is required')

  // …the error file: the header, then exactly the refused rows with their line and problems…
  const rowErrors = page.getByRole('region', { name: /Row errors/ })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    rowErrors.getByRole('button', { name: 'Download error file' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('recall-campaign-errors.csv')
  const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/)
  expect(lines[0]).toBe('VIN,Campaign #,Description,Cell Phone,Cust #,Line,Problems')
  expect(lines).toHaveLength(3)
  expect(lines[1]).toContain(BAD_VIN)
  expect(lines[1]).toContain(',6,')
  expect(lines[1]).toContain('is not a 17-character VIN')
  expect(lines[2]).toContain(NO_CAMPAIGN_VIN)
  expect(lines[2]).toContain(',7,')
  expect(lines[2]).toContain('Recall campaign is required')
  for (const vin of GOOD_VINS) expect(lines.join('\n')).not.toContain(vin)

  // …and the rows loaded, each with what enrichment made of it, to review.
  const review = page.getByRole('region', { name: 'Review' })
  const rows = review.getByRole('table', { name: 'Imported rows to review' }).locator('tbody tr[data-row-id]')
  await expect(rows).toHaveCount(4)
  for (const vin of GOOD_VINS) await expect(rows.filter({ hasText: vin })).toHaveCount(1)
  const statuses = await rows.locator('.badge').allTextContents()
  expect(statuses).toHaveLength(4)
  for (const status of statuses) {
    expect(['Pending', 'Lead created', 'Lead exists', 'Not matched', 'Not textable']).toContain(status)
  }

  // A reviewer rejects a row: the reason is required, then the row's status changes in place.
  const rejected = rows.filter({ hasText: GOOD_VINS[0] })
  const rejectButton = rejected.getByRole('button', { name: /^Reject line \d+ \(VIN / })
  await rejectButton.click()
  const dialog = page.getByRole('dialog', { name: 'Reject row' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(GOOD_VINS[0])
  const confirmReject = dialog.getByRole('button', { name: 'Reject', exact: true })
  await expect(confirmReject).toBeDisabled()
  await dialog.getByLabel('Reason (required)').selectOption({ label: 'The customer no longer owns the vehicle' })
  await expect(confirmReject).toBeEnabled()
  const reviewCall = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/list-of-customer-vehicle-lead\/enrichment\/\d+\/status\/update\/REJECTED\?reasonkey=VEHICLE_SOLD$/.test(r.url()),
  )
  await confirmReject.click()
  expect((await reviewCall).status()).toBe(200)
  await expect(dialog).toBeHidden()
  await expect(rejected.locator('.badge')).toHaveText('Rejected')
  await expect(rejected).toContainText('The customer no longer owns the vehicle')
  await expect(rejectButton).toHaveAttribute('aria-disabled', 'true')
  await expect(rejectButton).toBeFocused()
  await expect(rows).toHaveCount(4)

  // The status filter (in the URL) finds it, alone.
  await review.getByRole('checkbox', { name: 'Rejected', exact: true }).check()
  await expect(page).toHaveURL(/[?&]status=/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(GOOD_VINS[0])
  await review.getByRole('button', { name: 'All statuses' }).click()
  await expect(rows).toHaveCount(4)

  // "Match again" starts an enrichment run over the file and follows it to its end; the decision stays.
  await review.getByRole('button', { name: 'Match again' }).click()
  await expect(page.getByText('Processing has been started successfully')).toBeVisible()
  await expect(review.getByRole('progressbar', { name: 'Matching progress' })).toBeVisible()
  await expect(review.getByTestId('match-result')).toContainText('Matched again', { timeout: 60_000 })
  await expect(rejected.locator('.badge')).toHaveText('Rejected')

  // The upload is listed first under Recall, and opens its report.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Imports' }).click()
  await expect(page).toHaveURL(/\/imports\?type=RECALL$/)
  await expect(page.getByRole('tab', { name: 'Recall', exact: true })).toHaveAttribute('aria-selected', 'true')
  const newest = page.getByRole('table', { name: 'Recall uploads' }).locator('tbody tr[data-row-id]').first()
  await expect(newest).toContainText('recall-campaign.csv')
  await expect(newest).toContainText('Harbor Toyota')
  await expect(newest).toContainText('Completed with errors')
  await expect(newest.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  await page.getByRole('tab', { name: 'FEA alert' }).click()
  await expect(page).toHaveURL(/type=FEA_ALERT/)
  await expect(page.getByRole('table', { name: 'FEA alert uploads' }).locator('tbody tr[data-row-id]').filter({ hasText: 'recall-campaign.csv' })).toHaveCount(0)
})

test('a file without a required column waits in the mapping step, and an unreadable one shows why', async ({ page }) => {
  await openUpload(page, 'office-manager')
  // A store manager has one store: it is chosen already.
  await expect(page.getByLabel('Store')).toHaveValue('1')

  await page.getByLabel('Choose a file').setInputFiles({
    name: 'recalls-no-campaign.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('VIN,Notes\n1HGCM82633A004352,24V-1\n'),
  })
  const mapping = page.getByTestId('mapping-step')
  await expect(mappingSelect(page, 'VIN')).toHaveValue('VIN')
  await expect(mappingSelect(page, 'Recall campaign')).toHaveValue('')
  await expect(page.getByRole('table', { name: 'Column mapping' }).getByRole('row', { name: /Recall campaign/ })).toContainText(
    'Required: choose a column',
  )
  await expect(page.getByTestId('unused-columns')).toHaveText('Not loaded: "Notes".')
  const load = mapping.getByRole('button', { name: 'Load', exact: true })
  await expect(load).toBeDisabled()
  await mappingSelect(page, 'Recall campaign').selectOption('Notes')
  await expect(load).toBeEnabled()

  // Read as another file type, the same file is mapped again.
  await page.getByLabel('File type').selectOption('FEA_ALERT')
  await expect(page.getByLabel('Recall type')).toHaveCount(0)
  await expect(mappingSelect(page, 'Alert code')).toHaveValue('')
  await expect(load).toBeDisabled()

  await mapping.getByRole('button', { name: 'Choose another file' }).click()
  await expect(mapping).toHaveCount(0)
  await page.getByLabel('Choose a file').setInputFiles({
    name: 'recalls-utf16.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\ufeffVIN,Campaign\n', 'utf16le'),
  })
  await expect(page.getByTestId('preview-error')).toContainText('The file is UTF-16 text')
  await expect(mapping).toHaveCount(0)
})

test('roles that do not import see no Imports', async ({ page }) => {
  await logIn(page, 'sales-rep')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Imports', exact: true })).toHaveCount(0)
  await page.goto('/imports')
  await expect(page.getByTestId('imports-unavailable')).toContainText('administrators and managers')
})
