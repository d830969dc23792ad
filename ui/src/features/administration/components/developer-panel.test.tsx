import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { DeveloperPanel } from './developer-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <DeveloperPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const AIVA = { fileName: 'S100.aiva', fileContent: 'greeting: Hi\n', version: 2, storeId: 3, storeName: 'Harbor Toyota', updatedAt: '2026-11-01T10:00:00Z' }
const TPL = { fileName: 'DIV004/CODE.SMS.tpl', fileContent: 'Hi {firstName}', templateId: 5, version: 0 }
const LOG = { versions: [{ version: 2, fileContent: 'greeting: Hi\n', savedBy: 'admin', savedAt: '2026-11-01T10:00:00Z' }], runs: [] }
const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /aiva/developer/files/aiva': [AIVA],
  'GET /aiva/developer/files/tpl': [TPL],
  'POST /aiva/developer/log': LOG,
  ...extra,
})

async function openFile(name: string) {
  click(button(view.container, name))
  await settle()
}

describe('DeveloperPanel', () => {
  it('lists assistant and template files and validates the opened one, showing each line problem', async () => {
    const server = fakeServer(
      routes({ 'POST /aiva/developer/aiva/validate': { valid: false, problems: [{ line: 3, reason: 'unknown key' }, { line: 7, reason: 'no time given' }] } }),
    )
    await render()
    expect(view.container.querySelector('ul[aria-label="Assistant files"]')?.textContent).toContain('S100.aiva')
    expect(view.container.querySelector('ul[aria-label="Template files"]')?.textContent).toContain('DIV004/CODE.SMS.tpl')
    await openFile('S100.aiva')
    typeInto(field<HTMLTextAreaElement>(view.container, 'File content'), 'greeting: Hi\nbad\n')
    click(button(view.container, 'Validate'))
    await settle()
    expect(server.sent('POST').find((c) => c.url === '/aiva/developer/aiva/validate')?.body).toEqual({ fileContent: 'greeting: Hi\nbad\n' })
    const problems = [...view.container.querySelectorAll('ul[aria-label="Validation problems"] li')].map((li) => li.textContent)
    expect(problems).toEqual(['Line 3: unknown key', 'Line 7: no time given'])
    expect(view.container.querySelector('ul[aria-label="Versions"]')?.textContent).toContain('Version 2')
  })

  it('saves an assistant file with the version opened, then shows the server errors of a refused save', async () => {
    let refuse = false
    const server = fakeServer(
      routes({
        'PUT /aiva/developer/file': () => (refuse ? json({ message: 'Bad file', errors: ['line 3: unknown key'] }, 400) : json({ ...AIVA, version: 3 })),
      }),
    )
    await render()
    await openFile('S100.aiva')
    typeInto(field<HTMLTextAreaElement>(view.container, 'File content'), 'greeting: Hello\n')
    click(button(view.container, 'Save'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({ url: '/aiva/developer/file', body: { fileName: 'S100.aiva', fileContent: 'greeting: Hello\n', version: 2 } })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')

    refuse = true
    click(button(view.container, 'Save'))
    await settle()
    expect(view.container.querySelector('[data-testid="developer-refusal"]')?.textContent).toContain('line 3: unknown key')
  })

  it('runs a sample conversation, one text a line, and renders the turns in a table', async () => {
    const server = fakeServer(
      routes({
        'POST /aiva/developer/execute': [
          { text: 'Can I come Tuesday at 10?', intents: ['book', 'time'], requestedTime: '2026-11-03T10:00:00', action: 'book', reply: 'See you Tuesday at 10.' },
          { text: 'STOP', intents: ['opt-out'], action: 'opt-out' },
        ],
      }),
    )
    await render()
    await openFile('S100.aiva')
    typeInto(field<HTMLTextAreaElement>(view.container, 'Customer texts (one per line)'), 'Can I come Tuesday at 10?\n\nSTOP\n')
    click(button(view.container, 'Run'))
    await settle()
    expect(server.sent('POST').find((c) => c.url === '/aiva/developer/execute')?.body).toEqual({
      storeId: 3,
      fileContent: 'greeting: Hi\n',
      conversation: ['Can I come Tuesday at 10?', 'STOP'],
    })
    const rows = [...view.container.querySelectorAll('table[aria-label="Sample run"] tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['Can I come Tuesday at 10?', 'book, time', 'book', 'See you Tuesday at 10.'],
      ['STOP', 'opt-out', 'opt-out', '—'],
    ])
  })

  it('previews a template for a lead with its missing fields, and saves it without a version', async () => {
    const server = fakeServer(routes({ 'POST /aiva/developer/template/preview': { body: 'Hi Ann', smsText: 'Hi Ann', missing: ['vehicleModel'] }, 'PUT /aiva/developer/file': TPL }))
    await render()
    await openFile('DIV004/CODE.SMS.tpl')
    typeInto(field(view.container, 'Lead id'), '42')
    click(button(view.container, 'Preview'))
    await settle()
    expect(server.sent('POST').find((c) => c.url === '/aiva/developer/template/preview')?.body).toEqual({ leadId: 42, fileContent: 'Hi {firstName}' })
    expect(view.container.querySelector('[data-testid="preview-result"]')?.textContent).toContain('Missing fields: vehicleModel')
    click(button(view.container, 'Save'))
    await settle()
    expect(server.sent('PUT')[0]?.body).toEqual({ fileName: 'DIV004/CODE.SMS.tpl', fileContent: 'Hi {firstName}' })
  })
})
