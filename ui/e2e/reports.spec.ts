import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expectAccessible, openFromMenu } from './journey'
import { logIn } from './log-in'
import { readWorkbook } from './xlsx'

/**
 * The Reports area against the real server and its demo world: a manager opens
 * the monthly report from the picker, sets a month window (kept in the URL and
 * across a reload), reads the spec's columns (E-E2) and the chart, narrows it
 * to one customer type, then switches to the store-wise report (totals row) and
 * to the not-responded list, paging it when it has more than one page. Then it
 * exports the monthly report to XLSX and CSV and downloads both files.
 */

/** The monthly table's headers, in the spec's order (E-S3, E-E2), then Total and Change %. */
const MONTHLY_HEADERS = [
  'Date',
  'Customer type',
  'SPA-SS',
  'SPA-AS',
  'SPA-XX',
  'CL',
  'NR',
  'Appointments',
  'NLO',
  'CPAL',
  'VI',
  'TU',
  'WN',
  'LD',
  'ASA',
  'SALES_INQ',
  'CQ',
  'CC',
  'MISC',
  'FU',
  'OPT-OUT',
  'UNCLASSIFIED',
  'Total',
  'Change %',
]

/**
 * A month window with demo data in it. The demo's conversations started in the
 * 30 days before the server started, so this month holds at least two weeks of
 * them from the 15th on, and last month does before then.
 */
function monthWindowWithData(now = new Date()): { id: string; label: string } {
  return now.getDate() >= 15 ? { id: 'this-month', label: 'This month' } : { id: 'last-month', label: 'Last month' }
}

const reportTable = (page: Page, name: string) => page.getByRole('table', { name, exact: true })
const bodyRows = (page: Page, name: string) => reportTable(page, name).locator('tbody tr[data-row-id]')
const chart = (page: Page) => page.getByTestId('report-chart')

/** Signs in and opens the picker from the navigation. */
async function openReports(page: Page, username = 'enterprise-admin') {
  await logIn(page, username)
  await openFromMenu(page, 'Reports')
  await expect(page).toHaveURL(/\/reports$/)
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
}

/** Picks another report with the switcher in the report's header (the filters go along). */
async function switchReport(page: Page, title: string, kind: string) {
  await page.getByLabel('Report', { exact: true }).selectOption({ label: title })
  await expect(page).toHaveURL(new RegExp(`/reports/${kind}(\\?|$)`))
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
}

test('a manager reads the monthly, store-wise and not-responded reports', async ({ page }) => {
  await openReports(page)
  await expect(page.getByRole('heading', { name: 'Summaries', level: 2 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Lists', level: 2 })).toBeVisible()

  // Monthly, over a month window.
  await page.getByRole('link', { name: /^Monthly report/ }).click()
  await expect(page).toHaveURL(/\/reports\/monthly$/)
  await expect(page.getByRole('heading', { name: 'Monthly report', level: 1 })).toBeVisible()
  const window = monthWindowWithData()
  await page.getByRole('button', { name: window.label, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/reports/monthly\\?window=${window.id}$`))
  await expect(page.getByRole('button', { name: window.label, exact: true })).toHaveAttribute('aria-pressed', 'true')

  const monthly = reportTable(page, 'Monthly report')
  await expect(monthly.getByRole('columnheader')).toHaveText(MONTHLY_HEADERS)
  await expect(bodyRows(page, 'Monthly report').first()).toBeVisible()
  await expect(monthly.locator('tfoot')).toContainText('Total')
  await expect(chart(page).locator('svg').first()).toBeVisible()

  // The URL keeps the window: a reload shows the same report.
  await page.reload()
  await expect(page.getByRole('button', { name: window.label, exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(bodyRows(page, 'Monthly report').first()).toBeVisible()

  // One customer type (monthly and daily only): every row is of it.
  await page.getByLabel('Customer type').selectOption({ label: 'Type A' })
  await expect(page).toHaveURL(/customerType=1/)
  await expect(bodyRows(page, 'Monthly report').first()).toBeVisible()
  const types = await bodyRows(page, 'Monthly report').locator('td:nth-child(2)').allTextContents()
  expect(new Set(types)).toEqual(new Set(['Type A']))

  // Store-wise keeps the window; its totals row adds up the stores.
  await switchReport(page, 'Store-wise', 'store-wise')
  await expect(page).toHaveURL(new RegExp(`window=${window.id}`))
  await expect(page.getByLabel('Customer type')).toHaveCount(0)
  const storeWise = reportTable(page, 'Store-wise')
  await expect(storeWise.getByRole('columnheader', { name: 'Store', exact: true })).toBeVisible()
  await expect(storeWise.getByRole('columnheader', { name: 'Texted', exact: true })).toBeVisible()
  await expect(bodyRows(page, 'Store-wise').first()).toBeVisible()
  await expect(storeWise.locator('tfoot')).toContainText('Total')
  await expect(chart(page).locator('svg').first()).toBeVisible()

  // Not responded: a list, paged on the server (no chart).
  await switchReport(page, 'Not responded', 'not-responded')
  const list = reportTable(page, 'Not responded')
  await expect(list.getByRole('columnheader', { name: 'Customer', exact: true })).toBeVisible()
  await expect(chart(page)).toHaveCount(0)
  await expect(bodyRows(page, 'Not responded').first()).toBeVisible()
  const range = page.locator('.data-table__range')
  await expect(range).toHaveText(/^\d+–\d+ of \d+$/)
  const total = Number((await range.textContent())!.split(' of ')[1])
  if (total > 25) {
    await expect(page.getByText('Page 1 of', { exact: false })).toBeVisible()
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/[?&]page=1(&|$)/)
    // The demo world goes on living (customers answer), so the count may move between pages.
    await expect(range).toHaveText(/^26–\d+ of \d+$/)
    await expect(page.getByText('Page 2 of', { exact: false })).toBeVisible()
    await expect(bodyRows(page, 'Not responded').first()).toHaveAttribute('data-row-id', '25')
  } else {
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()
  }
})

test('a sales rep is offered no reports', async ({ page }) => {
  await logIn(page, 'sales-rep')
  await page.goto('/reports')
  await expect(page.getByText('No reports are available to you.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0)
})

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      fields.push(field)
      field = ''
    } else field += c
  }
  fields.push(field)
  return fields
}

/**
 * Exports the shown report from the Export menu, follows the run to its end
 * (the progress bar, then the succeeded badge and the file's name and rows),
 * and downloads the file: its name and bytes.
 */
async function exportAndDownload(page: Page, menuItem: string, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await page.getByRole('menuitem', { name: menuItem }).click()
  const status = page.getByTestId('report-export').filter({ has: page.getByRole('heading', { name: `${format} export` }) })
  await expect(status).toBeVisible()
  // Done: the run succeeded (the bar gives way to the file) and says how many rows it wrote.
  await expect(status.locator('[data-status]')).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 })
  await expect(status.getByRole('progressbar')).toHaveCount(0)
  await expect(status.getByRole('status')).toContainText(/Ready: bayline-monthly-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.\w+ \(\d+ rows?\)/)
  const [download] = await Promise.all([page.waitForEvent('download'), status.getByTestId('job-download').click()])
  const bytes = await readFile(await download.path())
  return { name: download.suggestedFilename(), bytes }
}

test("journey 4 @journey: a manager's report: the monthly report, a filter, the XLSX export opened with its filters recorded, and the CSV", async ({ page }) => {
  test.setTimeout(60_000)
  const window = monthWindowWithData()
  await openReports(page)
  await page.getByRole('link', { name: /^Monthly report/ }).click()
  await expect(page.getByRole('heading', { name: 'Monthly report', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: window.label, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`window=${window.id}`))
  await page.getByLabel('Customer type').selectOption({ label: 'Type A' })
  await expect(page).toHaveURL(/customerType=1/)
  await expect(bodyRows(page, 'Monthly report').first()).toBeVisible()
  await expectAccessible(page, 'the monthly report')

  // XLSX: a workbook (a zip archive) under the report's name.
  const xlsx = await exportAndDownload(page, 'Excel (XLSX)', 'XLSX')
  expect(xlsx.name).toMatch(/^bayline-monthly-.+\.xlsx$/)
  expect(xlsx.bytes.length).toBeGreaterThan(0)
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK')
  // Opened, the workbook holds the report and, on its own sheet, the filters it was made with.
  const sheets = readWorkbook(xlsx.bytes)
  expect(sheets.map((sheet) => sheet.name)).toContain('Filters')
  const filters = new Map(sheets.find((sheet) => sheet.name === 'Filters')!.rows.map((row) => [row[0], row[1]]))
  expect(filters.get('Report')).toBe('Monthly report')
  expect(filters.get('Customer type')).toBe('Type A')
  expect(filters.get('Stores')).toContain('Harbor Toyota')
  expect(sheets[0]!.rows[0]).toEqual(MONTHLY_HEADERS)
  await page.getByTestId('report-export').getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('report-export')).toHaveCount(0)

  // CSV: its first line is the table's header labels, in the table's order.
  const csv = await exportAndDownload(page, 'CSV', 'CSV')
  expect(csv.name).toMatch(/^bayline-monthly-.+\.csv$/)
  const text = csv.bytes.toString('utf8').replace(/^\uFEFF/, '')
  const [header, firstRow] = text.split(/\r?\n/)
  const labels = await reportTable(page, 'Monthly report').getByRole('columnheader').allTextContents()
  expect(labels).toEqual(MONTHLY_HEADERS)
  expect(csvFields(header!)).toEqual(labels)
  expect(firstRow).toBeTruthy()
})
