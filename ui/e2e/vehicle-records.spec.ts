import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectAccessible } from './journey'
import { apiToken, logIn } from './log-in'

/**
 * Administration → Vehicle records end to end (docs/decisions/0020-virtual-records.md), against
 * the real server and its demo data: the demo enterprise admin (a manager) records a service
 * done at another shop for a vehicle of the first store, found in the form by the last six
 * characters of its VIN, sees it in the list and deletes it again; records an odometer reading
 * and finds it under Odometer readings; and a reading dated in the future is refused with the
 * server's own words inside the form, which stays open to be corrected.
 */

const ADMIN = 'enterprise-admin'
const STORE_ID = 1
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/

/** A VIN of a vehicle of store 1, read off its sales through the API. */
async function vinOfStore(page: Page): Promise<string> {
  const token = await apiToken(page.request, ADMIN)
  const response = await page.request.post(`/api/boc/1/store/${STORE_ID}/sales/search`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  })
  expect(response.ok()).toBe(true)
  const sales = (await response.json()) as { content: { vin?: string }[] }
  const vin = sales.content.map((sale) => sale.vin).find((v): v is string => !!v && VIN.test(v))
  expect(vin, 'a sold vehicle with a VIN in store 1').toBeTruthy()
  return vin!
}

/** DD/MM/YYYY of the day `daysFromToday` away (in UTC, the day the server checks against). */
function typedDay(daysFromToday: number): string {
  const iso = new Date(Date.now() + daysFromToday * 86_400_000).toISOString()
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
}

/** Opens the form and picks the vehicle found by the end of its VIN. */
async function startRecord(page: Page, vin: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add record' }).click()
  const form = page.getByRole('dialog', { name: 'Add a vehicle record' })
  await expect(form).toBeVisible()
  await form.getByLabel('Find the vehicle').fill(vin.slice(-6))
  const match = form.getByRole('radio', { name: new RegExp(`VIN ${vin}`) })
  await match.check()
  await expect(match).toBeChecked()
  return form
}

test('an enterprise admin records a service done elsewhere and deletes it, records an odometer reading, and sees the server refuse a future reading in the form', async ({
  page,
}) => {
  // Text of this run: a retry on the same server finds its own records, not an earlier run's.
  const run = Date.now().toString(36).toUpperCase()
  const vin = await vinOfStore(page)
  const service = `Oil change at another shop ${run}`
  const note = `Texted by the customer ${run}`

  await logIn(page, ADMIN)
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Vehicle records', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/vehicle-records/)
  await expect(page.getByRole('heading', { name: 'Vehicle records', level: 2 })).toBeVisible()

  // The first store, named in the address; services done elsewhere first.
  await page.getByLabel('Store').selectOption(String(STORE_ID))
  await expect(page).toHaveURL(new RegExp(`store=${STORE_ID}`))
  await expect(page.getByRole('tab', { name: 'Services done elsewhere' })).toHaveAttribute('aria-selected', 'true')
  const services = page.getByRole('table', { name: 'Services done elsewhere' })
  await expect(services).toHaveAttribute('aria-busy', 'false')
  await expectAccessible(page, 'Vehicle records')

  // A service for the vehicle found by its VIN's end: the day is today unless changed.
  const serviceForm = await startRecord(page, vin)
  await expect(serviceForm.getByLabel('Service day')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/)
  await serviceForm.getByLabel('Mileage').fill('12,345')
  await serviceForm.getByLabel('What was done').fill(service)
  await expectAccessible(page, 'the vehicle record form')
  await serviceForm.getByRole('button', { name: 'Save record' }).click()
  await expect(serviceForm).toHaveCount(0)
  const serviceRow = services.getByRole('row').filter({ hasText: service })
  await expect(serviceRow).toContainText(vin)
  await expect(serviceRow).toContainText('12,345 mi')

  // Deleted after a confirmation, it leaves the list.
  await serviceRow.getByRole('button', { name: /^Delete the service/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete the record' })
  await expect(confirm).toContainText(vin)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(services.getByRole('row').filter({ hasText: service })).toHaveCount(0)

  // Odometer readings, in the address too.
  await page.getByRole('tab', { name: 'Odometer readings' }).click()
  await expect(page).toHaveURL(/kind=mileage/)
  const readings = page.getByRole('table', { name: 'Odometer readings' })
  await expect(readings).toBeVisible()

  // A reading dated in the future: the server refuses it, and its words show in the form.
  const readingForm = await startRecord(page, vin)
  await expect(readingForm.getByRole('radio', { name: 'Odometer reading' })).toBeChecked()
  await readingForm.getByLabel('Reading day').fill(typedDay(30))
  await readingForm.getByLabel('Mileage').fill('23456')
  await readingForm.getByLabel('Note').fill(note)
  await readingForm.getByRole('button', { name: 'Save record' }).click()
  await expect(readingForm.getByRole('alert')).toContainText('The day cannot be in the future')
  await expect(readings.getByRole('row').filter({ hasText: note })).toHaveCount(0)

  // Corrected, it is saved and listed under Odometer readings.
  const yesterday = typedDay(-1)
  await readingForm.getByLabel('Reading day').fill(yesterday)
  await readingForm.getByRole('button', { name: 'Save record' }).click()
  await expect(readingForm).toHaveCount(0)
  const readingRow = readings.getByRole('row').filter({ hasText: note })
  await expect(readingRow).toContainText(vin)
  await expect(readingRow).toContainText('23,456 mi')
  await expect(readingRow).toContainText(yesterday)
})
