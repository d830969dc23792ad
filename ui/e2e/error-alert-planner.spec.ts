import { expect, test, type APIRequestContext } from '@playwright/test'
import { apiToken, logIn } from './log-in'

/**
 * The Planners screen's Toyota error alert view end to end, against the real
 * server and its demo world: a customer and vehicle of this run loaded into
 * Harbor Toyota (a DMS customer-vehicle file), an FEA alert file for that VIN
 * (which makes the error-alert lead), both through the import API; then the
 * view lists the lead for the store, and says the leads are not transferred
 * here. Every run makes its own customer and VIN, so it can run again.
 */

/** Posts a file to the import API for `storeId` and waits for its load to succeed. */
async function importFile(request: APIRequestContext, token: string, storeId: number, fileType: string, name: string, text: string) {
  const headers = { Authorization: `Bearer ${token}` }
  const started = await request.post(`/api/data-sync/import?store_id_pk=${storeId}&file_type=${fileType}`, {
    headers,
    multipart: { multipartFile: { name, mimeType: 'text/csv', buffer: Buffer.from(text) } },
  })
  expect(started.status(), await started.text()).toBe(202)
  const { jobRunId } = (await started.json()) as { jobRunId: number }
  await expect
    .poll(
      async () => {
        const detail = (await (await request.get(`/api/jobs/${jobRunId}`, { headers })).json()) as { run: { status: string } }
        return detail.run.status
      },
      { timeout: 45_000 },
    )
    .toBe('succeeded')
}

test('an enterprise admin sees the lead an FEA alert file made under Toyota error alert', async ({ page, request }) => {
  // The queue may take a while to pick the loads up after the server sat idle.
  test.setTimeout(120_000)
  const token = await apiToken(request, 'enterprise-admin')
  const stores = (await (
    await request.get('/api/enterprise/1/store', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number; storeName: string }[]
  const store = stores.find((s) => s.storeName === 'Harbor Toyota')
  expect(store, JSON.stringify(stores)).toBeDefined()

  // This run's customer: its own number, name, phone and VIN (no I, O or Q in a VIN).
  const stamp = String(Date.now()).padStart(13, '0')
  const custNo = `FEA${stamp}`
  const lastName = `Alert${[...stamp.slice(-6)].map((d) => 'ABCDEFGHJK'[Number(d)]).join('').toLowerCase()}`
  const phone = `(410) 5${stamp.slice(-6, -4)}-${stamp.slice(-4)}`
  const vin = `JTMW${stamp}`
  const today = new Date().toISOString().slice(0, 10)

  await importFile(
    request,
    token,
    store!.id,
    'DMS_CUSTOMER_VEHICLES',
    `fea-customer-${stamp}.csv`,
    `Cust #,Last Name,First Name,Cell Phone,Email,VIN,Make,Model,Year,Odometer\n${custNo},${lastName},Nadia,${phone},,${vin},Toyota,RAV4,2019,42100\n`,
  )
  await importFile(request, token, store!.id, 'FEA_ALERT', `fea-alert-${stamp}.csv`, `VIN,DTC,Date,Description\n${vin},P0420,${today},Catalyst efficiency below threshold\n`)

  await logIn(page, 'enterprise-admin')
  await page.getByRole('link', { name: 'Planners' }).click()
  await expect(page).toHaveURL(/\/planners$/)
  await page.getByRole('radio', { name: 'Toyota error alert' }).check()
  await expect(page).toHaveURL(/[?&]planner=toyota-error-alert/)
  await page.getByLabel('Store').selectOption({ label: 'Harbor Toyota' })
  await expect(page).toHaveURL(new RegExp(`[?&]store=${store!.id}`))

  // Not a prediction: no window, no preview or transfer, no transfer history.
  await expect(page.getByRole('heading', { name: 'Toyota error alert leads' })).toBeVisible()
  await expect(page.getByText('No preview or transfer here: uploading the alert file made these leads.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Transfer' })).toHaveCount(0)
  await expect(page.getByLabel('Min days')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Transfer history' })).toHaveCount(0)

  const table = page.getByRole('table', { name: 'Toyota error alert leads' })
  // Newest first: this run's lead leads the list.
  const row = table.locator('tbody tr[data-row-id]').filter({ hasText: `Nadia ${lastName}` })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`#${custNo}`)
  await expect(row).toContainText(`VIN ${vin}`)
  await expect(row).toContainText('Harbor Toyota')
  await expect(row).toContainText('Toyota error alert')
  await expect(row).toContainText('Not started')

  // The customer number narrows the list to this run's lead.
  await page.getByLabel('Customer number').fill(custNo)
  await expect(page).toHaveURL(new RegExp(`[?&]custNo=${custNo}`))
  await expect(table.locator('tbody tr[data-row-id]')).toHaveCount(1)
  await expect(page.getByText('1 from alert files · Harbor Toyota')).toBeVisible()

  // Lexus too: both service types are asked; this Toyota's lead stays.
  const lexusCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/lisa/fea' && r.postDataJSON()?.serviceTypes?.length === 2)
  await page.getByLabel('Include Lexus').check()
  await expect(page).toHaveURL(/[?&]lexus=true/)
  expect((await lexusCall).postDataJSON()).toMatchObject({ serviceTypes: ['TOYOTA_ERROR_ALERT', 'LEXUS_ERROR_ALERT'], storeIds: [store!.id] })
  await expect(page.getByRole('table', { name: 'Toyota and Lexus error alert leads' }).locator('tbody tr[data-row-id]')).toHaveCount(1)

  // The days the alerts arrived: a month long past holds none; cleared, this run's lead is back.
  await page.getByLabel('Alerts from').fill('01/01/2020')
  await page.getByLabel('Alerts to').fill('31/01/2020')
  await expect(page).toHaveURL(/[?&]alertsTo=2020-01-31/)
  await expect(page.getByTestId('error-alerts-empty')).toBeVisible()
  await page.getByLabel('Alerts from').fill('')
  await page.getByLabel('Alerts to').fill('')
  await expect(page).not.toHaveURL(/alertsFrom|alertsTo/)
  await expect(page.getByRole('table', { name: 'Toyota and Lexus error alert leads' }).locator('tbody tr[data-row-id]')).toHaveCount(1)

  // A customer with no alert: the empty state says how the leads are made and links to the upload.
  await page.getByLabel('Customer number').fill(`NONE${stamp}`)
  const empty = page.getByTestId('error-alerts-empty')
  await expect(empty).toContainText('uploading an FEA alert file')
  await empty.getByRole('link', { name: 'Upload an alert file' }).click()
  await expect(page).toHaveURL(/\/imports\/upload\?type=FEA_ALERT/)
})
