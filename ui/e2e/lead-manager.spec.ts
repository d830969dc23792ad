import { expect, test, type Page } from '@playwright/test'
import { apiToken, logIn } from './log-in'

/**
 * The lead manager end to end, against the real server: the Lead Manager view,
 * a text search narrowing it (and kept in the URL), sorting, the other views,
 * opening conversations from rows and by deep link, and the per-lead AI switch.
 */

/** An advisor-level user of one store. */
const STORE_USER = 'office-manager'

function leadTable(page: Page, view = 'Lead Manager') {
  return page.getByRole('table', { name: `${view} leads` })
}

/** The lead rows shown (not the placeholder or empty rows). */
function leadRows(page: Page, view = 'Lead Manager') {
  return leadTable(page, view).locator('tbody tr.is-clickable')
}

function chatBox(page: Page, leadId: number) {
  return page.locator(`[data-testid="chat-box"][data-lead-id="${leadId}"]`)
}

/** The lead id and customer name of a row. */
async function rowLead(page: Page, index: number, view?: string): Promise<{ id: number; name: string }> {
  const row = leadRows(page, view).nth(index)
  const name = (await row.getByRole('button', { name: /^Open conversation with / }).getAttribute('aria-label'))!.replace(
    'Open conversation with ',
    '',
  )
  return { id: Number(await row.getAttribute('data-row-id')), name }
}

test('the Lead Manager view lists leads, and a text search narrows it and stays in the URL', async ({ page }) => {
  await logIn(page, STORE_USER)
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect(page.getByRole('tab', { name: 'Lead Manager' })).toHaveAttribute('aria-selected', 'true')
  const rows = leadRows(page)
  await expect(rows.first()).toBeVisible()
  const total = await rows.count()
  expect(total).toBeGreaterThan(1)
  await expect(page.getByText(`1–${total} of ${total}`)).toBeVisible()

  const { name } = await rowLead(page, 0)
  const lastName = name.split(' ').at(-1)!
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(lastName)
  await expect(page).toHaveURL(new RegExp(`[?&]search=${lastName}(&|$)`))
  await expect.poll(() => rows.count()).toBeLessThan(total)
  expect(await rows.count()).toBeGreaterThan(0)
  for (const text of await rows.allTextContents()) expect(text).toContain(lastName)

  // The filter survives a reload: it is in the URL.
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search leads' })).toHaveValue(lastName)
  await expect.poll(() => rows.count()).toBeLessThan(total)

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/leadmanager$/)
  await expect.poll(() => rows.count()).toBe(total)
})

test('headers sort on the server, and the other views are a tab or a menu away', async ({ page }) => {
  await logIn(page, STORE_USER)
  const rows = leadRows(page)
  await expect(rows.first()).toBeVisible()
  // The Lead Manager view's own order: newest last message first.
  await expect(leadTable(page).getByRole('columnheader', { name: /Last message/ })).toHaveAttribute('aria-sort', 'descending')

  await leadTable(page).getByRole('button', { name: /Customer/ }).click()
  await expect(page).toHaveURL(/sortBy=customerName/)
  await expect(page).toHaveURL(/sortDirection=ASC/)
  await expect(leadTable(page).getByRole('columnheader', { name: /Customer/ })).toHaveAttribute('aria-sort', 'ascending')
  await expect(leadTable(page).getByRole('columnheader', { name: /Last message/ })).toHaveAttribute('aria-sort', 'none')
  await expect
    .poll(async () => {
      const names = await Promise.all([0, 1].map(async (i) => (await rowLead(page, i)).name.split(' ').at(-1)!))
      return names[0]!.localeCompare(names[1]!) <= 0
    })
    .toBe(true)

  // Contact later: the tab selects the view (the sort is the view's own again).
  await page.getByRole('tab', { name: 'Contact later' }).click()
  await expect(page).toHaveURL(/view=contact-later/)
  await expect(page).not.toHaveURL(/sortBy=/)
  await expect(page.getByRole('tab', { name: 'Contact later' })).toHaveAttribute('aria-selected', 'true')
  const contactLater = leadTable(page, 'Contact later')
  await expect(contactLater).toBeVisible()
  await expect(contactLater.locator('tbody tr.is-clickable, tbody tr.data-table__empty').first()).toBeVisible()

  // A list from the "More lists" menu shows as a tab while it is the current one.
  await page.getByRole('button', { name: 'More lists' }).click()
  await page.getByRole('menu', { name: 'More lists' }).getByRole('menuitem', { name: 'First interaction' }).click()
  await expect(page).toHaveURL(/view=first-interaction/)
  await expect(page.getByRole('tab', { name: 'First interaction' })).toHaveAttribute('aria-selected', 'true')
  // Not contacted yet: each row offers to start the conversation.
  const first = leadRows(page, 'First interaction').first()
  await expect(first).toBeVisible()
  await expect(first.getByRole('button', { name: /^Start conversation with / })).toBeVisible()
})

test("the tracker shows each conversation's first contact, replies and visit", async ({ page }) => {
  await logIn(page, STORE_USER)
  await expect(leadRows(page).first()).toBeVisible()
  await page.getByRole('button', { name: 'More lists' }).click()
  await page.getByRole('menu', { name: 'More lists' }).getByRole('menuitem', { name: 'Tracker' }).click()
  await expect(page).toHaveURL(/view=tracker/)
  const table = leadTable(page, 'Tracker')
  for (const header of ['First contact', 'First reply', 'Replies', 'Visit']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible()
  }
  const rows = leadRows(page, 'Tracker')
  await expect(rows.first()).toBeVisible()
  // Every tracked conversation was contacted: its first contact says when, and how many follow-ups came after.
  await expect(rows.first()).toContainText(/follow-ups? after/)
})

test('a row opens its conversation (click or Enter), and so does a deep link', async ({ page }) => {
  await logIn(page, STORE_USER)
  const rows = leadRows(page)
  await expect(rows.nth(2)).toBeVisible()
  const first = await rowLead(page, 0)
  const second = await rowLead(page, 1)
  const third = await rowLead(page, 2)

  // The row's own button (before any chat box covers the right of the page)…
  await rows.nth(2).getByRole('button', { name: `Open conversation with ${third.name}` }).click()
  await expect(chatBox(page, third.id).getByTestId('chat-box-name')).toHaveText(third.name)

  // …a click anywhere on the row…
  await rows.nth(0).locator('td').first().click()
  await expect(chatBox(page, first.id).getByTestId('chat-box-name')).toHaveText(first.name)
  // (the row of the conversation worked in is marked)
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true')

  // …or Enter on a focused row.
  await rows.nth(1).focus()
  await page.keyboard.press('Enter')
  await expect(chatBox(page, second.id)).toBeVisible()
  await expect(page.getByTestId('chat-box')).toHaveCount(3)

  // Deep link (spec section 2): opens the conversation on load, then leaves the URL.
  for (const lead of [first, second, third]) {
    await chatBox(page, lead.id).getByRole('button', { name: 'Close conversation' }).click()
  }
  await expect(page.getByTestId('chat-box')).toHaveCount(0)
  await page.goto(`/leadmanager?future_service_interaction_id=${second.id}`)
  await expect(chatBox(page, second.id).getByTestId('chat-box-name')).toHaveText(second.name)
  await expect(page).toHaveURL(/\/leadmanager$/)
})

test('the AI switch of a row is saved and survives a reload', async ({ page }) => {
  await logIn(page, STORE_USER)
  const row = leadRows(page).first()
  await expect(row).toBeVisible()
  const { id, name } = await rowLead(page, 0)
  const aiSwitch = () => leadTable(page).locator(`tr[data-row-id="${id}"]`).getByRole('switch', { name: `AI for ${name}` })
  const before = (await aiSwitch().getAttribute('aria-checked')) === 'true'

  await aiSwitch().click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(aiSwitch()).toHaveAttribute('aria-checked', String(!before))
  // Switching does not open the conversation.
  await expect(chatBox(page, id)).toHaveCount(0)

  await page.reload()
  await expect(aiSwitch()).toHaveAttribute('aria-checked', String(!before))

  // Put it back for the other tests.
  await aiSwitch().click()
  await expect(aiSwitch()).toHaveAttribute('aria-checked', String(before))
})

test('starting a conversation the customer already has asks first, then starts it anyway', async ({ page, request }) => {
  const token = await apiToken(request, 'enterprise-admin')
  // A lead not contacted yet whose customer has another conversation under way.
  const list = await request.post('/api/future-service-interaction/first-interaction?page=0&size=500', {
    headers: { Authorization: token },
    data: {},
  })
  expect(list.ok()).toBe(true)
  // The server warns only about a conversation under way: contacted, not closed, not archived.
  const archivedList = await request.post('/api/future-service-interaction/archived-screen?page=0&size=500', {
    headers: { Authorization: token },
    data: {},
  })
  expect(archivedList.ok()).toBe(true)
  const archived = new Set(((await archivedList.json()) as { content: { id: number }[] }).content.map((l) => l.id))
  type Other = { id: number; conversationInitiated: boolean; conversationClosed: boolean }
  let leadId: number | undefined
  for (const lead of ((await list.json()) as { content: { id: number }[] }).content) {
    const others = await request.get('/api/future-service-interaction/otherInteraction', {
      params: { 'future-service-interaction-id': lead.id },
      headers: { Authorization: token },
    })
    const live = others.ok() ? ((await others.json()) as Other[]).filter((o) => !archived.has(o.id)) : []
    if (live.length === 0) continue
    if (!live.some((o) => o.conversationInitiated && !o.conversationClosed)) {
      // Put one of the customer's other leads under way, so the warning does not hang on what
      // earlier tests happened to start.
      const started = await request.get('/api/service-workflow/initiate', {
        params: { 'future-service-interaction-id': live[0].id, force: 'true' },
        headers: { Authorization: token },
      })
      if (!started.ok()) continue
    }
    leadId = lead.id
    break
  }
  if (leadId === undefined) throw new Error('no demo lead whose customer has another conversation')

  await logIn(page, 'enterprise-admin')
  // The whole list on one page, as the API read it.
  await page.goto('/leadmanager?view=first-interaction&size=500')
  const row = leadTable(page, 'First interaction').locator(`tr[data-row-id="${leadId}"]`)
  await row.getByRole('button', { name: /^Start conversation with / }).click()
  const dialog = page.getByRole('dialog', { name: 'Start conversation' })
  await expect(dialog).toContainText('An other interaction has been already initiated for this customer')
  await dialog.getByRole('button', { name: 'Start anyway' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Started' })).toBeVisible()
  await expect(dialog).toBeHidden()
  // The conversation opens with the opening text, and the lead leaves the list of leads not contacted yet.
  await expect(chatBox(page, leadId).getByTestId('chat-message').first()).toBeVisible()
  await expect(row).toHaveCount(0)
})
