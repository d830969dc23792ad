import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { LeadFormSlug } from '../lead-forms'
import { button, click, CONSENT, fakeServer, field, json, leadForm, settle, testQueryClient } from '../test/public-fixtures'
import { LeadFormScreen } from './lead-form-screen'

const view = setupTestRoot()

const FORM_URL = 'GET /api/public/lead-forms/lead-submission-toyota'
const SUBMIT_URL = 'POST /api/public/lead-submission'

async function render(slug: LeadFormSlug = 'lead-submission-toyota') {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <LeadFormScreen slug={slug} />
    </QueryClientProvider>,
  )
  await settle()
}

const form = () => view.container.querySelector('form')!

function fill({ first = 'Dana', last = 'Reyes', phone = '(555) 201-3344', message = '' } = {}) {
  typeInto(field(form(), 'First name'), first)
  typeInto(field(form(), 'Last name'), last)
  typeInto(field(form(), 'Phone'), phone)
  if (message) typeInto(field<HTMLTextAreaElement>(form(), 'Message (optional)'), message)
}

async function submit() {
  click(button(form(), 'Submit'))
  await settle()
}

describe('LeadFormScreen', () => {
  it("shows the brand, the store and the consent text verbatim under the submit button, in the form's accent", async () => {
    fakeServer({ [FORM_URL]: leadForm() })
    await render()
    const page = view.container.querySelector<HTMLElement>('[data-testid="lead-form-page"]')!
    expect(page.textContent).toContain('Get in touch')
    expect(page.textContent).toContain('Toyota · Harbor Toyota')
    expect(page.style.getPropertyValue('--accent')).toBe('#eb0a1e')
    expect(view.container.querySelector('[data-testid="lead-consent"]')?.textContent).toBe(CONSENT)
    expect(page.textContent).toContain('(555)-201-0000')
    const honeypot = form().querySelector<HTMLInputElement>('input[name="website"]')!
    expect(honeypot.tabIndex).toBe(-1)
    expect(honeypot.getAttribute('autocomplete')).toBe('off')
    expect(honeypot.getAttribute('aria-hidden')).toBe('true')
  })

  it("falls back to the brand's accent when the server gives none", async () => {
    fakeServer({ [FORM_URL]: leadForm({ accentColor: '' }) })
    await render()
    const page = view.container.querySelector<HTMLElement>('[data-testid="lead-form-page"]')!
    expect(page.style.getPropertyValue('--accent')).toBe('#c8102e')
  })

  it('shows a spinner while the form loads', () => {
    fakeServer({ [FORM_URL]: leadForm() })
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <LeadFormScreen slug="lead-submission-toyota" />
      </QueryClientProvider>,
    )
    expect(view.container.querySelector('[data-testid="lead-form-loading"] [role="status"]')).not.toBeNull()
  })

  it('says the form is not available when the server has none (404)', async () => {
    const server = fakeServer({ 'GET /api/public/lead-forms/lead-submission-bmw': json({ message: 'Not found' }, 404) })
    await render('lead-submission-bmw')
    expect(server.calls[0]?.url).toBe('/api/public/lead-forms/lead-submission-bmw')
    expect(view.container.querySelector('[data-testid="lead-form-unavailable"]')?.textContent).toContain('This form is not available.')
    expect(view.container.querySelector('form')).toBeNull()
  })

  it('asks for first name, last name and phone, and sends nothing', async () => {
    const server = fakeServer({ [FORM_URL]: leadForm() })
    await render()
    await submit()
    expect(form().textContent).toContain('First name is required')
    expect(form().textContent).toContain('Last name is required')
    expect(form().textContent).toContain('Phone is required')
    expect(server.sent('POST')).toHaveLength(0)
  })

  it.each([
    ['9 digits', '555-201-334'],
    ['11 digits not starting with 1', '2 (555) 201-3344'],
    ['an area code starting with 1', '+1 155 201 3344'],
    ['+1 and 9 digits', '+1 555 201 334'],
    ['letters', '555-201-33AB'],
    ['letters among 10 digits', '555x201x3344'],
  ])("warns 'Invalid Number' for %s and sends nothing", async (_case, phone) => {
    const server = fakeServer({ [FORM_URL]: leadForm() })
    await render()
    fill({ phone })
    await submit()
    expect(form().textContent).toContain('Invalid Number')
    expect(form().textContent).not.toContain('First name is required')
    expect(server.sent('POST')).toHaveLength(0)
  })

  it("posts +1 and the 10 digits with the form's store number, consent text and an empty honeypot, then shows the server's thanks", async () => {
    const server = fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: { status: 'success', message: 'Thanks, Dana! Harbor Toyota will text you shortly.' } })
    await render()
    fill({ first: ' Dana ', message: 'Looking for a RAV4' })
    await submit()
    const posts = server.sent('POST')
    expect(posts).toHaveLength(1)
    expect(posts[0]).toEqual({
      method: 'POST',
      url: '/api/public/lead-submission',
      body: {
        form: 'lead-submission-toyota',
        firstName: 'Dana',
        lastName: 'Reyes',
        customerPhoneNumber: '+15552013344',
        storePhoneNumber: '+15552010000',
        consentText: CONSENT,
        message: 'Looking for a RAV4',
        website: '',
      },
    })
    expect(view.container.querySelector('[data-testid="lead-success"]')?.textContent).toBe('Thanks, Dana! Harbor Toyota will text you shortly.')
    expect(view.container.querySelector('form')).toBeNull()
  })

  it('takes a leading 1 or +1 as the country code, as the server does', async () => {
    const server = fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: { status: 'success', message: 'Thanks!' } })
    await render()
    fill({ phone: '1 (555) 201-3344' })
    await submit()
    expect(server.sent('POST')[0]?.body).toMatchObject({ customerPhoneNumber: '+15552013344' })
  })

  it('leaves the message out when none was written, and disables Submit while sending', async () => {
    let answer: (response: Response) => void = () => {}
    const server = fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: () => new Promise<Response>((resolve) => (answer = resolve)) })
    await render()
    fill()
    click(button(form(), 'Submit'))
    await settle()
    expect(button(form(), 'Submitting…').disabled).toBe(true)
    expect(server.sent('POST')[0]?.body).not.toHaveProperty('message')
    answer(json({ status: 'success', message: 'Thank you.' }))
    await settle()
    expect(server.sent('POST')).toHaveLength(1)
    expect(view.container.querySelector('[data-testid="lead-success"]')?.textContent).toBe('Thank you.')
  })

  it("shows the server's words when it rate-limits (429)", async () => {
    const message = 'Too many submissions from this device. Try again in a few minutes.'
    fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: json({ message }, 429) })
    await render()
    fill()
    await submit()
    expect(view.container.querySelector('[data-testid="lead-failed"]')?.textContent).toBe(message)
    expect(button(form(), 'Submit').disabled).toBe(false)
  })

  it("shows the server's validation message (400)", async () => {
    fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: json({ message: 'Invalid lead', errors: ['Invalid Number'] }, 400) })
    await render()
    fill()
    await submit()
    expect(view.container.querySelector('[data-testid="lead-failed"]')?.textContent).toBe('Invalid Number')
  })

  it('offers to reload the form when the consent text changed (409)', async () => {
    const message = 'The consent text has changed. Reload the page and submit again.'
    const server = fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: json({ message }, 409) })
    await render()
    fill()
    await submit()
    const failed = view.container.querySelector('[data-testid="lead-failed"]')!
    expect(failed.textContent).toContain(message)
    click(button(failed, 'Reload the form'))
    await settle()
    expect(server.sent('GET')).toHaveLength(2)
    expect(view.container.querySelector('[data-testid="lead-failed"]')).toBeNull()
  })

  it.each([
    ['too large (413)', json({ message: 'Payload too large' }, 413)],
    ['a server error (500)', json({ message: 'boom' }, 500)],
  ])("says 'Lead Failed to Submit.' for %s", async (_case, response) => {
    fakeServer({ [FORM_URL]: leadForm(), [SUBMIT_URL]: response })
    await render()
    fill()
    await submit()
    expect(view.container.querySelector('[data-testid="lead-failed"]')?.textContent).toBe('Lead Failed to Submit.')
  })
})
