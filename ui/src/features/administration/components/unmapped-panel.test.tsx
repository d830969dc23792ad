import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import { adminStore, button, choose, click, codeMapping, fakeServer, field, json, settle, testQueryClient, unmappedCode } from '../test/admin-fixtures'
import { UnmappedPanel } from './unmapped-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <UnmappedPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')!
const confirmDialog = (text: string) => [...document.querySelectorAll<HTMLDialogElement>('dialog.confirm-dialog')].find((d) => d.textContent?.includes(text))!
const rows = (label: string) => [...view.container.querySelectorAll(`table[aria-label="${label}"] tbody tr`)].map((tr) => tr.textContent)

const STORES = [adminStore(), adminStore({ id: 4, storeCode: 'S200', storeName: 'Lakeside Toyota' }), adminStore({ id: 5, storeCode: 'S300', storeName: 'Closed Ford', isActive: false })]

const MAPPED = { code: 'DMS-77', storeId: 4, storeName: 'Lakeside Toyota', loaded: 12, inserted: 10, updated: 2, failed: 1, leadsCreated: 3 }

describe('UnmappedPanel', () => {
  it('lists the waiting codes and the mappings', async () => {
    fakeServer({
      'GET /api/enterprise/7/unmapped': { codes: [unmappedCode()], mappings: [codeMapping(), codeMapping({ code: 'OLD', mappedBy: undefined })] },
      'GET /api/enterprise/7/stores': STORES,
    })
    await render()
    expect(view.container.textContent).toContain('Rows from imports and the dealer system whose store code names no store wait here.')
    const waiting = rows('Waiting')
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatch(/^DMS-77122.*Map to store….*Discard rows$/)
    expect(rows('Mappings')).toEqual([
      expect.stringMatching(/^DMS-12Harbor Toyota \(S100\)admin.*Remove mapping$/),
      expect.stringMatching(/^OLDHarbor Toyota \(S100\)—.*Remove mapping$/),
    ])
  })

  it('says when nothing waits and nothing is mapped', async () => {
    fakeServer({ 'GET /api/enterprise/7/unmapped': { codes: [], mappings: [] }, 'GET /api/enterprise/7/stores': STORES })
    await render()
    expect(rows('Waiting')).toEqual(['No rows are waiting for a store code.'])
    expect(rows('Mappings')).toEqual(['No store codes are mapped.'])
  })

  it('maps a code to an active store, shows what loaded and fetches the lists again', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/unmapped': { codes: [unmappedCode({ code: 'DMS 77/A' })], mappings: [] },
      'GET /api/enterprise/7/stores': STORES,
      'PUT /api/enterprise/7/unmapped/DMS%2077%2FA': MAPPED,
    })
    await render()
    click(button(view.container, 'Map DMS 77/A to store'))
    const options = [...field<HTMLSelectElement>(dialog(), 'Store').options].map((o) => o.textContent)
    expect(options).toEqual(['Choose a store', 'Harbor Toyota (S100)', 'Lakeside Toyota (S200)'])

    choose(field<HTMLSelectElement>(dialog(), 'Store'), '4')
    click(button(dialog(), 'Map and load rows'))
    await settle()
    expect(server.sent('PUT')).toEqual([{ method: 'PUT', url: '/api/enterprise/7/unmapped/DMS%2077%2FA', body: { storeId: 4 } }])
    expect(document.querySelector('dialog.form-dialog')).toBeNull()
    expect(view.container.querySelector('[data-testid="code-mapped"]')?.textContent).toBe(
      'DMS-77 mapped to Lakeside Toyota: 12 rows loaded (10 new, 2 updated), 1 refused, 3 leads created',
    )
    expect(server.sent('GET').filter((c) => c.url === '/api/enterprise/7/unmapped')).toHaveLength(2)
  })

  it('refuses an empty choice of store', async () => {
    const server = fakeServer({ 'GET /api/enterprise/7/unmapped': { codes: [unmappedCode()], mappings: [] }, 'GET /api/enterprise/7/stores': STORES })
    await render()
    click(button(view.container, 'Map DMS-77 to store'))
    click(button(dialog(), 'Map and load rows'))
    await settle()
    expect(dialog().textContent).toContain('Choose a store')
    expect(dialog().querySelector('.field__error')?.textContent).toBe('Choose a store')
    expect(server.sent('PUT')).toHaveLength(0)
  })

  it("shows the server's refusal in the dialog", async () => {
    fakeServer({
      'GET /api/enterprise/7/unmapped': { codes: [unmappedCode()], mappings: [] },
      'GET /api/enterprise/7/stores': STORES,
      'PUT /api/enterprise/7/unmapped/DMS-77': json({ message: 'Lakeside Toyota is deactivated' }, 409),
    })
    await render()
    click(button(view.container, 'Map DMS-77 to store'))
    choose(field<HTMLSelectElement>(dialog(), 'Store'), '4')
    click(button(dialog(), 'Map and load rows'))
    await settle()
    expect(dialog().querySelector('[data-testid="form-refusal"]')?.textContent).toContain('Lakeside Toyota is deactivated')
    expect(view.container.querySelector('[data-testid="code-mapped"]')).toBeNull()
  })

  it('discards the rows of a code once confirmed', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/unmapped': { codes: [unmappedCode({ code: 'X#1' })], mappings: [] },
      'GET /api/enterprise/7/stores': STORES,
      'DELETE /api/enterprise/7/unmapped/X%231': { code: 'X#1', discarded: 12 },
    })
    await render()
    click(button(view.container, 'Discard rows of X#1'))
    const confirm = confirmDialog('Drop the 12 rows waiting for X#1? They belong to no store.')
    expect(confirm).toBeDefined()
    click(button(confirm, 'Discard rows'))
    await settle()
    expect(server.sent('DELETE').map((c) => c.url)).toEqual(['/api/enterprise/7/unmapped/X%231'])
    expect(getNotices().at(-1)?.message).toBe('Dropped 12 rows of X#1.')
  })

  it('removes a mapping once confirmed', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/unmapped': { codes: [], mappings: [codeMapping()] },
      'GET /api/enterprise/7/stores': STORES,
      'DELETE /api/enterprise/7/store-code-mapping/DMS-12': { message: 'Mapping removed' },
    })
    await render()
    click(button(view.container, 'Remove mapping of DMS-12'))
    click(button(confirmDialog('Remove the mapping of DMS-12 to Harbor Toyota?'), 'Remove mapping'))
    await settle()
    expect(server.sent('DELETE').map((c) => c.url)).toEqual(['/api/enterprise/7/store-code-mapping/DMS-12'])
    expect(getNotices().at(-1)?.message).toBe('Mapping removed')
  })
})
