import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiDownload, apiRequest, buildHeaders, buildUrl, dispositionFileName, errorNotice } from './api-client'
import { getNotices } from './notices'
import * as session from './session'
import type { UserData } from './session'
import { accessWith } from '../test/access'

const user: UserData = {
  authToken: 'tok-123',
  expiresAt: '2999-01-01T00:00:00Z',
  userId: 1,
  username: 'sales-rep',
  roles: ['SALES_REP'],
  access: accessWith(),
  roleDtos: [{ name: 'SALES_REP' }],
  empLevel: 'STORE',
  tenant: 2,
  enterprise: { id: 7, name: 'Bayline Demo Motors' },
  firstName: 'Sam',
  lastName: 'Rep',
  realTimeSync: false,
  callingFeature: false,
  colorCode: '#123456',
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('errorNotice (spec section 8)', () => {
  const danger = (message: string) => ({ type: 'danger', title: 'AI Message', message })

  it('401 on an authenticated call shows no notice (the session ends instead)', () => {
    expect(errorNotice(401, { message: 'Unauthorized', errors: ['Unauthorized'] })).toBeNull()
  })

  it('401 on the login call shows the first error', () => {
    const body = { message: 'Invalid username or password', errors: ['Invalid username or password'] }
    expect(errorNotice(401, body, { auth: false })).toEqual(danger('Invalid username or password'))
  })

  it('502 is "Request Timed out!"', () => {
    expect(errorNotice(502, { message: 'Bad gateway', errors: ['upstream'] })).toEqual(danger('Request Timed out!'))
  })

  it('a non-empty errors list shows its first entry', () => {
    expect(errorNotice(409, { message: 'Conflict', errors: ['Name already taken', 'x'] })).toEqual(
      danger('Name already taken'),
    )
  })

  it('500 with no errors is "Inconsistent data in request. Please check data"', () => {
    expect(errorNotice(500, { message: 'Internal error', errors: [] })).toEqual(
      danger('Inconsistent data in request. Please check data'),
    )
    expect(errorNotice(500, null)).toEqual(danger('Inconsistent data in request. Please check data'))
  })

  it('other statuses fall back to the message field', () => {
    expect(errorNotice(403, { message: 'Forbidden', errors: [] })).toEqual(danger('Forbidden'))
    expect(errorNotice(429, { message: 'Too many requests' })).toEqual(danger('Too many requests'))
  })

  it('no response gives an empty notice', () => {
    expect(errorNotice(0, null)).toEqual(danger(''))
  })
})

describe('buildHeaders', () => {
  it('sends the token as a bearer token and the enterprise id', () => {
    const headers = buildHeaders(user)
    expect(headers.get('Authorization')).toBe('Bearer tok-123')
    expect(headers.get('enterpriseId')).toBe('7')
  })

  it('sends no enterprise id for a user without an enterprise', () => {
    const headers = buildHeaders({ ...user, enterprise: undefined })
    expect(headers.get('Authorization')).toBe('Bearer tok-123')
    expect(headers.has('enterpriseId')).toBe(false)
  })

  it('sends no session headers for unauthenticated calls', () => {
    const headers = buildHeaders(user, { auth: false, hasBody: true })
    expect(headers.has('Authorization')).toBe(false)
    expect(headers.has('enterpriseId')).toBe(false)
    expect(headers.get('Content-Type')).toBe('application/json')
  })
})

describe('buildUrl', () => {
  it('drops undefined and null values', () => {
    expect(buildUrl('/api/enterprise', { page: 0, size: 20, search: '', x: undefined, y: null })).toBe(
      '/api/enterprise?page=0&size=20&search=',
    )
  })
})

describe('apiRequest', () => {
  beforeEach(() => {
    localStorage.clear()
    localStorage.setItem('userData', JSON.stringify(user))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  const lastNotice = () => getNotices().at(-1)

  it('returns the JSON body and sends the session headers', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest('/api/health')).resolves.toEqual({ ok: true })
    const init = fetchMock.mock.calls[0]![1]!
    const headers = init.headers as Headers
    expect(headers.get('Authorization')).toBe('Bearer tok-123')
    expect(headers.get('enterpriseId')).toBe('7')
  })

  it('sends the enterprise worked on in place of the user\'s own when asked, and none without a session', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, []))
    vi.stubGlobal('fetch', fetchMock)
    await apiRequest('/assistant/v2/getassistlist', { enterpriseId: 42 })
    expect((fetchMock.mock.calls[0]![1]!.headers as Headers).get('enterpriseId')).toBe('42')
    await apiRequest('/api/health', { enterpriseId: 42, auth: false })
    expect((fetchMock.mock.calls[1]![1]!.headers as Headers).has('enterpriseId')).toBe(false)
  })

  it('on 401 ends the session and shows no notice', async () => {
    const endSession = vi.spyOn(session, 'endSession').mockImplementation(() => {})
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'Unauthorized', errors: ['Unauthorized'] })))
    const before = getNotices().length
    await expect(apiRequest('/api/enterprise')).rejects.toMatchObject({ status: 401 })
    expect(endSession).toHaveBeenCalledWith(300)
    expect(getNotices().length).toBe(before)
  })

  it('on 401 of an unauthenticated call shows the error instead', async () => {
    const endSession = vi.spyOn(session, 'endSession').mockImplementation(() => {})
    const body = { message: 'Invalid username or password', errors: ['Invalid username or password'] }
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, body)))
    await expect(apiRequest('/user/v2/login', { method: 'POST', body: {}, auth: false })).rejects.toBeInstanceOf(ApiError)
    expect(endSession).not.toHaveBeenCalled()
    expect(lastNotice()).toMatchObject({ type: 'danger', title: 'AI Message', message: 'Invalid username or password' })
  })

  it('shows the first error of a failed call as a danger notice', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Not found', errors: ['Enterprise 9 not found'] })))
    await expect(apiRequest('/api/enterprise/9/store')).rejects.toMatchObject({ status: 404 })
    expect(lastNotice()).toMatchObject({ type: 'danger', title: 'AI Message', message: 'Enterprise 9 not found' })
  })

  it('a network failure shows "Server is not responding"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ status: 0 })
    expect(lastNotice()).toMatchObject({ type: 'danger', message: 'Server is not responding' })
  })

  it('notifyErrors: false stays quiet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { message: 'Internal error', errors: [] })))
    const before = getNotices().length
    await expect(apiRequest('/api/x', { notifyErrors: false })).rejects.toMatchObject({ status: 500 })
    expect(getNotices().length).toBe(before)
  })

  it('sends a form as multipart, leaving the content type to the browser', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(202, { id: 4 }))
    vi.stubGlobal('fetch', fetchMock)
    const form = new FormData()
    form.append('mapping', '{}')
    await expect(apiRequest('/api/data-sync/import', { method: 'POST', form })).resolves.toEqual({ id: 4 })
    const init = fetchMock.mock.calls[0]![1]!
    expect(init.body).toBe(form)
    expect((init.headers as Headers).has('Content-Type')).toBe(false)
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok-123')
  })
})

describe('apiDownload', () => {
  beforeEach(() => localStorage.setItem('userData', JSON.stringify(user)))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('answers the bytes and the suggested file name', async () => {
    const response = new Response('VIN,Line\nX,2\n', {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="recall-errors.csv"' },
    })
    vi.stubGlobal('fetch', vi.fn(async () => response))
    const file = await apiDownload('/api/data-sync/file-reports/1/error-file')
    expect(file.fileName).toBe('recall-errors.csv')
    expect(await file.blob.text()).toBe('VIN,Line\nX,2\n')
  })

  it('fails like any call, with the first error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Not found', errors: ['File report not found'] })))
    await expect(apiDownload('/api/data-sync/file-reports/9/error-file', { notifyErrors: false })).rejects.toMatchObject({
      status: 404,
      message: 'File report not found',
    })
  })
})

describe('dispositionFileName', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(dispositionFileName('attachment; filename="a b.csv"')).toBe('a b.csv')
    expect(dispositionFileName('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(dispositionFileName("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv; filename=\"x.csv\"")).toBe('résumé.csv')
    expect(dispositionFileName('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv')
  })

  it('is null without a name', () => {
    expect(dispositionFileName(null)).toBeNull()
    expect(dispositionFileName('attachment')).toBeNull()
    expect(dispositionFileName('attachment; filename=""')).toBeNull()
  })
})
