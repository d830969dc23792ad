import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import type { AdminAccess } from '../admin-access'
import type { UserQuery } from '../api/get-users'
import { adminUser, button, choose, click, dealer, fakeServer, field, json, OFFICE_MANAGER, PICKER_STORES, settle, TENANT_ADMIN, testQueryClient } from '../test/admin-fixtures'
import { UsersPanel } from './users-panel'

const view = setupTestRoot()
const QUERY: UserQuery = { page: 0, size: 20, search: '' }

const PAGE = {
  content: [
    adminUser(),
    adminUser({ id: 22, username: 'guest-1', firstName: 'Gus', lastName: 'Guest', isGuest: true, isBlocked: true, roles: ['OFFICE_USER', 'SALES_REP'] }),
  ],
  page: 0,
  size: 20,
  totalElements: 42,
}

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/enterprise/7/user': PAGE,
    'GET /api/enterprise/7/store': PICKER_STORES,
    'GET /api/enterprise/7/boc': [dealer(), dealer({ id: 2, bocName: 'Closed Group', isActive: false })],
    ...extra,
  }
}

async function render(access: AdminAccess = TENANT_ADMIN, query: UserQuery = QUERY) {
  const onQuery = vi.fn()
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <UsersPanel enterpriseId={7} access={access} query={query} onQuery={onQuery} />
    </QueryClientProvider>,
  )
  await settle()
  return onQuery
}

const table = () => view.container.querySelector('table[aria-label="Users"]')!
const dialog = () => document.querySelector<HTMLDialogElement>('dialog.form-dialog')!
const rowOf = (id: number) => table().querySelector<HTMLTableRowElement>(`tr[data-row-id="${id}"]`)!
const addRole = (label: string) => {
  const select = field<HTMLSelectElement>(dialog(), 'Add a role')
  const option = [...select.options].find((o) => o.textContent === label)!
  choose(select, option.value)
}
const roleNames = () => [...dialog().querySelectorAll('[data-role]')].map((li) => li.getAttribute('data-role'))

describe('UsersPanel', () => {
  afterEach(() => vi.useRealTimers())

  it('shows the page of users the server answered, with level, roles and status', async () => {
    const server = fakeServer(routes())
    await render(TENANT_ADMIN, { page: 1, size: 20, search: 'rep' })
    expect(server.calls[0]?.url).toBe('/api/enterprise/7/user?page=1&size=20&search=rep')
    expect(rowOf(21).textContent).toContain('Linda Rivera')
    expect(rowOf(21).textContent).toContain('Harbor Toyota')
    expect(rowOf(22).textContent).toContain('Office user, Sales rep')
    expect(rowOf(22).textContent).toContain('Blocked')
    expect(rowOf(22).textContent).toContain('Guest')
    expect(view.container.textContent).toContain('21–40 of 42')
  })

  it('searches on the server once typing pauses, from the first page', async () => {
    fakeServer(routes())
    const onQuery = await render()
    vi.useFakeTimers()
    const search = view.container.querySelector<HTMLInputElement>('input[type="search"]')!
    typeInto(search, 'rivera')
    await act(() => vi.advanceTimersByTimeAsync(400))
    expect(onQuery).toHaveBeenCalledWith({ search: 'rivera', page: 0 })
  })

  it('refuses a new user without a role or a store, sending nothing', async () => {
    const server = fakeServer(routes())
    await render()
    click(button(view.container, 'New user'))
    typeInto(field(dialog(), 'Username'), 'new.rep')
    typeInto(field(dialog(), 'Password'), 'long-enough')
    typeInto(field(dialog(), 'First name'), 'Erin')
    typeInto(field(dialog(), 'Last name'), 'Rep')
    click(button(dialog(), 'Create user'))
    await settle()
    expect(dialog().textContent).toContain('Give at least one role')
    expect(dialog().textContent).toContain('Choose the store of a store-level user')
    expect(server.sent('POST')).toHaveLength(0)
  })

  it('creates a store-level user with the roles in the order given, and says the password link went out', async () => {
    const server = fakeServer(
      routes({
        'POST /api/enterprise/7/user': {
          user: adminUser({ id: 30 }),
          linkSent: true,
          message: 'Successfully Created. A link to choose a password was e-mailed.',
        },
      }),
    )
    await render()
    click(button(view.container, 'New user'))
    typeInto(field(dialog(), 'Username'), ' new.rep ')
    typeInto(field(dialog(), 'First name'), 'Erin')
    typeInto(field(dialog(), 'Last name'), 'Rep')
    typeInto(field(dialog(), 'E-mail'), 'erin@harbor.example')
    choose(field<HTMLSelectElement>(dialog(), 'Store'), '4')
    addRole('Office user')
    addRole('Sales rep')
    // The first role decides the landing page: put the sales rep first.
    click(button(dialog(), 'Move Sales rep up'))
    expect(roleNames()).toEqual(['SALES_REP', 'OFFICE_USER'])
    click(button(dialog(), 'Create user'))
    await settle()
    const [post] = server.sent('POST')
    expect(post?.url).toBe('/api/enterprise/7/user')
    expect(post?.body).toEqual({
      username: 'new.rep',
      isGuest: false,
      firstName: 'Erin',
      lastName: 'Rep',
      email: 'erin@harbor.example',
      empLevel: 'STORE',
      storeId: 4,
      roles: ['SALES_REP', 'OFFICE_USER'],
      colorCode: '#2563eb',
      realTimeSync: true,
      callingFeature: false,
      twoStepLogin: false,
    })
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Created. A link to choose a password was e-mailed.' })
    expect(document.querySelector('dialog.form-dialog')).toBeNull()
  })

  it("shows the server's problems at the top of the form and a 403 as the role's limit", async () => {
    const answers = [
      json({ message: 'Username new.rep is taken', errors: ['Username new.rep is taken'] }, 409),
      json({ message: 'You may not give the role ENTERPRISE_USER', errors: ['You may not give the role ENTERPRISE_USER'] }, 403),
    ]
    fakeServer(routes({ 'POST /api/enterprise/7/user': () => answers.shift() }))
    await render()
    click(button(view.container, 'New user'))
    typeInto(field(dialog(), 'Username'), 'new.rep')
    typeInto(field(dialog(), 'Password'), 'long-enough')
    typeInto(field(dialog(), 'First name'), 'Erin')
    typeInto(field(dialog(), 'Last name'), 'Rep')
    choose(field<HTMLSelectElement>(dialog(), 'Level'), 'ENTERPRISE')
    addRole('Enterprise user')
    click(button(dialog(), 'Create user'))
    await settle()
    const refusal = () => dialog().querySelector('[data-testid="form-refusal"]')!
    expect(refusal().textContent).toContain('Username new.rep is taken')
    click(button(dialog(), 'Create user'))
    await settle()
    expect(refusal().querySelector('strong')?.textContent).toBe('Not saved: your role may not do this.')
    expect(refusal().textContent).toContain('You may not give the role ENTERPRISE_USER')
  })

  it('offers a store manager only the roles and level it may give', async () => {
    fakeServer(routes())
    await render(OFFICE_MANAGER)
    click(button(view.container, 'New user'))
    expect([...field<HTMLSelectElement>(dialog(), 'Level').options].map((o) => o.value)).toEqual(['STORE'])
    expect([...field<HTMLSelectElement>(dialog(), 'Add a role').options].map((o) => o.value)).toEqual(['', 'SALES_REP', 'OFFICE_USER'])
  })

  it("offers a store-level user only a store's roles, as the server lists them for the level", async () => {
    fakeServer(routes())
    await render()
    click(button(view.container, 'New user'))
    const roles = () => [...field<HTMLSelectElement>(dialog(), 'Add a role').options].map((o) => o.value)
    choose(field<HTMLSelectElement>(dialog(), 'Level'), 'STORE')
    expect(roles()).toEqual(['', 'OFFICE_MANAGER', 'SALES_REP', 'OFFICE_USER'])
    choose(field<HTMLSelectElement>(dialog(), 'Level'), 'ENTERPRISE')
    expect(roles()).toContain('ENTERPRISE_ADMIN')
  })

  it('opens a user from its row: saves the change with PUT, blocks, and deletes a guest', async () => {
    const server = fakeServer(
      routes({
        'PUT /api/user/22': adminUser({ id: 22 }),
        'PUT /api/user/22/unblock': adminUser({ id: 22, isGuest: true, isBlocked: false }),
        'DELETE /api/user/22/deleteGuest': { message: 'Successfully Deleted' },
      }),
    )
    await render()
    click(rowOf(22))
    expect(field(dialog(), 'Username').readOnly).toBe(true)
    expect(dialog().textContent).not.toContain('Create user')

    click(button(dialog(), 'Unblock'))
    await settle()
    expect(server.sent('PUT').map((c) => c.url)).toEqual(['/api/user/22/unblock'])
    expect(button(dialog(), 'Block')).toBeTruthy()
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')

    typeInto(field(dialog(), 'First name'), 'Gustav')
    click(button(dialog(), 'Save'))
    await settle()
    const put = server.sent('PUT').at(-1)!
    expect(put.url).toBe('/api/user/22')
    expect(put.body).toMatchObject({ firstName: 'Gustav', roles: ['OFFICE_USER', 'SALES_REP'], empLevel: 'STORE', storeId: 3 })
    expect(put.body).not.toHaveProperty('username')
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')

    click(rowOf(22))
    click(button(dialog(), 'Delete guest'))
    const confirm = [...document.querySelectorAll('dialog.confirm-dialog')].find((d) => d.textContent?.includes('Delete the guest'))!
    click(button(confirm, 'Delete'))
    await settle()
    expect(server.sent('DELETE')[0]?.url).toBe('/api/user/22/deleteGuest')
    expect(getNotices().at(-1)?.message).toBe('Successfully Deleted')
  })
})
