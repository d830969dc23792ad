import { expect, test, type Locator, type Page } from '@playwright/test'
import { CHAT_SECRET } from './fake-twilio-chat'
import { expectAccessible } from './journey'
import { logIn } from './log-in'

/**
 * Administration settings end to end, against the real server and its demo data, as a person
 * does them from the first screen: SUPER_ADMIN adds a brand, renames it and deletes it (and is
 * told in the server's words that a brand stores carry cannot go); the demo enterprise admin
 * turns the assistant to assist-only and back (decision 0022); and saves the enterprise's chat
 * credentials and tests them against a fake Twilio Conversations (e2e/fake-twilio-chat.ts):
 * good ones are 'Successfully Tested' and Authenticated, a wrong secret is 'Invalid
 * Credentials.' and the page loads again (H-R5, H-R6).
 */

const ADMIN = 'enterprise-admin'

/** Codes and names of this run: a retry on the same server makes new ones instead of colliding. */
const RUN = Date.now().toString(36).toUpperCase()

/** A Twilio SID: its prefix and 32 hex digits (this run's, so a retry saves a change). */
function sid(prefix: 'AC' | 'SK' | 'IS'): string {
  return `${prefix}${RUN.toLowerCase().replace(/[^0-9a-f]/g, '0').padEnd(32, 'a').slice(0, 32)}`
}

async function openAdministration(page: Page) {
  await page.getByRole('link', { name: 'Administration', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible()
}

async function openSection(page: Page, name: 'Enterprise' | 'Numbers & SMS' | 'Brands') {
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
}

/** The newest notice with `text`: earlier ones may still show. */
function notice(page: Page, text: string): Locator {
  return page.getByTestId('notice').filter({ hasText: text }).last()
}

test('SUPER_ADMIN adds a brand, renames it and deletes it, and may not delete one that stores carry', async ({ page }) => {
  const brand = { code: `E2E-${RUN}`, name: `E2E Motors ${RUN}`, renamed: `E2E Motor Works ${RUN}` }

  await logIn(page, 'super-admin')
  await openAdministration(page)
  await openSection(page, 'Brands')
  await expect(page).toHaveURL(/\/admin\/brands/)
  const brands = page.getByRole('table', { name: 'Brands' })
  await expect(brands).toHaveAttribute('aria-busy', 'false')
  const toyota = brands.getByRole('row').filter({ has: page.getByRole('cell', { name: 'TOYOTA', exact: true }) })
  await expect(toyota).toBeVisible()
  await expectAccessible(page, 'Brands')

  // A new brand: its code is kept in capitals; no store carries it yet.
  await page.getByRole('button', { name: 'Add brand' }).click()
  const addForm = page.getByRole('dialog', { name: 'New brand' })
  await addForm.getByLabel('Brand code', { exact: true }).fill(brand.code.toLowerCase())
  await addForm.getByLabel('Brand name', { exact: true }).fill(brand.name)
  await expectAccessible(page, 'the new brand form')
  await addForm.getByRole('button', { name: 'Add brand' }).click()
  await expect(addForm).toHaveCount(0)
  const row = brands.getByRole('row').filter({ hasText: brand.code })
  await expect(row).toContainText(brand.name)
  await expect(row.getByRole('cell').nth(2)).toHaveText('0')

  // Renamed, it keeps its code.
  await row.getByRole('button', { name: `Rename ${brand.name}` }).click()
  const renameForm = page.getByRole('dialog', { name: `Rename brand ${brand.code}` })
  await expect(renameForm.getByLabel('Brand code', { exact: true })).toHaveValue(brand.code)
  await renameForm.getByLabel('Brand name', { exact: true }).fill(brand.renamed)
  await renameForm.getByRole('button', { name: 'Save' }).click()
  await expect(renameForm).toHaveCount(0)
  await expect(notice(page, 'Successfully Updated')).toBeVisible()
  await expect(row).toContainText(brand.renamed)

  // Deleted after a confirmation, it leaves the list.
  await row.getByRole('button', { name: `Delete ${brand.renamed}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete the brand' })
  await expect(confirm).toContainText(brand.code)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(notice(page, 'Successfully Deleted')).toBeVisible()
  await expect(brands.getByRole('row').filter({ hasText: brand.code })).toHaveCount(0)

  // A brand the demo stores carry stays, and the server says why.
  await toyota.getByRole('button', { name: /^Delete / }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(notice(page, 'store(s); give them another brand first')).toBeVisible()
  await expect(toyota).toHaveCount(1)
})

test('an enterprise admin turns the assistant to assist-only and back', async ({ page }) => {
  await logIn(page, ADMIN)
  await openAdministration(page)
  const settings = page.getByRole('form', { name: 'Assistant and inbound view' })
  await expect(page.getByRole('heading', { name: 'Assistant and inbound view', level: 2 })).toBeVisible()
  const fully = settings.getByRole('checkbox', { name: 'The assistant runs conversations by itself' })
  await expect(fully).toBeVisible()
  await expect(settings.getByLabel('Assistant file for stores without their own')).toBeVisible()
  await expectAccessible(page, 'the enterprise settings')

  // Assist-only: said in words an admin understands, and kept after a reload.
  await fully.uncheck()
  await expect(settings.getByTestId('assistant-mode')).toContainText('it only assists')
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(notice(page, 'Successfully Updated')).toBeVisible()
  await page.reload()
  await expect(fully).not.toBeChecked()
  await expect(settings.getByTestId('assistant-mode')).toContainText('it only assists')

  // And back: the assistant runs conversations by itself again.
  await fully.check()
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(notice(page, 'Successfully Updated')).toBeVisible()
  await page.reload()
  await expect(fully).toBeChecked()
  await expect(settings.getByTestId('assistant-mode')).toContainText('it answers customers')
})

test("an enterprise admin saves the chat credentials and tests them: good ones are authenticated, a wrong secret is 'Invalid Credentials.' and the page reloads", async ({
  page,
}) => {
  const chatBase = `http://127.0.0.1:${process.env.BAYLINE_E2E_CHAT_PORT}`

  await logIn(page, ADMIN)
  await openAdministration(page)
  await openSection(page, 'Numbers & SMS')
  await expect(page.getByRole('heading', { name: 'Chat (Twilio Conversations)', level: 2 })).toBeVisible()
  const chat = page.getByRole('form', { name: 'Chat credentials' })
  const status = page.getByTestId('chat-status')

  // Saved credentials are untested until tested.
  await chat.getByLabel('Account SID', { exact: true }).fill(sid('AC'))
  await chat.getByLabel('API key SID', { exact: true }).fill(sid('SK'))
  await chat.getByLabel('API key secret', { exact: true }).fill(CHAT_SECRET)
  await chat.getByLabel('Conversations service SID', { exact: true }).fill(sid('IS'))
  await chat.getByLabel('API base URL', { exact: true }).fill(chatBase)
  await chat.getByRole('button', { name: 'Save chat credentials' }).click()
  await expect(notice(page, 'Successfully Updated')).toBeVisible()
  await expect(status).toHaveText('Not tested')
  await expect(chat.getByLabel('API key secret', { exact: true })).toHaveValue('')
  await expect(chat.getByText('leave empty to keep it')).toBeVisible()
  await expectAccessible(page, 'Numbers & SMS with the chat credentials')

  // Good credentials: 'Successfully Tested', and the connection is marked authenticated.
  await chat.getByRole('button', { name: 'Test connection' }).click()
  await expect(notice(page, 'Successfully Tested')).toBeVisible()
  await expect(status).toHaveText('Authenticated')

  // A wrong secret, saved: untested again.
  await chat.getByLabel('API key secret', { exact: true }).fill('a-wrong-secret-0123')
  await chat.getByRole('button', { name: 'Save chat credentials' }).click()
  await expect(status).toHaveText('Not tested')

  // Tested: 'Invalid Credentials.' shows, then the page loads again 200 ms later. The notices
  // seen are noted in the tab's session storage, which outlives the reload that takes them away.
  await page.evaluate(() => {
    ;(window as Window & { beforeChatTest?: boolean }).beforeChatTest = true
    const seen: string[] = []
    new MutationObserver(() => {
      for (const shown of Array.from(document.querySelectorAll('[data-testid="notice"]'))) {
        const text = shown.textContent ?? ''
        if (!seen.includes(text)) seen.push(text)
      }
      sessionStorage.setItem('e2e-notices-seen', JSON.stringify(seen))
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  const reloaded = page.waitForEvent('load')
  await chat.getByRole('button', { name: 'Test connection' }).click()
  await reloaded
  const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-notices-seen') ?? '[]') as string[])
  expect(seen.some((text) => text.includes('Invalid Credentials.')), `notices before the reload: ${seen.join(' | ')}`).toBe(true)
  expect(await page.evaluate(() => (window as Window & { beforeChatTest?: boolean }).beforeChatTest)).toBeUndefined()
  await expect(page).toHaveURL(/\/admin\/telephony/)
  await expect(page.getByRole('heading', { name: 'Chat (Twilio Conversations)', level: 2 })).toBeVisible()
  await expect(status).toHaveText('Not tested')
})
