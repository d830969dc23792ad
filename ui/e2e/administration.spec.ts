import { expect, test, type Page } from '@playwright/test'
import { logIn } from './log-in'

/**
 * The Administration area end to end, against the real server and its demo
 * world: the demo enterprise admin creates a dealer, a store under it (brand,
 * time zone; the form refuses a missing code before sending) and a store-level
 * sales rep with a password in that store; the new user signs in and lands on
 * the lead manager. Also: a PNG logo uploaded in the Enterprise section shows
 * in the app shell's header (a wrong file is refused in the browser) and goes
 * again when removed; and a password link that is not valid is refused with the
 * server's words. And the "Done when": SUPER_ADMIN creates a new
 * enterprise from the company master list and, from the UI alone, its dealer,
 * store, a number bought from the simulator with a test SMS, the store's
 * assistant and a store-level office manager, who signs in, brings a customer
 * in through Imports (the only UI path that adds customers to a store: DMS
 * customers & vehicles, then a recall file that makes the lead), starts the
 * conversation and texts the customer.
 */

const ADMIN = 'enterprise-admin'

/** Codes and names of this run: a retry on the same server makes new ones instead of colliding. */
const RUN = Date.now().toString(36).toUpperCase()

/** A 2×2 PNG (red), built once: the server checks a logo's bytes, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)

async function openAdministration(page: Page) {
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await expect(page).toHaveURL(/\/admin(\?|$)/)
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible()
}

type Section = 'Enterprise' | 'Dealers' | 'Stores' | 'Users' | 'Numbers & SMS' | 'Assistants' | 'Audit log'

async function openSection(page: Page, name: Section) {
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
}

/** A dealer in the enterprise shown, from the Dealers section. */
async function createDealer(page: Page, dealer: { code: string; name: string }) {
  await openSection(page, 'Dealers')
  await page.getByRole('button', { name: 'New dealer' }).click()
  const form = page.getByRole('dialog', { name: 'New dealer' })
  await form.getByLabel('Dealer code', { exact: true }).fill(dealer.code)
  await form.getByLabel('Dealer name', { exact: true }).fill(dealer.name)
  await form.getByRole('button', { name: 'Create dealer' }).click()
  await expect(form).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Dealers' }).getByRole('row').filter({ hasText: dealer.code })).toContainText(dealer.name)
}

test('an enterprise admin sets up a dealer, a store and a sales rep, who then signs in to the lead manager', async ({ page }) => {
  const dealer = { code: `E2E-D-${RUN}`, name: `E2E Motors ${RUN}` }
  const store = { code: `E2E-S-${RUN}`, name: `E2E Toyota ${RUN}` }
  const rep = { username: `e2e-rep-${RUN.toLowerCase()}`, password: 'rep-password-1', firstName: 'Erin', lastName: `Rep${RUN}` }

  await logIn(page, ADMIN)
  await openAdministration(page)

  // A dealer.
  await openSection(page, 'Dealers')
  await page.getByRole('button', { name: 'New dealer' }).click()
  const dealerForm = page.getByRole('dialog', { name: 'New dealer' })
  await dealerForm.getByLabel('Dealer code', { exact: true }).fill(dealer.code)
  await dealerForm.getByLabel('Dealer name', { exact: true }).fill(dealer.name)
  await dealerForm.getByRole('button', { name: 'Create dealer' }).click()
  await expect(dealerForm).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Dealers' }).getByRole('row').filter({ hasText: dealer.code })).toContainText(dealer.name)

  // A store under it: a missing code is refused before anything is sent.
  await openSection(page, 'Stores')
  await page.getByRole('button', { name: 'New store' }).click()
  const storeForm = page.getByRole('dialog', { name: 'New store' })
  await expect(storeForm.getByLabel('Time zone', { exact: true })).toHaveValue('America/New_York')
  await storeForm.getByLabel('Dealer', { exact: true }).selectOption({ label: `${dealer.name} (${dealer.code})` })
  await storeForm.getByLabel('Store name', { exact: true }).fill(store.name)
  await storeForm.getByRole('button', { name: 'Create store' }).click()
  await expect(storeForm.getByText('Store code is required')).toBeVisible()
  await storeForm.getByLabel('Store code', { exact: true }).fill(store.code)
  await storeForm.getByLabel('Brand', { exact: true }).selectOption({ label: 'Toyota' })
  await storeForm.getByLabel('Time zone', { exact: true }).selectOption('America/Chicago')
  await storeForm.getByLabel('Sunday open').check()
  await storeForm.getByLabel('Sunday opens').fill('10:00')
  await storeForm.getByLabel('Sunday closes').fill('14:00')
  await storeForm.getByRole('button', { name: 'Create store' }).click()
  await expect(storeForm).toHaveCount(0)
  const storeRow = page.getByRole('table', { name: 'Stores' }).getByRole('row').filter({ hasText: store.code })
  await expect(storeRow).toContainText(store.name)
  await expect(storeRow).toContainText('Toyota')
  await expect(storeRow).toContainText('America/Chicago')
  await expect(storeRow).toContainText(dealer.name)

  // A store-level sales rep with a password, in that store.
  await openSection(page, 'Users')
  await page.getByRole('button', { name: 'New user' }).click()
  const userForm = page.getByRole('dialog', { name: 'New user' })
  await userForm.getByLabel('Username', { exact: true }).fill(rep.username)
  await userForm.getByLabel('Password', { exact: true }).fill(rep.password)
  await userForm.getByLabel('First name', { exact: true }).fill(rep.firstName)
  await userForm.getByLabel('Last name', { exact: true }).fill(rep.lastName)
  await userForm.getByLabel('Level', { exact: true }).selectOption('STORE')
  await userForm.getByRole('button', { name: 'Create user' }).click()
  // Nothing sent yet: the form names what is missing.
  await expect(userForm.getByText('Give at least one role')).toBeVisible()
  await expect(userForm.getByText('Choose the store of a store-level user')).toBeVisible()
  await userForm.getByLabel('Store', { exact: true }).selectOption({ label: store.name })
  await userForm.getByLabel('Add a role').selectOption({ label: 'Sales rep' })
  await expect(userForm.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText([/^Sales rep/])
  await userForm.getByRole('button', { name: 'Create user' }).click()
  await expect(userForm).toHaveCount(0)
  // The dealer's and the store's notices may still show too: the newest is the user's.
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Created' }).last()).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search users' }).fill(rep.username)
  const userRow = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: rep.username })
  await expect(userRow).toContainText(store.name)
  await expect(userRow).toContainText('Sales rep')

  // The new user signs in and lands on the lead manager.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await logIn(page, rep.username, rep.password)
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect(page.getByRole('heading', { name: 'Lead manager' })).toBeVisible()
  await expect(page.getByTestId('user-name')).toHaveText(`${rep.firstName} ${rep.lastName}`)
  await expect(page.getByRole('link', { name: 'Administration', exact: true })).toHaveCount(0)
})

test('a super data admin, who manages no users, finds Administration and lands on texting set-up', async ({ page }) => {
  await logIn(page, 'super-data-admin')
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/telephony/)
  await expect(page.getByRole('heading', { name: 'Numbers & SMS', level: 2 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0)
})

test('an enterprise admin uploads a PNG logo and sees it in the header, then removes it', async ({ page }) => {
  await logIn(page, ADMIN)
  await openAdministration(page)
  const header = page.locator('.app__header')
  await expect(page.getByText('No logo yet')).toBeVisible()

  // A file that is not an image is refused in the browser.
  await page.getByTestId('logo-file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
  await expect(page.getByTestId('logo-help')).toHaveText('logo.txt is not a PNG, JPEG or GIF image')
  await expect(header.getByTestId('enterprise-logo')).toHaveCount(0)

  await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(page.getByTestId('admin-logo-image')).toBeVisible()
  const logo = header.getByTestId('enterprise-logo')
  await expect(logo).toBeVisible()
  await expect(logo).toHaveAttribute('src', /^blob:/)
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)

  // It stays after a reload (fetched again with the session's token).
  await page.reload()
  await expect(header.getByTestId('enterprise-logo')).toBeVisible()

  await page.getByRole('button', { name: 'Remove logo' }).click()
  await page.getByRole('dialog', { name: 'Remove the logo' }).getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Deleted' })).toBeVisible()
  await expect(header.getByTestId('enterprise-logo')).toHaveCount(0)
  await expect(page.getByText('No logo yet')).toBeVisible()
})

test('a password link that is not valid is refused with the server\'s words', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('The password must have at least 8 characters')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('a-long-password')
  await page.getByLabel('Repeat the password', { exact: true }).fill('a-long-password')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByTestId('reset-refused')).toContainText('invalid or has expired')
  await page.getByRole('link', { name: 'Go to sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

/** Uploads a one-file import for a store through the Imports screens and waits until its row is loaded. */
async function importFile(page: Page, storeName: string, fileType: string, text: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Imports', exact: true }).click()
  await page.getByRole('link', { name: 'Upload a file' }).click()
  await expect(page.getByRole('heading', { name: 'Upload a data file' })).toBeVisible()
  await page.getByLabel('Store').selectOption({ label: storeName })
  await page.getByLabel('File type').selectOption(fileType)
  const dataTransfer = await page.evaluateHandle((csv) => {
    const transfer = new DataTransfer()
    transfer.items.add(new File([csv], 'file.csv', { type: 'text/csv' }))
    return transfer
  }, text)
  const zone = page.getByTestId('drop-zone')
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
  await page.getByTestId('mapping-step').getByRole('button', { name: 'Load', exact: true }).click()
  const report = page.getByTestId('import-report')
  await expect(report.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(report.getByTestId('count-insertedRows')).toHaveText('1', { timeout: 20_000 })
}

test('SUPER_ADMIN sets up a new enterprise from the UI alone: dealer, store, a bought number and a test SMS, an assistant and an office manager, who signs in, imports a customer and texts them', async ({ page }) => {
  test.setTimeout(180_000)
  const enterprise = { code: `E2E-ENT-${RUN}`, name: `E2E Enterprise ${RUN}` }
  const dealer = { code: `E2E-ND-${RUN}`, name: `E2E New Motors ${RUN}` }
  const store = { code: `E2E-NS-${RUN}`, name: `E2E New Honda ${RUN}` }
  const manager = { username: `e2e-om-${RUN.toLowerCase()}`, password: 'manager-password-1', firstName: 'Omar', lastName: `Office${RUN}` }

  // A new enterprise, from the company master list.
  await logIn(page, 'super-admin')
  await page.getByRole('link', { name: 'Company master list', exact: true }).click()
  await page.getByRole('link', { name: 'New enterprise' }).click()
  const enterpriseForm = page.getByRole('dialog', { name: 'New enterprise' })
  await enterpriseForm.getByLabel('Name', { exact: true }).fill(enterprise.name)
  await enterpriseForm.getByLabel('Code', { exact: true }).fill(enterprise.code)
  await enterpriseForm.getByRole('button', { name: 'Create enterprise' }).click()
  await expect(enterpriseForm).toHaveCount(0)
  // Its Administration opens on it.
  await expect(page).toHaveURL(/\/admin\?enterprise=\d+/)
  const enterpriseId = Number(new URL(page.url()).searchParams.get('enterprise'))
  await expect(page.getByRole('combobox', { name: 'Enterprise' })).toHaveValue(String(enterpriseId))

  await createDealer(page, dealer)

  // A store under the dealer.
  await openSection(page, 'Stores')
  await page.getByRole('button', { name: 'New store' }).click()
  const storeForm = page.getByRole('dialog', { name: 'New store' })
  await storeForm.getByLabel('Dealer', { exact: true }).selectOption({ label: `${dealer.name} (${dealer.code})` })
  await storeForm.getByLabel('Store code', { exact: true }).fill(store.code)
  await storeForm.getByLabel('Store name', { exact: true }).fill(store.name)
  await storeForm.getByLabel('Brand', { exact: true }).selectOption({ label: 'Toyota' })
  await storeForm.getByRole('button', { name: 'Create store' }).click()
  await expect(storeForm).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Stores' }).getByRole('row').filter({ hasText: store.code })).toContainText(store.name)

  // Numbers & SMS: the simulator (the default gateway) offers numbers; one is bought, then a test text goes out from it.
  await openSection(page, 'Numbers & SMS')
  await expect(page.getByLabel('Store', { exact: true })).toHaveValue(/\d+/)
  await expect(page.getByTestId('no-numbers')).toBeVisible()
  const find = page.getByRole('form', { name: 'Find numbers' })
  await find.getByRole('button', { name: 'Find numbers' }).click()
  const buy = page.getByRole('button', { name: /^Buy / }).first()
  await expect(buy).toBeVisible()
  const bought = ((await buy.getAttribute('aria-label')) ?? '').replace(/^Buy /, '').trim()
  await buy.click()
  await expect(page.getByTestId('number-bought')).toContainText('the store now texts from it')
  await expect(page.getByRole('table', { name: 'Owned numbers' })).toContainText(bought)
  const testSms = page.getByRole('form', { name: 'Send a test SMS' })
  await testSms.getByLabel('To number', { exact: true }).fill('+14105550199')
  await testSms.getByRole('button', { name: 'Send test SMS' }).click()
  await expect(page.getByTestId('test-sms-sent')).toContainText('SMS Sent Successfully.')

  // Assistants: the store has none until it is given one.
  await openSection(page, 'Assistants')
  await expect(page.getByTestId('stores-without-assistant')).toContainText(store.name)
  await page.getByRole('button', { name: 'New assistant' }).click()
  const assistantForm = page.getByRole('dialog', { name: 'New assistant' })
  await assistantForm.getByLabel('Store', { exact: true }).selectOption({ label: `${store.name} (${store.code})` })
  await expect(assistantForm.getByLabel('Division', { exact: true })).toHaveValue('DIV004')
  await assistantForm.getByLabel('First name', { exact: true }).fill('Ava')
  await assistantForm.getByLabel('Last name', { exact: true }).fill(`Assist${RUN}`)
  await assistantForm.getByLabel('Phone number', { exact: true }).fill('410-555-01')
  await assistantForm.getByRole('button', { name: 'Create assistant' }).click()
  await expect(assistantForm.getByText('must have 10 digits (or 11 starting with 1)')).toBeVisible()
  await assistantForm.getByLabel('Phone number', { exact: true }).fill('410-555-0123')
  await assistantForm.getByRole('button', { name: 'Create assistant' }).click()
  await expect(assistantForm).toHaveCount(0)
  const assistantRow = page.getByRole('table', { name: 'Assistants' }).getByRole('row').filter({ hasText: store.code })
  await expect(assistantRow).toContainText(`Ava Assist${RUN}`)
  await expect(assistantRow.getByRole('switch', { name: `Replies for ${store.name} (${store.code})` })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('stores-without-assistant')).toHaveCount(0)

  // Users: a store-level office manager with a password.
  await openSection(page, 'Users')
  await page.getByRole('button', { name: 'New user' }).click()
  const userForm = page.getByRole('dialog', { name: 'New user' })
  await userForm.getByLabel('Username', { exact: true }).fill(manager.username)
  await userForm.getByLabel('Password', { exact: true }).fill(manager.password)
  await userForm.getByLabel('First name', { exact: true }).fill(manager.firstName)
  await userForm.getByLabel('Last name', { exact: true }).fill(manager.lastName)
  await userForm.getByLabel('Level', { exact: true }).selectOption('STORE')
  await userForm.getByLabel('Store', { exact: true }).selectOption({ label: store.name })
  await userForm.getByLabel('Add a role').selectOption({ label: 'Office manager' })
  await userForm.getByRole('button', { name: 'Create user' }).click()
  await expect(userForm).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search users' }).fill(manager.username)
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: manager.username })).toContainText(store.name)

  // The new user signs in, to the lead manager of the new store.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await logIn(page, manager.username, manager.password)
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect(page.getByRole('heading', { name: 'Lead manager' })).toBeVisible()
  await expect(page.getByTestId('user-name')).toHaveText(`${manager.firstName} ${manager.lastName}`)

  // The admin's test text is on the simulator, though no customer has that number.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SMS simulator' }).click()
  const testText = page.getByTestId('test-text').filter({ hasText: '(410)-555-0199' })
  await expect(testText).toContainText('this number\'s SMS configuration works')
  await expect(testText).toContainText(store.name)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lead manager' }).click()

  // The new store has no customers; staff bring them in through Imports: the store's DMS
  // customers and vehicles, then a recall file, whose row for that customer's VIN makes a lead.
  const vin = '5YF6JUVU5TA000048'
  await importFile(page, store.name, 'DMS_CUSTOMER_VEHICLES', `Cust #,LName,FIRST NAME,Cell Phone,VIN Number,Make,Model,Yr\nN-${RUN},Customer${RUN},Casey,(410) 553-7170,${vin},Toyota,Corolla,2024\n`)
  await importFile(page, store.name, 'RECALL', `VIN,Campaign #,Description,Cell Phone,Cust #\n${vin},24V-${RUN},Fuel pump may fail,(410) 553-7170,N-${RUN}\n`)

  // Back on the lead manager, the customer's lead waits among those not contacted yet: the manager
  // starts the conversation (the store's number sends the opening text), then texts the customer.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lead manager', exact: true }).click()
  await page.getByRole('button', { name: 'More lists' }).click()
  await page.getByRole('menu', { name: 'More lists' }).getByRole('menuitem', { name: 'First interaction' }).click()
  await page.getByRole('button', { name: /^Start conversation with / }).first().click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Started' })).toBeVisible()
  const box = page.getByTestId('chat-box').first()
  await expect(box.getByTestId('chat-message').first()).toBeVisible()
  const input = box.getByRole('textbox', { name: 'Message' })
  await input.fill(`Your recall repair is ready to book (${RUN})`)
  await input.press('Enter')
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Sent' })).toBeVisible()
  await expect(box.getByRole('log', { name: 'Messages' }).getByTestId('chat-message').filter({ hasText: `(${RUN})` })).toBeVisible()
})
