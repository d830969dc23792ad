import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { BrandsPanel } from './brands-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <BrandsPanel />
    </QueryClientProvider>,
  )
  await settle()
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')
const confirm = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')!
const rows = () => [...view.container.querySelectorAll('table[aria-label="Brands"] tbody tr')].map((tr) => tr.textContent)
const TOYOTA = { code: 'TOYOTA', name: 'Toyota', storeCount: 3 }
const KIA = { code: 'KIA', name: 'Kia', storeCount: 0 }

describe('BrandsPanel', () => {
  it('lists the brands with how many stores carry each', async () => {
    fakeServer({ 'GET /api/brands': [KIA, TOYOTA] })
    await render()
    expect(rows()).toEqual(['KIAKia0RenameDelete', 'TOYOTAToyota3RenameDelete'])
  })

  it("checks a new brand's code before sending, then adds it and lists it", async () => {
    let listed = [TOYOTA]
    const server = fakeServer({
      'GET /api/brands': () => json(listed),
      'POST /api/brands': () => {
        listed = [KIA, TOYOTA]
        return json(KIA)
      },
    })
    await render()
    click(button(view.container, 'Add brand'))
    typeInto(field(dialog()!, 'Brand code'), 'k i a')
    click(button(dialog()!, 'Add brand'))
    await settle()
    expect(dialog()!.textContent).toContain("Brand code may hold only letters, digits, '-', '_' and '.'")
    expect(dialog()!.textContent).toContain('Brand name is required')
    expect(server.sent('POST')).toHaveLength(0)

    typeInto(field(dialog()!, 'Brand code'), 'kia')
    typeInto(field(dialog()!, 'Brand name'), ' Kia ')
    click(button(dialog()!, 'Add brand'))
    await settle()
    expect(server.sent('POST')[0]).toMatchObject({ url: '/api/brands', body: { code: 'kia', name: 'Kia' } })
    expect(dialog()).toBeNull()
    expect(rows()[0]).toContain('Kia')
  })

  it("shows the server's refusal of a taken code in the form", async () => {
    fakeServer({ 'GET /api/brands': [TOYOTA], 'POST /api/brands': json({ message: 'Conflict', errors: ['Brand code is taken'] }, 409) })
    await render()
    click(button(view.container, 'Add brand'))
    typeInto(field(dialog()!, 'Brand code'), 'TOYOTA')
    typeInto(field(dialog()!, 'Brand name'), 'Toyota again')
    click(button(dialog()!, 'Add brand'))
    await settle()
    expect(dialog()!.querySelector('[data-testid="form-refusal"]')?.textContent).toContain('Brand code is taken')
  })

  it('renames a brand, keeping its code', async () => {
    const server = fakeServer({ 'GET /api/brands': [TOYOTA], 'PUT /api/brands/TOYOTA': { ...TOYOTA, name: 'Toyota Motors' } })
    await render()
    click(button(view.container, 'Rename Toyota'))
    expect(field(dialog()!, 'Brand code').readOnly).toBe(true)
    typeInto(field(dialog()!, 'Brand name'), 'Toyota Motors')
    click(button(dialog()!, 'Save'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({ url: '/api/brands/TOYOTA', body: { name: 'Toyota Motors' } })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
  })

  it('deletes a brand after a confirmation', async () => {
    const server = fakeServer({ 'GET /api/brands': [KIA], 'DELETE /api/brands/KIA': { message: 'Successfully Deleted' } })
    await render()
    click(button(view.container, 'Delete Kia'))
    expect(confirm().textContent).toContain('Delete the brand Kia (KIA)?')
    click(button(confirm(), 'Delete'))
    await settle()
    expect(server.sent('DELETE')[0]?.url).toBe('/api/brands/KIA')
    expect(getNotices().at(-1)?.message).toBe('Successfully Deleted')
  })

  it("shows the server's words when stores still carry the brand", async () => {
    fakeServer({
      'GET /api/brands': [TOYOTA],
      'DELETE /api/brands/TOYOTA': json({ message: 'Toyota is carried by 3 store(s); give them another brand first' }, 409),
    })
    await render()
    click(button(view.container, 'Delete Toyota'))
    click(button(confirm(), 'Delete'))
    await settle()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'Toyota is carried by 3 store(s); give them another brand first' })
    expect(rows()).toEqual(['TOYOTAToyota3RenameDelete'])
  })
})
