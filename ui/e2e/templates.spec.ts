import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { apiToken, logIn } from './log-in'

/**
 * Message templates end to end, against the real server: a store user opens a
 * conversation's template panel, writes a personal template with two fields
 * put in from the insert-field menus (Customer › First name, Product › Model),
 * sees it filled for the lead in the live preview, saves it, applies it (the
 * editor gets the customer's first name and the car's model, no `{{…}}` left)
 * and sends it; then deletes it.
 */

/** A store-level user of store 1 (a manager role, but the template is personal). */
const STORE_USER = 'office-manager'
const TITLE = 'E2E welcome'

interface Lead {
  id: number
  serviceType: string
  customerMaster: { id: number; firstName: string; lastName: string; cellular?: string; blockSms: boolean }
  storeMaster: { id: number }
  serviceVehicle?: { model?: string }
}

interface Template {
  id: number
  title: string
}

/**
 * The first lead the token's user can see of store 1 whose customer takes texts
 * (a mobile number, not opted out) and has a first name, and whose vehicle has
 * a model: every field the template uses has a value.
 */
async function findLead(request: APIRequestContext, token: string): Promise<Lead> {
  for (let id = 1; id <= 200; id++) {
    const response = await request.get('/api/future-service-interaction', {
      params: { 'future-service-interaction-id': id },
      headers: { Authorization: token },
    })
    if (!response.ok()) continue
    const lead = (await response.json()) as Lead
    const c = lead.customerMaster
    if (lead.storeMaster.id === 1 && !c.blockSms && !!c.cellular && !!c.firstName.trim() && !!lead.serviceVehicle?.model?.trim()) {
      return lead
    }
  }
  throw new Error('no demo lead among ids 1-200 with a textable, named customer and a vehicle model')
}

/** Deletes the user's personal templates titled `title` (left by an earlier run on the same data). */
async function deletePersonalTemplates(request: APIRequestContext, token: string, title: string) {
  const response = await request.get('/api/customTemplate/user/ALL', { params: { search: title }, headers: { Authorization: token } })
  expect(response.ok(), await response.text()).toBe(true)
  for (const template of (await response.json()) as Template[]) {
    if (template.title !== title) continue
    const deleted = await request.delete(`/api/customTemplate/${template.id}`, { headers: { Authorization: token } })
    expect(deleted.ok(), await deleted.text()).toBe(true)
  }
}

/** Opens a conversation with the lead manager's deep link (spec section 2); the link leaves the URL once followed. */
async function openConversation(page: Page, leadId: number) {
  await page.goto(`/leadmanager?future_service_interaction_id=${leadId}`)
  await expect(page).toHaveURL(/\/leadmanager$/)
}

function chatBox(page: Page, leadId: number) {
  return page.locator(`[data-testid="chat-box"][data-lead-id="${leadId}"]`)
}

/** Signs in as `username`, opens the lead's chat box and waits for its conversation and the live stream. */
async function openLiveBox(page: Page, username: string, leadId: number) {
  await logIn(page, username)
  await openConversation(page, leadId)
  const box = chatBox(page, leadId)
  const log = box.getByRole('log', { name: 'Messages' })
  await expect(log).not.toHaveAttribute('aria-busy', 'true')
  await expect(page.getByTestId('chat-dock')).toHaveAttribute('data-realtime', 'open')
  return { box, log }
}

test('a personal template with inserted fields is written, previewed, saved, applied for the lead and sent', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const token = await apiToken(request, STORE_USER)
  const lead = await findLead(request, token)
  const firstName = lead.customerMaster.firstName.trim()
  const model = lead.serviceVehicle!.model!.trim()
  await deletePersonalTemplates(request, token, TITLE)

  const { box, log } = await openLiveBox(page, STORE_USER, lead.id)

  // The Templates toggle swaps the conversation for the template panel, on its Personal tab.
  const toggle = box.getByRole('button', { name: 'Templates' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  const panel = box.getByRole('region', { name: 'Templates' })
  await expect(panel).toBeVisible()
  await expect(log).toHaveCount(0)
  await expect(panel.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true')
  await expect(panel.getByRole('tab', { name: 'Group' })).toHaveAttribute('aria-selected', 'false')
  const list = panel.getByRole('tabpanel')
  await expect(list).not.toHaveAttribute('aria-busy', 'true')

  // A new personal template, its two fields put in from the menus at the cursor.
  await panel.getByRole('button', { name: 'New template' }).click()
  const editor = page.getByRole('dialog', { name: 'New template' })
  await expect(editor).toBeVisible()
  await expect(editor.getByRole('radio', { name: 'Personal' })).toBeChecked()
  await editor.getByLabel('Title', { exact: true }).fill(TITLE)
  const body = editor.getByRole('textbox', { name: 'Body' })
  await body.fill('Hi ')
  await editor.getByRole('button', { name: 'Customer', exact: true }).click()
  await editor.getByRole('menu', { name: 'Customer fields' }).getByRole('menuitem', { name: 'First name' }).click()
  await expect(body).toBeFocused()
  await page.keyboard.type(', your ')
  await editor.getByRole('button', { name: 'Product', exact: true }).click()
  await editor.getByRole('menu', { name: 'Product fields' }).getByRole('menuitem', { name: 'Model' }).click()
  await page.keyboard.type(' is due for service.')
  await expect(body).toHaveValue('Hi {{customer_first_name}}, your {{product_model}} is due for service.')

  // The live preview fills it for this lead: every field has a value.
  const expected = `Hi ${firstName}, your ${model} is due for service.`
  const preview = editor.getByRole('region', { name: 'Preview' })
  await expect(preview.getByTestId('template-preview-text')).toHaveText(expected)
  await expect(preview.getByTestId('template-preview-missing')).toHaveCount(0)

  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Updated' })).toBeVisible()
  await expect(editor).toBeHidden()

  // The list reloads with it.
  const row = list.getByRole('listitem').filter({ hasText: TITLE })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Hi {{customer_first_name}}, your {{product_model}} is due for service.')

  // Apply fills the editor for the lead and shows the conversation again.
  await row.getByRole('button', { name: 'Apply' }).click()
  await expect(panel).toHaveCount(0)
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  const input = box.getByRole('textbox', { name: 'Message' })
  await expect(input).toHaveValue(expected)
  await expect(input).not.toHaveValue(/\{\{|\}\}/)
  await expect(box.getByTestId('missing-fields')).toHaveCount(0)

  await box.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Sent' })).toBeVisible()
  const card = log.getByTestId('chat-message').filter({ hasText: expected })
  await expect(card.last()).toBeVisible()
  await expect(card.last()).toHaveClass(/chat-msg--sent/)
  await expect(input).toHaveValue('')

  // Delete asks first, then the list reloads without it.
  await toggle.click()
  const again = list.getByRole('listitem').filter({ hasText: TITLE })
  await expect(again).toHaveCount(1)
  await again.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete' })
  await expect(confirm).toContainText('Are you sure want to delete this template?')
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByTestId('notice').filter({ hasText: 'Successfully Deleted' })).toBeVisible()
  await expect(again).toHaveCount(0)
})
