/** Test data and a fake server for the Administration screens. */
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { vi } from 'vitest'
import type { AdminStore, AdminUser, Boc, CodeMapping, LeadForm, UnmappedCode } from '../api/admin-types'
import { accessWith } from '../../../test/access'

/** As the server answers at log-in for an enterprise admin (every role but SUPER_ADMIN, every level). */
export const TENANT_ADMIN = accessWith({
  tenant: true,
  users: true,
  telephony: true,
  assistants: true,
  developer: true,
  manager: true,
  grantableRoles: ['OFFICE_MANAGER', 'DIVISION_MANAGER', 'SALES_REP', 'CORPORATE_ADMIN', 'CORPORATE_USER', 'SUPER_DATA_ADMIN', 'SUPER_USER', 'ENTERPRISE_ADMIN', 'ENTERPRISE_USER', 'OFFICE_USER'],
  grantableLevels: ['ENTERPRISE', 'BOC', 'STORE'],
  rolesByLevel: [
    {
      level: 'ENTERPRISE',
      roles: ['OFFICE_MANAGER', 'DIVISION_MANAGER', 'SALES_REP', 'CORPORATE_ADMIN', 'CORPORATE_USER', 'SUPER_DATA_ADMIN', 'SUPER_USER', 'ENTERPRISE_ADMIN', 'ENTERPRISE_USER', 'OFFICE_USER'],
    },
    { level: 'BOC', roles: ['OFFICE_MANAGER', 'DIVISION_MANAGER', 'SALES_REP', 'CORPORATE_ADMIN', 'CORPORATE_USER', 'OFFICE_USER'] },
    { level: 'STORE', roles: ['OFFICE_MANAGER', 'SALES_REP', 'OFFICE_USER'] },
  ],
})
/** As the server answers at log-in for a store manager. */
export const OFFICE_MANAGER = accessWith({
  users: true,
  manager: true,
  grantableRoles: ['SALES_REP', 'OFFICE_USER'],
  grantableLevels: ['STORE'],
  rolesByLevel: [{ level: 'STORE', roles: ['SALES_REP', 'OFFICE_USER'] }],
})

export function dealer(extra: Partial<Boc> = {}): Boc {
  return { id: 1, enterpriseId: 7, bocCode: 'HAG', bocName: 'Harbor Auto Group', storeCount: 2, isActive: true, ...extra }
}

export function adminStore(extra: Partial<AdminStore> = {}): AdminStore {
  return {
    id: 3,
    enterpriseId: 7,
    bocId: 1,
    bocCode: 'HAG',
    bocName: 'Harbor Auto Group',
    storeCode: 'S100',
    storeName: 'Harbor Toyota',
    brand: 'TOYOTA',
    brandName: 'Toyota',
    phoneNumber: '+15550102000',
    timeZone: 'America/New_York',
    officeTimeZone: 'GMT-05:00',
    quietHoursStart: '08:00',
    quietHoursEnd: '21:00',
    isActive: true,
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => (weekday < 7 ? { weekday, opens: '07:00', closes: '18:00' } : { weekday })),
    ...extra,
  }
}

export function leadForm(extra: Partial<LeadForm> = {}): LeadForm {
  return {
    slug: 'lead-submission-toyota',
    enterpriseId: 7,
    storeId: 3,
    storeName: 'Harbor Toyota',
    storePhoneNumber: '+15550102000',
    brand: 'Toyota',
    title: 'Get a text from Harbor Toyota',
    consentText: 'I agree to receive texts from Harbor Toyota.',
    accentColor: '#EB0A1E',
    isActive: true,
    updatedAt: '2026-11-25T15:30:00Z',
    ...extra,
  }
}

export function unmappedCode(extra: Partial<UnmappedCode> = {}): UnmappedCode {
  return { code: 'DMS-77', rows: 12, files: 2, firstSeen: '2026-11-20T09:00:00Z', lastSeen: '2026-11-25T15:30:00Z', ...extra }
}

export function codeMapping(extra: Partial<CodeMapping> = {}): CodeMapping {
  return { code: 'DMS-12', storeId: 3, storeCode: 'S100', storeName: 'Harbor Toyota', mappedBy: 'admin', mappedAt: '2026-11-24T12:00:00Z', ...extra }
}

export function adminUser(extra: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 21,
    username: 'sales-rep',
    firstName: 'Linda',
    lastName: 'Rivera',
    email: 'sales-rep@demo.example',
    empLevel: 'STORE',
    roles: ['SALES_REP'],
    enterpriseId: 7,
    bocId: 1,
    bocName: 'Harbor Auto Group',
    storeId: 3,
    storeName: 'Harbor Toyota',
    colorCode: '#123456',
    realTimeSync: true,
    callingFeature: false,
    twoStepLogin: false,
    isBlocked: false,
    isGuest: false,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...extra,
  }
}

/** The scoped store list (`GET /api/enterprise/7/store`) the user form's pickers read. */
export const PICKER_STORES = [
  { id: 3, storeName: 'Harbor Toyota', store_id: 'S100', store_name: 'Harbor Toyota', bocMaster: { id: 1, bocId: 'HAG', bocName: 'Harbor Auto Group' }, officeMasterVO: {} },
  { id: 4, storeName: 'Harbor Ford', store_id: 'S101', store_name: 'Harbor Ford', bocMaster: { id: 1, bocId: 'HAG', bocName: 'Harbor Auto Group' }, officeMasterVO: {} },
]

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export interface Call {
  method: string
  url: string
  body: unknown
}

type Handler = (call: Call) => Response | undefined

/**
 * Answers fetches from `routes` (`'GET /api/brands'` → body, or a handler); the
 * calls are recorded. An unknown call is a 404.
 */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const raw = init?.body
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
    const call = { method, url, body }
    calls.push(call)
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`]
    if (typeof route === 'function') return Promise.resolve((route as Handler)(call) ?? json({ message: 'Not found' }, 404))
    if (route instanceof Response) return Promise.resolve(route.clone())
    return Promise.resolve(route === undefined ? json({ message: 'Not found', errors: ['Not found'] }, 404) : json(route))
  })
  return {
    calls,
    sent: (method: string) => calls.filter((c) => c.method === method),
  }
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

/** Picks an option of a select the way a user does. */
export function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

/** The input, select or textarea labelled `label` (exactly) inside `root`. */
export function field<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T {
  const labels = [...root.querySelectorAll('label')].filter((l) => l.textContent?.trim() === label)
  const target = labels[0]?.htmlFor ? root.querySelector<T>(`#${CSS.escape(labels[0].htmlFor)}`) : null
  if (!target) throw new Error(`no field labelled ${label}`)
  return target
}

export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name)
  if (!found) throw new Error(`no button ${name}`)
  return found
}

export function click(element: HTMLElement) {
  act(() => element.click())
}
