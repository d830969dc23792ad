import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, dealer, fakeServer, field, settle, testQueryClient } from '../test/admin-fixtures'
import { DealersPanel } from './dealers-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <DealersPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')!

describe('DealersPanel', () => {
  it('lists the dealers, deactivated ones too', async () => {
    fakeServer({ 'GET /api/enterprise/7/boc': [dealer(), dealer({ id: 2, bocCode: 'OLD', bocName: 'Old Group', isActive: false, storeCount: 0 })] })
    await render()
    const rows = [...view.container.querySelectorAll('table[aria-label="Dealers"] tbody tr')].map((tr) => tr.textContent)
    expect(rows).toEqual(['HAGHarbor Auto Group2ActiveEdit', 'OLDOld Group0DeactivatedEdit'])
  })

  it('checks a new dealer\'s code before sending, then creates it', async () => {
    const server = fakeServer({ 'GET /api/enterprise/7/boc': [dealer()], 'POST /api/enterprise/7/boc': dealer({ id: 5, bocCode: 'BAY', bocName: 'Bayside' }) })
    await render()
    click(button(view.container, 'New dealer'))
    typeInto(field(dialog(), 'Dealer code'), 'bay side')
    click(button(dialog(), 'Create dealer'))
    await settle()
    expect(dialog().textContent).toContain("Dealer code may hold only letters, digits, '-', '_' and '.'")
    expect(dialog().textContent).toContain('Dealer name is required')
    expect(server.sent('POST')).toHaveLength(0)

    typeInto(field(dialog(), 'Dealer code'), 'BAY')
    typeInto(field(dialog(), 'Dealer name'), ' Bayside ')
    click(button(dialog(), 'Create dealer'))
    await settle()
    expect(server.sent('POST')[0]).toMatchObject({ url: '/api/enterprise/7/boc', body: { bocCode: 'BAY', bocName: 'Bayside' } })
    expect(document.querySelector('dialog.form-dialog')).toBeNull()
  })

  it('renames and deactivates a dealer, keeping its code', async () => {
    const server = fakeServer({ 'GET /api/enterprise/7/boc': [dealer()], 'PUT /api/enterprise/7/boc/1': dealer({ isActive: false }) })
    await render()
    click(button(view.container, 'Edit Harbor Auto Group'))
    expect(field(dialog(), 'Dealer code').readOnly).toBe(true)
    typeInto(field(dialog(), 'Dealer name'), 'Harbor Group')
    click(dialog().querySelector<HTMLInputElement>('input[type="checkbox"]')!)
    click(button(dialog(), 'Save'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({ url: '/api/enterprise/7/boc/1', body: { bocName: 'Harbor Group', isActive: false } })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
  })
})
