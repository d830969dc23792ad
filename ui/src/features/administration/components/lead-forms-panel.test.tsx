import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { adminStore, button, choose, click, fakeServer, field, json, leadForm, settle, testQueryClient } from '../test/admin-fixtures'
import { LEAD_FORMS_INTRO, LeadFormsPanel } from './lead-forms-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <LeadFormsPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')!

const STORES = [adminStore(), adminStore({ id: 4, storeCode: 'S101', storeName: 'Harbor Ford' }), adminStore({ id: 5, storeCode: 'S102', storeName: 'Old Lot', isActive: false })]

const FORMS = [
  leadForm(),
  leadForm({ slug: 'lead-submission-ford', storeId: 4, storeName: 'Harbor Ford', storePhoneNumber: undefined, brand: 'Ford', title: 'Text Harbor Ford', isActive: false }),
  // Another enterprise's form (the platform is sent every form): not listed here.
  leadForm({ slug: 'lead-submission-bmw', enterpriseId: 8, brand: 'BMW' }),
]

describe('LeadFormsPanel', () => {
  it("lists the enterprise's forms with a link to each public page", async () => {
    fakeServer({ 'GET /api/lead-forms': FORMS })
    await render()
    expect(view.container.textContent).toContain(LEAD_FORMS_INTRO)
    const rows = [...view.container.querySelectorAll('table[aria-label="Lead forms"] tbody tr')]
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('lead-submission-toyota')
    expect(rows[0]!.textContent).toContain('Harbor Toyota (555)-010-2000')
    expect(rows[0]!.textContent).toContain('Get a text from Harbor Toyota')
    expect(rows[0]!.textContent).toContain('Active')
    expect(rows[1]!.textContent).toContain('Off')
    const link = rows[0]!.querySelector('a')!
    expect(link.getAttribute('href')).toBe('/lead-submission-toyota')
    expect(link.target).toBe('_blank')
  })

  it('edits a form: picks among the active stores and sends the whole form', async () => {
    const server = fakeServer({
      'GET /api/lead-forms': FORMS,
      'GET /api/enterprise/7/stores': STORES,
      'PUT /api/lead-forms/lead-submission-toyota': leadForm({ storeId: 4, storeName: 'Harbor Ford' }),
    })
    await render()
    click(button(view.container, 'Edit lead-submission-toyota'))
    await settle()
    const store = field<HTMLSelectElement>(dialog(), 'Store')
    expect([...store.options].map((o) => o.textContent)).toEqual(['Choose a store', 'Harbor Toyota (S100)', 'Harbor Ford (S101)'])
    expect(dialog().querySelector('[data-testid="consent-count"]')!.textContent).toBe('44 / 2000 characters')

    choose(store, '4')
    typeInto(field(dialog(), 'Title'), ' Text us ')
    typeInto(field<HTMLTextAreaElement>(dialog(), 'Consent text'), 'I agree.')
    expect(dialog().querySelector('[data-testid="consent-count"]')!.textContent).toBe('8 / 2000 characters')
    typeInto(field(dialog(), 'Accent colour'), '#00aa11')
    click(dialog().querySelector<HTMLInputElement>('input[type="checkbox"]')!)
    click(button(dialog(), 'Save'))
    await settle()

    expect(server.sent('PUT')).toHaveLength(1)
    expect(server.sent('PUT')[0]).toMatchObject({
      url: '/api/lead-forms/lead-submission-toyota',
      body: { storeId: 4, brand: 'Toyota', title: 'Text us', consentText: 'I agree.', accentColor: '#00aa11', isActive: false },
    })
    expect(document.querySelector('dialog.form-dialog')).toBeNull()
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
    // The list is fetched again.
    expect(server.calls.filter((c) => c.method === 'GET' && c.url === '/api/lead-forms')).toHaveLength(2)
  })

  it('stops a colour that is not #RRGGBB, and a missing title, before sending', async () => {
    const server = fakeServer({ 'GET /api/lead-forms': FORMS, 'GET /api/enterprise/7/stores': STORES })
    await render()
    click(button(view.container, 'Edit lead-submission-toyota'))
    await settle()
    typeInto(field(dialog(), 'Accent colour'), 'red')
    typeInto(field(dialog(), 'Title'), '  ')
    click(button(dialog(), 'Save'))
    await settle()
    expect(dialog().textContent).toContain('Accent colour must be #RRGGBB')
    expect(dialog().textContent).toContain('Title is required')
    expect(field(dialog(), 'Accent colour').getAttribute('aria-invalid')).toBe('true')
    expect(server.sent('PUT')).toHaveLength(0)
  })

  it("shows each of the server's problems in the dialog", async () => {
    fakeServer({
      'GET /api/lead-forms': FORMS,
      'GET /api/enterprise/7/stores': STORES,
      'PUT /api/lead-forms/lead-submission-toyota': json({ message: 'Invalid', errors: ['The store is deactivated', 'Consent text is required'] }, 400),
    })
    await render()
    click(button(view.container, 'Edit lead-submission-toyota'))
    await settle()
    click(button(dialog(), 'Save'))
    await settle()
    const problems = [...dialog().querySelectorAll('[data-testid="form-refusal"] li')].map((li) => li.textContent)
    expect(problems).toEqual(['The store is deactivated', 'Consent text is required'])
    expect(document.querySelector('dialog.form-dialog')).not.toBeNull()
  })
})
