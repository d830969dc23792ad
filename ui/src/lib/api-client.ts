/**
 * The one fetch client. Adds the session headers, turns failures into the
 * spec's notices (section 8) and ends the session on 401.
 */
import type { ApiErrorBody } from './api-types'
import { API_NOTICE_TITLE, UNAUTHORIZED_RELOAD_DELAY_MS } from './config'
import { notify, type NoticeInput } from './notices'
import { endSession, getUserData, type UserData } from './session'

export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue>
  /** Sent as JSON. */
  body?: unknown
  /** Sent as multipart/form-data (file uploads); the browser sets the content type and boundary. */
  form?: FormData
  /** Send the session headers and treat 401 as "session over" (default true). */
  auth?: boolean
  /** Show the error notice on failure (default true). */
  notifyErrors?: boolean
  /**
   * The enterprise worked on, sent as the `enterpriseId` header in place of the
   * user's own (SUPER_ADMIN administering another enterprise; the server finds
   * nothing of another enterprise for anyone else).
   */
  enterpriseId?: number
  signal?: AbortSignal
}

/** A failed call. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number
  readonly body: ApiErrorBody | null

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? body?.errors?.[0] ?? body?.message ?? `Request failed (${status})`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

/**
 * The notice for a failed call (spec section 8), or null when none is shown
 * (401 on an authenticated call: the session ends instead).
 */
export function errorNotice(
  status: number,
  body: ApiErrorBody | null,
  { auth = true }: { auth?: boolean } = {},
): NoticeInput | null {
  const danger = (message: string): NoticeInput => ({ type: 'danger', title: API_NOTICE_TITLE, message })
  if (status === 401 && auth) return null
  if (status === 0) return danger('')
  if (status === 502) return danger('Request Timed out!')
  const firstError = body?.errors?.find((e) => typeof e === 'string' && e !== '')
  if (firstError) return danger(firstError)
  if (status === 500) return danger('Inconsistent data in request. Please check data')
  return danger(body?.message ?? '')
}

/**
 * The server's problems with a request (each of its `errors`, else its message), for a form to
 * show; null for failures that are not the request's fault (no answer, 401, 5xx).
 */
export function requestRefusal(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) return null
  const errors = (error.body?.errors ?? []).filter((e) => typeof e === 'string' && e !== '')
  return errors.length > 0 ? errors : [error.body?.message || error.message]
}

/** The server's first error text of a failed call (what a confirm pop-up quotes), else its message. */
export function firstErrorText(error: ApiError): string {
  return error.body?.errors?.find((e) => e !== '') ?? error.body?.message ?? error.message
}

/**
 * Shows the notice for a failure of a call made with `notifyErrors: false`,
 * once the caller has handled the outcomes it expected.
 */
export function notifyApiError(error: unknown): void {
  const notice = error instanceof ApiError ? errorNotice(error.status, error.body) : errorNotice(0, null)
  if (notice) notify(notice)
}

/** Headers for a call: JSON, plus the token and enterprise id when signed in. */
export function buildHeaders(user: UserData | null, { auth = true, hasBody = false } = {}): Headers {
  const headers = new Headers({ Accept: 'application/json' })
  if (hasBody) headers.set('Content-Type', 'application/json')
  if (auth && user) {
    headers.set('Authorization', `Bearer ${user.authToken}`)
    if (user.enterprise) headers.set('enterpriseId', String(user.enterprise.id))
  }
  return headers
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function asErrorBody(value: unknown): ApiErrorBody | null {
  if (value && typeof value === 'object') {
    const { message, errors } = value as Record<string, unknown>
    return {
      message: typeof message === 'string' ? message : undefined,
      errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : undefined,
    }
  }
  return typeof value === 'string' && value !== '' ? { message: value } : null
}

/**
 * Sends a call and answers its successful response; a failure raises its
 * notice (unless `notifyErrors: false`), ends the session on 401 and throws.
 */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', query, body, form, auth = true, notifyErrors = true, enterpriseId, signal } = options
  const headers = buildHeaders(auth ? getUserData() : null, { auth, hasBody: body !== undefined && form === undefined })
  if (auth && enterpriseId !== undefined && headers.has('Authorization')) headers.set('enterpriseId', String(enterpriseId))

  let response: Response
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    const error = new ApiError(0, null, 'Server is not responding')
    if (notifyErrors) notify(errorNotice(0, null) ?? {})
    throw error
  }
  if (response.ok) return response

  const errorBody = asErrorBody(await readBody(response))
  if (response.status === 401 && auth) {
    endSession(UNAUTHORIZED_RELOAD_DELAY_MS)
  } else if (notifyErrors) {
    const notice = errorNotice(response.status, errorBody, { auth })
    if (notice) notify(notice)
  }
  throw new ApiError(response.status, errorBody)
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options)
  return (await readBody(response)) as T
}

/** A file the server sent, with the name it suggested (`Content-Disposition`). */
export interface DownloadedFile {
  blob: Blob
  fileName: string | null
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` or `filename="…"`), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim())
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header)
  const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined
  return name ? name : null
}

/** A call answered with a file (an attachment): its bytes and suggested name. Failures as `apiRequest`. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, options)
  return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('Content-Disposition')) }
}
