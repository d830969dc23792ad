import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import { button, choose, click, fakeServer, field, json, settle, testQueryClient, type Call } from '../test/admin-fixtures'
import { EnterpriseSettingsSection } from './enterprise-settings-form'

const view = setupTestRoot()

async function render(mayPickFile = true) {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <EnterpriseSettingsSection enterpriseId={7} mayPickFile={mayPickFile} />
    </QueryClientProvider>,
  )
  await settle()
}

const form = () => view.container.querySelector<HTMLFormElement>('form[aria-label="Assistant and inbound view"]')!
const DEFAULTS = { isFullyAiva: true, enterpriseUserInboundView: false }
const FILES = [
  { fileName: 'S100.aiva', fileContent: 'greeting: Hi\n', version: 2, storeId: 3, storeName: 'Harbor Toyota' },
  { fileName: 'S101.aiva', fileContent: 'built in', version: 0, storeId: 4, storeName: 'Harbor Ford' },
]

describe('EnterpriseSettingsSection', () => {
  it('turns the assistant to assist-only, picks a saved file and saves', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/settings': DEFAULTS,
      'GET /aiva/developer/files/aiva': FILES,
      'PUT /api/enterprise/7/settings': ({ body }: Call) => json(body),
    })
    await render()
    const fully = field(form(), 'The assistant runs conversations by itself')
    expect(fully.checked).toBe(true)
    expect(form().querySelector('[data-testid="assistant-mode"]')?.textContent).toContain('On: it answers customers')
    click(fully)
    expect(form().querySelector('[data-testid="assistant-mode"]')?.textContent).toContain('Off: it only assists')

    // Only saved files (past version 0) are offered, after the built-in one.
    const picker = field<HTMLSelectElement>(form(), 'Assistant file for stores without their own')
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Built-in file', 'S100.aiva (Harbor Toyota, version 2)'])
    choose(picker, 'S100.aiva')
    click(field(form(), 'Enterprise users get the inbound-appointment view'))
    click(button(form(), 'Save settings'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({
      url: '/api/enterprise/7/settings',
      body: { isFullyAiva: false, aivaFile: 'S100.aiva', enterpriseUserInboundView: true },
    })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
    expect(field(form(), 'The assistant runs conversations by itself').checked).toBe(false)
  })

  it('sends no file for the built-in one', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/settings': { ...DEFAULTS, aivaFile: 'S100.aiva' },
      'GET /aiva/developer/files/aiva': FILES,
      'PUT /api/enterprise/7/settings': ({ body }: Call) => json(body),
    })
    await render()
    const picker = field<HTMLSelectElement>(form(), 'Assistant file for stores without their own')
    expect(picker.value).toBe('S100.aiva')
    choose(picker, '')
    click(button(form(), 'Save settings'))
    await settle()
    expect(server.sent('PUT')[0]?.body).toEqual({ isFullyAiva: true, enterpriseUserInboundView: false })
  })

  it('shows the shared file without listing the files to a user without the developer right', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/settings': { ...DEFAULTS, aivaFile: 'S100.aiva' },
      'PUT /api/enterprise/7/settings': ({ body }: Call) => json(body),
    })
    await render(false)
    const shown = field(form(), 'Assistant file for stores without their own')
    expect(shown.readOnly).toBe(true)
    expect(shown.value).toBe('S100.aiva')
    expect(server.calls.some((c) => c.url.startsWith('/aiva/developer'))).toBe(false)
    click(button(form(), 'Save settings'))
    await settle()
    // Kept as saved.
    expect(server.sent('PUT')[0]?.body).toMatchObject({ aivaFile: 'S100.aiva' })
  })

  it("lists the server's problems on 400", async () => {
    fakeServer({
      'GET /api/enterprise/7/settings': DEFAULTS,
      'GET /aiva/developer/files/aiva': FILES,
      'PUT /api/enterprise/7/settings': json({ message: 'Invalid', errors: ['aivaFile S100.aiva is none of the enterprise\'s saved assistant files'] }, 400),
    })
    await render()
    click(button(form(), 'Save settings'))
    await settle()
    const refusal = form().querySelector('[data-testid="settings-refusal"]')!
    expect(refusal.textContent).toContain('Not saved: the server found a problem.')
    expect(refusal.textContent).toContain("aivaFile S100.aiva is none of the enterprise's saved assistant files")
  })
})
