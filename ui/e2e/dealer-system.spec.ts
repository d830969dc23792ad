import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible, openFromMenu } from './journey'
import { logIn } from './log-in'

/**
 * The Dealer system view (spec D-S4) end to end, against the real server and
 * its demo data: a store's office manager opens it from the navigation and
 * sees the store's sales; opens the closed repair orders and one order's
 * lines; and looks a vehicle up by the last six characters of a VIN read off
 * the sales table, finding the id the dealer system knows it by. The screen
 * also fits a 390 px phone (only the tables scroll sideways) and passes axe.
 */

const STORE_USER = 'office-manager'
const VIN = /[A-HJ-NPR-Z0-9]{17}$/

/** The data rows of a table (not its loading placeholders nor its empty-state row). */
function dataRows(table: Locator): Locator {
  return table.locator('tbody tr[data-row-id]')
}

/** The cell of `row` under the column headed `header`. */
async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allTextContents()
  const index = headers.findIndex((text) => text.trim() === header)
  expect(index, `a "${header}" column`).toBeGreaterThanOrEqual(0)
  return row.getByRole('cell').nth(index)
}

async function openDealerSystem(page: Page) {
  await logIn(page, STORE_USER)
  await openFromMenu(page, 'Dealer system')
  await expect(page).toHaveURL(/\/dealer-system/)
  await expect(page.getByRole('heading', { name: 'Dealer system', level: 1 })).toBeVisible()
}

test("an office manager reads the store's sales, a closed repair order's lines, and finds a sold vehicle's dealer-system id by the end of its VIN", async ({
  page,
}) => {
  await openDealerSystem(page)

  // Sales first: the store's, newest first, counted.
  await expect(page.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true')
  const sales = page.getByRole('table', { name: 'Sales' })
  const sale = dataRows(sales).first()
  await expect(sale).toBeVisible()
  await expect(page.getByRole('tabpanel', { name: 'Sales' }).getByText(/^[\d,]+ sales?$/)).toBeVisible()
  const vin = (await (await cellUnder(sales, sale, 'Vehicle')).textContent())?.match(VIN)?.[0]
  expect(vin, 'a VIN in the vehicle column').toBeTruthy()
  const dealNumber = (await (await cellUnder(sales, sale, 'Deal #')).textContent())!.trim()

  // A search by the deal number finds that sale, and is kept in the URL.
  await page.getByRole('searchbox', { name: 'Search sales' }).fill(dealNumber)
  await page.getByRole('searchbox', { name: 'Search sales' }).press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(dealNumber)}`))
  await expect(sales).toHaveAttribute('aria-busy', 'false')
  await expect(dataRows(sales)).toHaveCount(1)
  await expect(dataRows(sales)).toContainText(dealNumber)
  await page.getByRole('searchbox', { name: 'Search sales' }).fill('')
  await page.getByRole('searchbox', { name: 'Search sales' }).press('Enter')
  await expect(page).not.toHaveURL(/q=/)

  // Those that came back for service carry the day of their latest closed service.
  await page.getByLabel('Came back for service').check()
  await expect(page).toHaveURL(/service=true/)
  await expect(sales).toHaveAttribute('aria-busy', 'false')
  const served = dataRows(sales).first()
  await expect(served).toBeVisible()
  await expect(await cellUnder(sales, served, 'Last closed service')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/)

  // Closed repair orders: a row opens its lines under the table.
  await page.getByRole('tab', { name: 'Closed repair orders' }).click()
  await expect(page).toHaveURL(/tab=closed/)
  await expect(page).not.toHaveURL(/service=/)
  const closed = page.getByRole('table', { name: 'Closed repair orders' })
  const order = dataRows(closed).first()
  await expect(order).toBeVisible()
  const roNumber = (await (await cellUnder(closed, order, 'RO #')).textContent())!.trim()
  await order.click()
  await expect(order).toHaveAttribute('aria-selected', 'true')
  const lines = page.getByRole('table', { name: `Lines of repair order ${roNumber}` })
  await expect(dataRows(lines).first()).toBeVisible()
  await expect(lines.getByRole('columnheader', { name: 'Op code' })).toBeVisible()
  await expect(await cellUnder(lines, dataRows(lines).first(), 'Op code')).not.toHaveText('')
  await page.getByRole('region', { name: `Lines of repair order ${roNumber}` }).getByRole('button', { name: 'Close' }).click()
  await expect(lines).toHaveCount(0)

  // Vehicle lookup: nothing is asked for until three characters are typed; then the end of the VIN finds the vehicle.
  await page.getByRole('tab', { name: 'Vehicle lookup' }).click()
  await expect(page).toHaveURL(/tab=vehicles/)
  const vehicles = page.getByRole('table', { name: 'Vehicles' })
  const search = page.getByRole('searchbox', { name: 'Search vehicles' })
  await search.fill(vin!.slice(-2))
  await search.press('Enter')
  await expect(vehicles.getByText(/Type at least 3 characters/)).toBeVisible()
  await search.fill(vin!.slice(-6))
  await search.press('Enter')
  const vehicle = dataRows(vehicles).filter({ hasText: vin! })
  await expect(vehicle).toHaveCount(1)
  await expect(await cellUnder(vehicles, vehicle, 'Dealer system vehicle ID')).toHaveText(/^\d+$/)
  await expect(page.getByRole('tabpanel', { name: 'Vehicle lookup' }).getByText(/^[\d,]+ vehicles?$/)).toBeVisible()
})

test('the Dealer system view fits a 390 px phone: only its tables scroll sideways, and it passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openDealerSystem(page)
  await expect(dataRows(page.getByRole('table', { name: 'Sales' })).first()).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await expectAccessible(page, 'Dealer system, sales')

  await page.getByRole('tab', { name: 'Closed repair orders' }).click()
  const closed = page.getByRole('table', { name: 'Closed repair orders' })
  await dataRows(closed).first().click()
  await expect(page.getByRole('region', { name: /^Lines of repair order / })).toBeVisible()
  expect(await overflow()).toBeLessThanOrEqual(0)
  await expectAccessible(page, 'Dealer system, closed repair orders')
})
