import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import type { AuditQuery } from '../api/get-audit'
import { choose, fakeServer, settle, testQueryClient } from '../test/admin-fixtures'
import { AuditPanel } from './audit-panel'

const view = setupTestRoot()

const PAGE = {
  content: [
    {
      id: 2,
      at: '2026-11-26T12:00:00Z',
      userId: 5,
      username: 'enterprise-admin',
      action: 'UPDATE',
      entity: 'store',
      entityId: '3',
      detail: { before: { name: 'Harbor Toyota', timeZone: 'America/New_York' }, after: { name: 'Harbor Toyota', timeZone: 'America/Chicago' } },
    },
    { id: 1, at: '2026-11-26T11:00:00Z', action: 'BLOCK', entity: 'user', entityId: '21', detail: { before: { isBlocked: false }, after: { isBlocked: true } } },
  ],
  page: 0,
  size: 20,
  totalElements: 2,
}

async function render(query: AuditQuery = { page: 0, size: 20, entity: '' }) {
  const onQuery = vi.fn()
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <AuditPanel enterpriseId={7} query={query} onQuery={onQuery} />
    </QueryClientProvider>,
  )
  await settle()
  return onQuery
}

describe('AuditPanel', () => {
  it('asks for the kind of record chosen, and filters from the first page', async () => {
    const server = fakeServer({ 'GET /api/enterprise/7/audit': PAGE })
    const onQuery = await render({ page: 2, size: 20, entity: 'store' })
    expect(server.calls[0]?.url).toBe('/api/enterprise/7/audit?page=2&size=20&entity=store')
    choose(view.container.querySelector('select')!, 'user')
    expect(onQuery).toHaveBeenCalledWith({ entity: 'user', page: 0 })
  })

  it('shows who did what to which record, with the changed fields folded away', async () => {
    fakeServer({ 'GET /api/enterprise/7/audit': PAGE })
    await render()
    const rows = [...view.container.querySelectorAll<HTMLTableRowElement>('table[aria-label="Audit log"] > tbody > tr')]
    expect(rows[0]!.textContent).toContain('enterprise-admin')
    expect(rows[0]!.textContent).toContain('Update')
    expect(rows[0]!.textContent).toContain('Store Harbor Toyota')
    const diff = rows[0]!.querySelector<HTMLDetailsElement>('[data-testid="audit-diff"]')!
    expect(diff.open).toBe(false)
    expect(diff.querySelector('summary')?.textContent).toBe('1 field changed: Time zone')
    expect([...diff.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['America/New_York', 'America/Chicago'])
    expect(rows[1]!.textContent).toContain('User #21')
    expect(rows[1]!.textContent).toContain('Block')
  })
})
