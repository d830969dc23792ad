import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { pressKey, setupTestRoot, typeInto } from '../../../test/render'
import type { RenderedTemplate } from '../api/apply-template'
import { fakeServer, json, renderedFixture, templateFixture } from '../test/template-fixtures'
import { TemplatePanel } from './template-panel'

const view = setupTestRoot()

function render(onApply: (rendered: RenderedTemplate) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <TemplatePanel leadId={3} enterpriseId={7} serviceType="OIL_CHANGE" onApply={onApply} previewDelayMs={0} />
    </QueryClientProvider>,
  )
  return client
}

/** Lets the fetches answer and React settle. */
async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const panel = () => view.container.querySelector<HTMLElement>('section[aria-label="Templates"]')!
const tabs = () => Array.from(panel().querySelectorAll<HTMLButtonElement>('[role="tab"]'))
const tab = (name: string) => tabs().find((t) => t.textContent === name)!
const rows = () => Array.from(panel().querySelectorAll<HTMLLIElement>('[data-testid="template-row"]'))
const rowTitles = () => rows().map((r) => document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent)
const rowButton = (row: HTMLElement, name: string) =>
  Array.from(row.querySelectorAll<HTMLButtonElement>('button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)
const listPanel = () => panel().querySelector<HTMLElement>('[role="tabpanel"]')!
const confirmDialog = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')
const dialogButton = (name: string) => Array.from(confirmDialog()?.querySelectorAll('button') ?? []).find((b) => b.textContent === name)
const lastNotice = () => getNotices().at(-1)
const click = (element: HTMLElement) => act(() => element.click())

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

const MINE = [
  templateFixture({ id: 5, title: 'Oil change reminder' }),
  templateFixture({ id: 6, title: 'Shared welcome', editable: false, favorite: true, templateType: 'GROUP', editorBody: 'Welcome!' }),
]

describe('TemplatePanel', () => {
  it("opens on the Personal tab with the lead's service type; the Group tab lists the enterprise's, or says there are none", async () => {
    const { calls } = fakeServer((_method, url) => {
      if (url === '/api/customTemplate/user/OIL_CHANGE') return json(MINE)
      if (url === '/api/customTemplate/7/OIL_CHANGE') return json([])
      return undefined
    })
    render()
    await settle()

    expect(panel().querySelector('[role="tablist"]')?.getAttribute('aria-label')).toBe('Template lists')
    expect(tabs().map((t) => [t.textContent, t.dataset.tab, t.getAttribute('aria-selected')])).toEqual([
      ['Personal', 'my', 'true'],
      ['Group', 'all', 'false'],
    ])
    expect(listPanel().getAttribute('aria-labelledby')).toBe(tab('Personal').id)
    expect(panel().querySelector<HTMLSelectElement>('select[aria-label="Service type"]')!.value).toBe('OIL_CHANGE')
    expect(calls.map((c) => c.url)).toEqual(['/api/customTemplate/user/OIL_CHANGE'])
    expect(rowTitles()).toEqual(['Oil change reminder', 'Shared welcome'])
    expect(rows()[0]!.querySelector('.template-row__body')?.textContent).toBe('Hi {{customer_first_name}}, your oil change is due.')

    click(tab('Group'))
    await settle()
    expect(tab('Group').getAttribute('aria-selected')).toBe('true')
    expect(listPanel().getAttribute('aria-labelledby')).toBe(tab('Group').id)
    expect(calls.map((c) => c.url)).toEqual(['/api/customTemplate/user/OIL_CHANGE', '/api/customTemplate/7/OIL_CHANGE'])
    expect(rows()).toHaveLength(0)
    expect(listPanel().textContent).toBe('No records available.')
  })

  it('moves between the tabs with the arrow keys', async () => {
    fakeServer((_method, url) => (url.includes('/OIL_CHANGE') ? json([]) : undefined))
    render()
    await settle()
    act(() => tab('Personal').focus())
    pressKey(tab('Personal'), 'ArrowRight')
    expect(document.activeElement).toBe(tab('Group'))
    expect(tab('Group').getAttribute('aria-selected')).toBe('true')
    expect(tab('Group').tabIndex).toBe(0)
    expect(tab('Personal').tabIndex).toBe(-1)
  })

  it('filters by service type (All: every type) and searches', async () => {
    const { calls } = fakeServer((_method, url) => (url.startsWith('/api/customTemplate/user/') ? json(MINE) : undefined))
    render()
    await settle()
    const select = panel().querySelector<HTMLSelectElement>('select[aria-label="Service type"]')!
    expect(Array.from(select.options, (o) => [o.value, o.textContent]).slice(0, 3)).toEqual([
      ['ALL', 'All'],
      ['SALES_THANKS', 'Sales thanks'],
      ['SALES_TITLE', 'Sales title'],
    ])
    choose(select, 'ALL')
    await settle()
    const search = panel().querySelector<HTMLInputElement>('input[aria-label="Search templates"]')!
    typeInto(search, 'oil')
    pressKey(search, 'Enter')
    await settle()
    expect(calls.map((c) => c.url)).toEqual([
      '/api/customTemplate/user/OIL_CHANGE',
      '/api/customTemplate/user/ALL',
      '/api/customTemplate/user/ALL?search=oil',
    ])
  })

  it('offers Edit and Delete only on the templates the caller may change', async () => {
    fakeServer((_method, url) => (url === '/api/customTemplate/user/OIL_CHANGE' ? json(MINE) : undefined))
    render()
    await settle()
    const [own, shared] = rows()
    expect(Array.from(own!.querySelectorAll('button'), (b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Favourite',
      'Delete',
      'Edit',
      'Apply',
    ])
    expect(Array.from(shared!.querySelectorAll('button'), (b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Favourite',
      'Apply',
    ])
  })

  it("asks before deleting; Yes deletes, shows the server's 'Successfully Deleted' and reloads the lists", async () => {
    let mine = MINE
    const { calls } = fakeServer((method, url) => {
      if (method === 'GET' && url === '/api/customTemplate/user/OIL_CHANGE') return json(mine)
      if (method === 'DELETE' && url === '/api/customTemplate/5') {
        mine = mine.filter((t) => t.id !== 5)
        return json({ message: 'Successfully Deleted' })
      }
      return undefined
    })
    const client = render()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await settle()

    click(rowButton(rows()[0]!, 'Delete')!)
    const dialog = confirmDialog()!
    expect(dialog.open).toBe(true)
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Delete')
    expect(dialog.querySelector('p')?.textContent).toBe('Are you sure want to delete this template?')
    expect(Array.from(dialog.querySelectorAll('button'), (b) => b.textContent)).toEqual(['No', 'Yes'])

    // No leaves it.
    click(dialogButton('No')!)
    expect(confirmDialog()?.open).toBe(false)
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    click(rowButton(rows()[0]!, 'Delete')!)
    click(dialogButton('Yes')!)
    await settle()
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/customTemplate/5'])
    expect(lastNotice()).toMatchObject({ type: 'success', message: 'Successfully Deleted' })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['templates', 'list'] })
    expect(confirmDialog()?.open).toBe(false)
    expect(rowTitles()).toEqual(['Shared welcome'])
  })

  it("toggles the favourite star, with the server's message each way", async () => {
    let favourite = false
    const { calls } = fakeServer((method, url) => {
      if (method === 'GET' && url === '/api/customTemplate/user/OIL_CHANGE') return json([templateFixture({ id: 5, favorite: favourite })])
      if (method === 'PUT' && url === '/api/customTemplate/add/favorite?templateId=5') {
        favourite = true
        return json({ message: 'Template added to favourites' })
      }
      if (method === 'DELETE' && url === '/api/customTemplate/remove/favorite?templateId=5') {
        favourite = false
        return json({ message: 'Template removed from favourites' })
      }
      return undefined
    })
    render()
    await settle()
    const star = () => rowButton(rows()[0]!, 'Favourite')!
    expect(star().getAttribute('aria-pressed')).toBe('false')
    expect(star().textContent).toBe('☆')

    click(star())
    await settle()
    expect(lastNotice()?.message).toBe('Template added to favourites')
    expect(star().getAttribute('aria-pressed')).toBe('true')
    expect(star().textContent).toBe('★')

    click(star())
    await settle()
    expect(lastNotice()?.message).toBe('Template removed from favourites')
    expect(star().getAttribute('aria-pressed')).toBe('false')
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/customTemplate/add/favorite?templateId=5',
      'DELETE /api/customTemplate/remove/favorite?templateId=5',
    ])
  })

  it("warns with the server's message when a template call fails", async () => {
    fakeServer((method, url) => {
      if (method === 'GET' && url === '/api/customTemplate/user/OIL_CHANGE') return json([templateFixture()])
      if (method === 'PUT') return json({ message: 'Bad request', errors: ['No template 5 that you can see'] }, 404)
      return undefined
    })
    render()
    await settle()
    click(rowButton(rows()[0]!, 'Favourite')!)
    await settle()
    expect(lastNotice()).toMatchObject({ type: 'warning', message: 'No template 5 that you can see' })
  })

  it('Apply fills the template for the lead and hands it over', async () => {
    const rendered = renderedFixture({ templateId: 5, title: 'Oil change reminder' })
    const { calls } = fakeServer((method, url) => {
      if (method === 'GET' && url === '/api/customTemplate/user/OIL_CHANGE') return json([templateFixture()])
      if (method === 'POST' && url === '/api/customTemplate/apply') return json(rendered)
      return undefined
    })
    const onApply = vi.fn()
    render(onApply)
    await settle()
    click(rowButton(rows()[0]!, 'Apply')!)
    await settle()
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/customTemplate/apply',
      body: { futureServiceInteractionId: 3, templateId: 5 },
    })
    expect(onApply).toHaveBeenCalledWith(rendered)
  })

  it('New template opens the editor for the open lead', async () => {
    fakeServer((_method, url) => (url.startsWith('/api/customTemplate/user/') ? json([]) : undefined))
    render()
    await settle()
    click(Array.from(panel().querySelectorAll('button')).find((b) => b.textContent === 'New template')!)
    const editor = document.querySelector<HTMLDialogElement>('dialog[data-testid="template-editor"]')!
    expect(editor.open).toBe(true)
    expect(document.getElementById(editor.getAttribute('aria-labelledby')!)?.textContent).toBe('New template')
  })
})
