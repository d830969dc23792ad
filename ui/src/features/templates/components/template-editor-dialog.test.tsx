import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { CustomTemplate } from '../api/get-personal-templates'
import { fakeServer, json, renderedFixture, templateFixture } from '../test/template-fixtures'
import { TemplateEditorDialog } from './template-editor-dialog'

const view = setupTestRoot()

interface RenderOptions {
  template?: CustomTemplate | null
  leadServiceType?: string
  onClose?: () => void
}

function render({ template = null, leadServiceType = 'OIL_CHANGE', onClose = () => undefined }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <TemplateEditorDialog
        open
        template={template}
        leadId={3}
        leadServiceType={leadServiceType}
        enterpriseId={7}
        defaultScope="PERSONAL"
        previewDelayMs={0}
        onClose={onClose}
      />
    </QueryClientProvider>,
  )
  return client
}

async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-testid="template-editor"]')!
/** A form control by its label's text. */
function field<T extends HTMLElement>(label: string): T {
  const found = Array.from(dialog().querySelectorAll('label')).find((l) => l.textContent === label)
  if (!found) throw new Error(`no field labelled ${label}`)
  return document.getElementById(found.htmlFor) as T
}
const body = () => field<HTMLTextAreaElement>('Body')
const button = (name: string) =>
  Array.from(dialog().querySelectorAll<HTMLButtonElement>('button')).find((b) => b.textContent?.replace('▾', '').trim() === name)
const menu = () => dialog().querySelector<HTMLElement>('[role="menu"]')
const menuItems = () => Array.from(menu()?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])
const preview = () => dialog().querySelector<HTMLElement>('section[aria-label="Preview"]')!
const click = (element: HTMLElement) => act(() => element.click())

/** Puts the caret in the body as a click there would (the editor notes where it is on key-up). */
function placeCaret(at: number) {
  act(() => {
    body().focus()
    body().setSelectionRange(at, at)
    body().dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowLeft', bubbles: true }))
  })
}

/** Chooses a field from an insert-field menu. */
function insert(group: string, label: string) {
  click(button(group)!)
  click(menuItems().find((item) => item.textContent === label)!)
}

describe('TemplateEditorDialog', () => {
  it("is the 1000 px modal with the lead's service type, title, body, Personal or Group, intent, brand and the five field menus", async () => {
    fakeServer(() => undefined)
    render()
    await settle()
    expect(dialog().open).toBe(true)
    expect(dialog().className).toContain('template-editor')
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('New template')
    expect(field<HTMLSelectElement>('Service type').value).toBe('OIL_CHANGE')
    expect(Array.from(field<HTMLSelectElement>('Service type').options, (o) => o.value)).toEqual([
      'ALL',
      'SALES_THANKS',
      'SALES_TITLE',
      'OIL_CHANGE',
      'CHECK_UP',
    ])
    expect(field<HTMLInputElement>('Title').value).toBe('')
    expect(body().className).toContain('template-editor__textarea')
    const scope = Array.from(dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]'))
    expect(scope.map((r) => [r.parentElement?.textContent, r.checked])).toEqual([
      ['Personal', true],
      ['Group', false],
    ])
    expect(Array.from(field<HTMLSelectElement>('Intent (optional)').options, (o) => o.value)).toEqual(['', 'APPT_SET', 'CQ'])
    expect(field<HTMLInputElement>('Brand (optional)').value).toBe('')
    const menus = Array.from(dialog().querySelectorAll<HTMLButtonElement>('[aria-haspopup="menu"]'))
    expect(menus.map((b) => b.textContent?.replace('▾', '').trim())).toEqual(['Assistant', 'Customer', 'Office', 'Product', 'Service'])
    expect(Array.from(dialog().querySelectorAll('.form-dialog__actions button'), (b) => b.textContent)).toEqual(['Cancel', 'Save'])
  })

  it('starts a new template on SALES_THANKS when the lead has no service type', async () => {
    fakeServer(() => undefined)
    render({ leadServiceType: '' })
    await settle()
    expect(field<HTMLSelectElement>('Service type').value).toBe('SALES_THANKS')
  })

  it("puts a field's placeholder at the body's cursor, and the caret after it", async () => {
    fakeServer((_method, url) => (url === '/api/customTemplate/apply' ? json(renderedFixture()) : undefined))
    render()
    await settle()
    typeInto(body(), 'Hi , your car is ready.')
    placeCaret(3)

    click(button('Customer')!)
    expect(button('Customer')!.getAttribute('aria-expanded')).toBe('true')
    expect(menu()?.getAttribute('aria-label')).toBe('Customer fields')
    expect(menuItems().map((i) => i.textContent)).toEqual(['First name', 'Email'])
    click(menuItems()[0]!)
    expect(menu()).toBeNull()
    expect(body().value).toBe('Hi {{customer_first_name}}, your car is ready.')
    expect(document.activeElement).toBe(body())
    expect(body().selectionStart).toBe(3 + '{{customer_first_name}}'.length)

    // The next field goes in where the caret was left.
    insert('Product', 'Model')
    expect(body().value).toBe('Hi {{customer_first_name}}{{product_model}}, your car is ready.')

    // A selection is replaced.
    act(() => {
      body().setSelectionRange(body().value.indexOf('your car'), body().value.indexOf('your car') + 'your car'.length)
      body().dispatchEvent(new KeyboardEvent('keyup', { key: 'Shift', bubbles: true }))
    })
    insert('Office', 'Name')
    expect(body().value).toBe('Hi {{customer_first_name}}{{product_model}}, {{office_name}} is ready.')
    await settle()
  })

  it('inserts at the end of a body never clicked in', async () => {
    fakeServer((_method, url) => (url === '/api/customTemplate/apply' ? json(renderedFixture()) : undefined))
    render({ template: templateFixture({ editorBody: 'Thanks,' }) })
    await settle()
    insert('Assistant', 'First name')
    expect(body().value).toBe('Thanks,{{assistant_first_name}}')
    await settle()
  })

  it('previews the body for the lead as an SMS, and warns of the fields the lead has no value for', async () => {
    const rendered = renderedFixture({
      text: 'Hi Dana, write to us at {{customer_email}}',
      missingFields: [{ key: 'customer_email', group: 'Customer', label: 'Email', placeholder: '{{customer_email}}' }],
      complete: false,
    })
    const { calls } = fakeServer((method, url) => (method === 'POST' && url === '/api/customTemplate/apply' ? json(rendered) : undefined))
    render()
    await settle()
    expect(preview().textContent).toContain('Write the body to see it filled for this lead.')
    expect(calls).toHaveLength(0)

    typeInto(body(), 'Hi {{customer_first_name}},\nwrite to us at {{customer_email}}')
    await settle()
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/customTemplate/apply',
        body: { futureServiceInteractionId: 3, body: 'Hi {{customer_first_name}},\nwrite to us at {{customer_email}}' },
      },
    ])
    expect(preview().querySelector('[data-testid="template-preview-text"]')?.textContent).toBe('Hi Dana, write to us at {{customer_email}}')
    const warning = preview().querySelector<HTMLElement>('[data-testid="template-preview-missing"]')!
    expect(warning.getAttribute('role')).toBe('status')
    expect(warning.textContent).toContain('This lead has no value for these fields')
    expect(Array.from(warning.querySelectorAll('li'), (li) => li.textContent)).toEqual(['Customer › Email {{customer_email}}'])
  })

  it("shows the server's refusal of an unknown field in the preview, without a notice", async () => {
    const refusal = 'The template names the unknown field {{customer_nickname}}; the fields are customer_first_name, …'
    fakeServer((method, url) =>
      method === 'POST' && url === '/api/customTemplate/apply' ? json({ message: 'Bad request', errors: [refusal] }, 400) : undefined,
    )
    render()
    await settle()
    const before = getNotices().length
    typeInto(body(), 'Hi {{customer_nickname}}')
    await settle()
    const alert = preview().querySelector('[role="alert"]')
    expect(alert?.textContent).toBe(refusal)
    expect(getNotices().length).toBe(before)
  })

  it('saves a new template without an id, with its newlines, then reloads both lists and closes', async () => {
    const { calls } = fakeServer((method, url, sent) => {
      if (url === '/api/customTemplate/apply') return json(renderedFixture())
      if (method === 'POST' && url === '/api/customTemplate') return json(templateFixture({ id: 9, ...(sent as object) }))
      return undefined
    })
    const onClose = vi.fn()
    const client = render({ onClose })
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await settle()
    typeInto(field('Title'), 'Welcome')
    typeInto(body(), 'Hi {{customer_first_name}},\nwelcome!')
    typeInto(field('Brand (optional)'), ' Toyota ')
    act(() => {
      const intent = field<HTMLSelectElement>('Intent (optional)')
      intent.value = 'APPT_SET'
      intent.dispatchEvent(new Event('change', { bubbles: true }))
    })
    click(button('Save')!)
    await settle()

    expect(calls.filter((c) => c.url === '/api/customTemplate')).toEqual([
      {
        method: 'POST',
        url: '/api/customTemplate',
        body: {
          title: 'Welcome',
          body: 'Hi {{customer_first_name}},\nwelcome!',
          serviceType: 'OIL_CHANGE',
          templateType: 'PERSONAL',
          intent: 'APPT_SET',
          brand: 'Toyota',
          enterpriseId: 7,
        },
      },
    ])
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['templates', 'list'] })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it("edits a template: its body with newlines, saved with its id", async () => {
    const { calls } = fakeServer((method, url) => {
      if (url === '/api/customTemplate/apply') return json(renderedFixture())
      if (method === 'POST' && url === '/api/customTemplate') return json(templateFixture())
      return undefined
    })
    render({ template: templateFixture({ id: 5, templateType: 'GROUP', serviceType: 'CHECK_UP' }) })
    await settle()
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Edit template')
    expect(body().value).toBe('Hi {{customer_first_name}},\nyour oil change is due.')
    expect(field<HTMLSelectElement>('Service type').value).toBe('CHECK_UP')
    expect(dialog().querySelector<HTMLInputElement>('input[value="GROUP"]')!.checked).toBe(true)
    click(button('Save')!)
    await settle()
    expect(calls.find((c) => c.url === '/api/customTemplate')?.body).toMatchObject({
      id: 5,
      title: 'Oil change reminder',
      body: 'Hi {{customer_first_name}},\nyour oil change is due.',
      serviceType: 'CHECK_UP',
      templateType: 'GROUP',
    })
  })

  it("shows a refusal (a group template without a manager's role) in the form and stays open", async () => {
    fakeServer((method, url) => {
      if (url === '/api/customTemplate/apply') return json(renderedFixture())
      if (method === 'POST' && url === '/api/customTemplate')
        return json({ message: 'Forbidden', errors: ['Only managers write group templates'] }, 403)
      return undefined
    })
    const onClose = vi.fn()
    render({ onClose })
    await settle()
    typeInto(field('Title'), 'Team welcome')
    typeInto(body(), 'Welcome!')
    click(dialog().querySelector<HTMLInputElement>('input[value="GROUP"]')!)
    click(button('Save')!)
    await settle()
    const alert = dialog().querySelector('[role="alert"][aria-label="Not saved"]')
    expect(alert?.textContent).toBe('Only managers write group templates')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('Cancel closes without saving', async () => {
    const { calls } = fakeServer(() => undefined)
    const onClose = vi.fn()
    render({ onClose })
    await settle()
    click(button('Cancel')!)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(0)
  })
})
