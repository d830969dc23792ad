import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { DataSource } from '../api/get-data-sources'
import { SourceMappingEditor } from './source-mapping-editor'

const view = setupTestRoot()

const source: DataSource = {
  id: 7,
  enterpriseId: 1,
  storeIdFk: 1,
  name: 'DealerVault',
  sourceKind: 'FILE_DROP',
  enabled: true,
  folders: ['dms_advisors'],
  createdOn: '2026-11-25T09:00:00Z',
  updatedOn: '2026-11-25T09:00:00Z',
}

const FIELDS = [
  { key: 'advisorNumber', label: 'Advisor number', required: true, column: 'Adv #' },
  { key: 'name', label: 'Name', required: true },
  { key: 'email', label: 'E-mail', required: false },
]

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <SourceMappingEditor source={source} />
    </QueryClientProvider>,
  )
}

const input = (label: string) => view.container.querySelector<HTMLInputElement>(`input[aria-label="Header for ${label}"]`)!
const saveButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Save mapping')!

describe('SourceMappingEditor', () => {
  it("shows each field with its saved header, and saves the typed ones with the server's message", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) =>
      Promise.resolve(init?.method === 'PUT' ? json({ message: 'Mapping Saved Successfully.' }) : json(FIELDS)),
    )
    render()
    await settle()
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/data-sync/datasource/7/mapping?file_type=DMS_ADVISORS')
    expect(input('Advisor number').value).toBe('Adv #')
    expect(input('Name').value).toBe('')
    expect(input('Name').placeholder).toBe('Found by name')
    const rows = [...view.container.querySelectorAll('tbody tr')]
    expect(rows.map((r) => r.querySelector('.visually-hidden')?.textContent ?? '')).toEqual(['(required)', '(required)', ''])
    // Nothing changed yet: nothing to save.
    expect(saveButton().disabled).toBe(true)

    typeInto(input('Name'), ' Advisor Name ')
    expect(saveButton().disabled).toBe(false)
    act(() => saveButton().click())
    await settle()

    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit]
    expect(put[0]).toBe('/api/data-sync/datasource/7/mapping')
    expect(JSON.parse(String(put[1].body))).toEqual({ fileType: 'DMS_ADVISORS', mapping: { advisorNumber: 'Adv #', name: 'Advisor Name' } })
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Mapping Saved Successfully.' })
  })

  it('holds a header given to two fields back, naming the other field', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(FIELDS))
    render()
    await settle()
    typeInto(input('E-mail'), 'adv no')
    expect(input('E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(input('E-mail').closest('td')!.textContent).toContain('Also given to Advisor number')
    expect(input('Advisor number').closest('td')!.textContent).toContain('Also given to E-mail')
    expect(saveButton().disabled).toBe(true)
  })

  it("shows the server's refusal in place", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'PUT' ? json({ message: 'Bad request', errors: ['nickname is not a field of a DMS_ADVISORS file'] }, 400) : json(FIELDS),
      ),
    )
    render()
    await settle()
    typeInto(input('Name'), 'Advisor')
    act(() => saveButton().click())
    await settle()
    expect(view.container.querySelector('[data-testid="mapping-save-error"]')?.textContent).toBe('nickname is not a field of a DMS_ADVISORS file')
  })
})
