/**
 * The forms' checks, made here as the server makes them (engine/src/admin) so
 * that a mistake shows at its field before anything is sent. The server still
 * checks everything; its `errors` list is shown when it finds more.
 */
import { parsePhone } from '../../lib/validation'
import type { DayHours } from './api/admin-types'

export const MAX_CODE_CHARS = 50
export const MAX_NAME_CHARS = 100
export const MAX_HELP_CHARS = 320
export const MIN_PASSWORD_CHARS = 8
export const MIN_USERNAME_CHARS = 3
export const MAX_LOGO_BYTES = 512 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const

/** A field's problem, or null. */
export type Problem = string | null
/** The problems of a form, by field; only fields with one are present. */
export type Problems<F extends string> = Partial<Record<F, string>>

export function hasProblems(problems: Partial<Record<string, string | null | undefined>>): boolean {
  return Object.values(problems).some(Boolean)
}

/** Drops the fields without a problem. */
function only<F extends string>(entries: [F, Problem][]): Problems<F> {
  const out: Problems<F> = {}
  for (const [field, problem] of entries) if (problem) out[field] = problem
  return out
}

export function requiredProblem(label: string, value: string, max = MAX_NAME_CHARS): Problem {
  const text = value.trim()
  if (text === '') return `${label} is required`
  if ([...text].length > max) return `${label} may have at most ${max} characters`
  return null
}

const CODE = /^[A-Za-z0-9._-]+$/

/** Codes (enterprise, dealer, store): letters, digits, '-', '_' and '.'. */
export function codeProblem(label: string, value: string): Problem {
  const text = value.trim()
  if (text === '') return `${label} is required`
  if (!CODE.test(text)) return `${label} may hold only letters, digits, '-', '_' and '.'`
  if (text.length > MAX_CODE_CHARS) return `${label} may have at most ${MAX_CODE_CHARS} characters`
  return null
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

export function isTime(value: string): boolean {
  return HH_MM.test(value.trim())
}

export function timeProblem(label: string, value: string): Problem {
  if (value.trim() === '') return `${label} is required`
  return isTime(value) ? null : `${label} must be HH:MM (24-hour), e.g. 08:30`
}

/** A plausible e-mail address (as the server reads one: something@domain.tld, no blanks); '' is none. */
export function emailProblem(value: string): Problem {
  const text = value.trim()
  if (text === '') return null
  const at = text.indexOf('@')
  const plausible = at > 0 && text.slice(at + 1).includes('.') && !/\s/.test(text) && text.indexOf('@', at + 1) === -1
  return plausible ? null : `"${text}" is not an e-mail address`
}

/** A phone number: optional; a US number as the server takes it (`parsePhone`: 10 digits, or 11 starting with 1, no letters). */
export function phoneProblem(value: string): Problem {
  const text = value.trim()
  if (text === '') return null
  return parsePhone(text) === null ? `Phone number "${text}" is not a valid number` : null
}

// ----- stores -----

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

/** One day in the opening-hours editor: closed, or open from–to. */
export interface DayDraft {
  weekday: number
  open: boolean
  opens: string
  closes: string
}

/** The week a new store starts with: the server's default week (Mon–Fri 07:00–18:00, Sat 08:00–13:00, Sun closed). */
export function defaultWeek(): DayDraft[] {
  return WEEKDAYS.map((_, i) => {
    const weekday = i + 1
    if (weekday <= 5) return { weekday, open: true, opens: '07:00', closes: '18:00' }
    if (weekday === 6) return { weekday, open: true, opens: '08:00', closes: '13:00' }
    return { weekday, open: false, opens: '', closes: '' }
  })
}

/** The store's week as the editor holds it; a day the server does not list is closed. */
export function weekFrom(hours: readonly DayHours[]): DayDraft[] {
  return WEEKDAYS.map((_, i) => {
    const day = hours.find((d) => d.weekday === i + 1)
    const open = !!day?.opens && !!day?.closes
    return { weekday: i + 1, open, opens: open ? day!.opens! : '', closes: open ? day!.closes! : '' }
  })
}

/** A day's problem: an open day needs both times, HH:MM, opening before closing. */
export function dayProblem(day: DayDraft): Problem {
  if (!day.open) return null
  const name = WEEKDAYS[day.weekday - 1] ?? `Day ${day.weekday}`
  if (day.opens.trim() === '' || day.closes.trim() === '') return `${name}: give both opening and closing times, or mark the day closed`
  if (!isTime(day.opens) || !isTime(day.closes)) return `${name}: times are HH:MM (24-hour)`
  if (day.opens.trim() >= day.closes.trim()) return `${name}: opening must be before closing`
  return null
}

/** The week as the API takes it: a closed day has neither time. */
export function weekBody(week: readonly DayDraft[]): DayHours[] {
  return week.map((d) => (d.open ? { weekday: d.weekday, opens: d.opens.trim(), closes: d.closes.trim() } : { weekday: d.weekday }))
}

export interface StoreDraft {
  bocId: number | undefined
  storeCode: string
  storeName: string
  brand: string
  phoneNumber: string
  timeZone: string
  quietHoursStart: string
  quietHoursEnd: string
  helpText: string
  week: DayDraft[]
}

export type StoreField = 'bocId' | 'storeCode' | 'storeName' | 'phoneNumber' | 'timeZone' | 'quietHoursStart' | 'quietHoursEnd' | 'helpText' | `day${number}`

export function storeProblems(draft: StoreDraft): Problems<StoreField> {
  const start = timeProblem('Allowed from', draft.quietHoursStart)
  const end = timeProblem('Allowed until', draft.quietHoursEnd)
  const same = !start && !end && draft.quietHoursStart.trim() === draft.quietHoursEnd.trim() ? 'Allowed hours must not start and end at the same time' : null
  return only<StoreField>([
    ['bocId', draft.bocId === undefined ? 'Choose the dealer the store belongs to' : null],
    ['storeCode', codeProblem('Store code', draft.storeCode)],
    ['storeName', requiredProblem('Store name', draft.storeName)],
    ['phoneNumber', phoneProblem(draft.phoneNumber)],
    ['timeZone', draft.timeZone.trim() === '' ? 'Choose a time zone' : null],
    ['quietHoursStart', start],
    ['quietHoursEnd', end ?? same],
    ['helpText', [...draft.helpText.trim()].length > MAX_HELP_CHARS ? `The HELP answer may have at most ${MAX_HELP_CHARS} characters` : null],
    ...draft.week.map((day): [StoreField, Problem] => [`day${day.weekday}`, dayProblem(day)]),
  ])
}

// ----- users -----

export interface UserDraft {
  username: string
  password: string
  firstName: string
  lastName: string
  email: string
  empLevel: string
  bocId: number | undefined
  storeId: number | undefined
  /** In order: the first decides the landing page. */
  roles: string[]
  colorCode: string
  realTimeSync: boolean
  callingFeature: boolean
  /** A one-time code by e-mail after the password (the server needs an e-mail address for it). */
  twoStepLogin: boolean
  isGuest: boolean
}

export type UserField = 'username' | 'password' | 'firstName' | 'lastName' | 'email' | 'empLevel' | 'bocId' | 'storeId' | 'roles' | 'colorCode'

export function userProblems(draft: UserDraft, creating: boolean): Problems<UserField> {
  let username: Problem = null
  let password: Problem = null
  if (creating) {
    const name = draft.username.trim()
    if (name === '') username = 'Username is required'
    else if (/\s/.test(name)) username = 'Username must not contain spaces'
    else if ([...name].length < MIN_USERNAME_CHARS) username = `Username must have at least ${MIN_USERNAME_CHARS} characters`
    if (draft.password !== '' && [...draft.password].length < MIN_PASSWORD_CHARS) {
      password = `Password must have at least ${MIN_PASSWORD_CHARS} characters`
    } else if (draft.password === '' && draft.email.trim() === '') {
      password = 'Give a password, or an e-mail address to send the password link to'
    }
  }
  const color = draft.colorCode.trim()
  return only<UserField>([
    ['username', username],
    ['password', password],
    ['firstName', requiredProblem('First name', draft.firstName)],
    ['lastName', requiredProblem('Last name', draft.lastName)],
    ['email', emailProblem(draft.email)],
    ['empLevel', draft.empLevel === '' ? 'Choose the level' : null],
    ['bocId', draft.empLevel === 'BOC' && draft.bocId === undefined ? 'Choose the dealer of a dealer-level user' : null],
    ['storeId', draft.empLevel === 'STORE' && draft.storeId === undefined ? 'Choose the store of a store-level user' : null],
    ['roles', draft.roles.length === 0 ? 'Give at least one role' : null],
    ['colorCode', color !== '' && !/^#[0-9A-Fa-f]{6}$/.test(color) ? 'Colour must be #RRGGBB' : null],
  ])
}

// ----- logo, password -----

/** The browser's own check of a logo before it is sent (the server checks the bytes too). */
export function logoFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): Problem {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a PNG, JPEG or GIF image`
  if (file.size > MAX_LOGO_BYTES) return `The logo may be at most ${MAX_LOGO_BYTES / 1024} KB (${file.name} has ${Math.ceil(file.size / 1024)} KB)`
  return null
}

export function newPasswordProblems(password: string, confirm: string): Problems<'password' | 'confirm'> {
  return only<'password' | 'confirm'>([
    ['password', [...password].length < MIN_PASSWORD_CHARS ? `The password must have at least ${MIN_PASSWORD_CHARS} characters` : null],
    ['confirm', confirm !== password ? 'The two passwords differ' : null],
  ])
}

// ----- telephony -----

export const GATEWAY_PROVIDERS = ['simulator', 'twilio', 'bandwidth'] as const
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number]

export interface GatewayForm {
  provider: GatewayProvider
  accountSid: string
  /** '' keeps the saved secret (when there is one). */
  authToken: string
  apiBaseUrl: string
  apiUsername: string
  applicationId: string
  /** Bandwidth: the sub-account (site) bought numbers go to; optional. */
  siteId: string
  /** Bandwidth: the location (peer) bought numbers go to; optional. */
  locationId: string
}

export type GatewayField = 'accountSid' | 'authToken' | 'apiUsername' | 'applicationId'

/**
 * What the provider needs: Twilio an account SID (AC…) and its auth token,
 * Bandwidth an account id, API user name and password and an application id.
 * A secret already saved may be left blank.
 */
export function gatewayProblems(form: GatewayForm, hasSavedSecret: boolean): Problems<GatewayField> {
  if (form.provider === 'simulator') return {}
  const secret: Problem = form.authToken.trim() === '' && !hasSavedSecret ? `${form.provider === 'twilio' ? 'Auth token' : 'API password'} is required` : null
  if (form.provider === 'twilio') {
    const sid = form.accountSid.trim()
    return only<GatewayField>([
      ['accountSid', sid === '' ? 'Account SID is required' : sid.startsWith('AC') ? null : 'Account SID starts with AC'],
      ['authToken', secret],
    ])
  }
  return only<GatewayField>([
    ['accountSid', form.accountSid.trim() === '' ? 'Account id is required' : null],
    ['apiUsername', form.apiUsername.trim() === '' ? 'API user name is required' : null],
    ['authToken', secret],
    ['applicationId', form.applicationId.trim() === '' ? 'Application id is required' : null],
  ])
}

/**
 * An area code to search: three digits, or '' (any) where the provider
 * searches without one (Bandwidth searches by area code only: `required`).
 */
export function areaCodeProblem(value: string, required = false): Problem {
  const text = value.trim()
  if (text === '') return required ? 'Give an area code: Bandwidth searches numbers by area code' : null
  return /^\d{3}$/.test(text) ? null : 'Area code must be 3 digits'
}

/** A number to text: required, then as `phoneProblem`. */
export function toNumberProblem(value: string): Problem {
  if (value.trim() === '') return 'To number is required'
  return phoneProblem(value)
}

// ----- assistants -----

/** The divisions an assistant serves; DIV004 (service) when none is chosen. */
export const DIVISIONS = [
  { code: 'DIV004', label: 'Service' },
  { code: 'DIV001', label: 'DIV001' },
  { code: 'DIV002', label: 'DIV002' },
  { code: 'DIV003', label: 'DIV003' },
  { code: 'DIV005', label: 'DIV005' },
] as const
export const SERVICE_DIVISION = 'DIV004'

/** A division's name: 'Service' for DIV004, else its code. */
export function divisionLabel(code: string): string {
  return DIVISIONS.find((d) => d.code === code)?.label ?? code
}

/** An assistant's phone number: optional; as `phoneProblem`, in the assistant form's words. */
export function assistantPhoneProblem(value: string): Problem {
  const text = value.trim()
  if (text === '') return null
  return parsePhone(text) === null ? `Phone number "${text}" must have 10 digits (or 11 starting with 1)` : null
}

export interface AssistantDraft {
  storeId: number | undefined
  divisionId: string
  firstName: string
  lastName: string
  phone: string
  email: string
}

export type AssistantField = 'storeId' | 'firstName' | 'lastName' | 'phone' | 'email'

export function assistantProblems(draft: AssistantDraft): Problems<AssistantField> {
  return only<AssistantField>([
    ['storeId', draft.storeId === undefined ? 'Choose the store' : null],
    ['firstName', requiredProblem('First name', draft.firstName)],
    ['lastName', requiredProblem('Last name', draft.lastName)],
    ['phone', assistantPhoneProblem(draft.phone)],
    ['email', emailProblem(draft.email)],
  ])
}

// ----- lead forms -----

export const MAX_BRAND_CHARS = 50
export const MAX_CONSENT_CHARS = 2_000

/** A colour as the server takes it: `#` and six hex digits. */
export function isHexColor(value: string): boolean {
  return /^#[0-9A-Fa-f]{6}$/.test(value.trim())
}

export interface LeadFormDraft {
  storeId: number | undefined
  brand: string
  title: string
  consentText: string
  accentColor: string
  isActive: boolean
}

export type LeadFormField = 'storeId' | 'brand' | 'title' | 'consentText' | 'accentColor'

export function leadFormProblems(draft: LeadFormDraft): Problems<LeadFormField> {
  const color = draft.accentColor.trim()
  return only<LeadFormField>([
    ['storeId', draft.storeId === undefined ? 'Choose the store' : null],
    ['brand', requiredProblem('Brand', draft.brand, MAX_BRAND_CHARS)],
    ['title', requiredProblem('Title', draft.title)],
    ['consentText', requiredProblem('Consent text', draft.consentText, MAX_CONSENT_CHARS)],
    ['accentColor', color === '' ? 'Accent colour is required' : isHexColor(color) ? null : 'Accent colour must be #RRGGBB, e.g. #EB0A1E'],
  ])
}

// ----- chat (Twilio Conversations) -----

export const MIN_CHAT_SECRET_CHARS = 16
export const MAX_CHAT_SECRET_CHARS = 200

export interface ChatDraft {
  accountSid: string
  apiKeySid: string
  /** '' keeps the saved secret (when there is one). */
  apiKeySecret: string
  serviceSid: string
  apiBaseUrl: string
}

export type ChatField = 'accountSid' | 'apiKeySid' | 'apiKeySecret' | 'serviceSid'

/** A Twilio SID: its two-letter prefix and 32 hexadecimal digits. */
function sidProblem(label: string, prefix: string, value: string): Problem {
  const text = value.trim()
  if (text === '') return `${label} is required`
  return new RegExp(`^${prefix}[0-9A-Fa-f]{32}$`).test(text) ? null : `${label} is ${prefix} and 32 hexadecimal digits`
}

/**
 * What the chat credentials need, as the server checks them: the account (AC…),
 * an API key (SK…) with its secret (16 to 200 characters; a saved one may be
 * kept) and the Conversations service (IS…).
 */
export function chatProblems(draft: ChatDraft, hasSavedSecret: boolean): Problems<ChatField> {
  const secret = draft.apiKeySecret.trim()
  let secretProblem: Problem = null
  if (secret === '') secretProblem = hasSavedSecret ? null : 'API key secret is required'
  else if (secret.length < MIN_CHAT_SECRET_CHARS || secret.length > MAX_CHAT_SECRET_CHARS)
    secretProblem = `API key secret has ${MIN_CHAT_SECRET_CHARS} to ${MAX_CHAT_SECRET_CHARS} characters`
  return only<ChatField>([
    ['accountSid', sidProblem('Account SID', 'AC', draft.accountSid)],
    ['apiKeySid', sidProblem('API key SID', 'SK', draft.apiKeySid)],
    ['apiKeySecret', secretProblem],
    ['serviceSid', sidProblem('Conversations service SID', 'IS', draft.serviceSid)],
  ])
}
