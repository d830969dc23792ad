import { describe, expect, it } from 'vitest'
import {
  areaCodeProblem,
  assistantPhoneProblem,
  chatProblems,
  assistantProblems,
  codeProblem,
  divisionLabel,
  dayProblem,
  defaultWeek,
  emailProblem,
  leadFormProblems,
  logoFileProblem,
  newPasswordProblems,
  phoneProblem,
  storeProblems,
  timeProblem,
  userProblems,
  weekBody,
  weekFrom,
  type ChatDraft,
  type StoreDraft,
  type UserDraft,
} from './admin-validation'

const store = (extra: Partial<StoreDraft> = {}): StoreDraft => ({
  bocId: 1,
  storeCode: 'S-1',
  storeName: 'Harbor Toyota',
  brand: 'TOYOTA',
  phoneNumber: '',
  timeZone: 'America/New_York',
  quietHoursStart: '08:00',
  quietHoursEnd: '21:00',
  helpText: '',
  week: defaultWeek(),
  ...extra,
})

const user = (extra: Partial<UserDraft> = {}): UserDraft => ({
  username: 'new.rep',
  password: 'long-enough',
  firstName: 'Erin',
  lastName: 'Rep',
  email: '',
  empLevel: 'STORE',
  bocId: undefined,
  storeId: 3,
  roles: ['SALES_REP'],
  colorCode: '#2563eb',
  realTimeSync: true,
  callingFeature: false,
  twoStepLogin: false,
  isGuest: false,
  ...extra,
})

describe('codes, times, e-mail and phone', () => {
  it('takes codes of letters, digits, -, _ and . only', () => {
    expect(codeProblem('Store code', ' S-1_a.b ')).toBeNull()
    expect(codeProblem('Store code', '')).toBe('Store code is required')
    expect(codeProblem('Store code', 'S 1')).toBe("Store code may hold only letters, digits, '-', '_' and '.'")
    expect(codeProblem('Store code', 'Ä1')).not.toBeNull()
    expect(codeProblem('Store code', 'x'.repeat(51))).toBe('Store code may have at most 50 characters')
  })

  it('reads times as 24-hour HH:MM', () => {
    expect(timeProblem('Opens', '07:30')).toBeNull()
    expect(timeProblem('Opens', '23:59')).toBeNull()
    expect(timeProblem('Opens', '7:30')).toBe('Opens must be HH:MM (24-hour), e.g. 08:30')
    expect(timeProblem('Opens', '24:00')).not.toBeNull()
    expect(timeProblem('Opens', '')).toBe('Opens is required')
  })

  it('wants an e-mail address shaped like one, and none is fine', () => {
    expect(emailProblem('')).toBeNull()
    expect(emailProblem('rep@harbor.example')).toBeNull()
    expect(emailProblem('rep@harbor')).toBe('"rep@harbor" is not an e-mail address')
    expect(emailProblem('@harbor.example')).not.toBeNull()
    expect(emailProblem('r ep@harbor.example')).not.toBeNull()
  })

  it('wants a phone number the server takes (10 digits, or 11 starting with 1), and none is fine', () => {
    expect(phoneProblem('')).toBeNull()
    expect(phoneProblem('(555)-010-2000')).toBeNull()
    expect(phoneProblem('+15550102000')).toBeNull()
    expect(phoneProblem('555-0102')).toBe('Phone number "555-0102" is not a valid number')
    expect(phoneProblem('555-010-2000 ext')).not.toBeNull()
    expect(phoneProblem('25550102000')).not.toBeNull()
    expect(phoneProblem('+44 20 7946 0958')).not.toBeNull()
  })
})

describe('the store form', () => {
  it('has no problem when complete', () => {
    expect(storeProblems(store())).toEqual({})
  })

  it('names every missing or malformed field at once', () => {
    const problems = storeProblems(store({ bocId: undefined, storeCode: '', storeName: ' ', quietHoursStart: '8', timeZone: '' }))
    expect(problems).toEqual({
      bocId: 'Choose the dealer the store belongs to',
      storeCode: 'Store code is required',
      storeName: 'Store name is required',
      timeZone: 'Choose a time zone',
      quietHoursStart: 'Allowed from must be HH:MM (24-hour), e.g. 08:30',
    })
  })

  it('refuses allowed hours that start and end together, but takes a window across midnight', () => {
    expect(storeProblems(store({ quietHoursStart: '09:00', quietHoursEnd: '09:00' })).quietHoursEnd).toBe(
      'Allowed hours must not start and end at the same time',
    )
    expect(storeProblems(store({ quietHoursStart: '22:00', quietHoursEnd: '06:00' }))).toEqual({})
  })

  it('wants each open day to open before it closes', () => {
    const week = defaultWeek().map((d) => (d.weekday === 2 ? { ...d, opens: '18:00', closes: '07:00' } : d))
    expect(storeProblems(store({ week }))).toEqual({ day2: 'Tuesday: opening must be before closing' })
    expect(dayProblem({ weekday: 3, open: true, opens: '07:00', closes: '' })).toBe(
      'Wednesday: give both opening and closing times, or mark the day closed',
    )
    expect(dayProblem({ weekday: 4, open: true, opens: '7', closes: '18:00' })).toBe('Thursday: times are HH:MM (24-hour)')
    expect(dayProblem({ weekday: 7, open: false, opens: '', closes: '' })).toBeNull()
  })

  it('sends a closed day with neither time, and reads a day the server leaves out as closed', () => {
    expect(weekBody(defaultWeek()).slice(4)).toEqual([
      { weekday: 5, opens: '07:00', closes: '18:00' },
      { weekday: 6, opens: '08:00', closes: '13:00' },
      { weekday: 7 },
    ])
    const week = weekFrom([{ weekday: 1, opens: '09:00', closes: '17:00' }, { weekday: 2 }])
    expect(week[0]).toEqual({ weekday: 1, open: true, opens: '09:00', closes: '17:00' })
    expect(week[1]).toEqual({ weekday: 2, open: false, opens: '', closes: '' })
    expect(week[6]).toEqual({ weekday: 7, open: false, opens: '', closes: '' })
  })
})

describe('the user form', () => {
  it('has no problem when complete', () => {
    expect(userProblems(user(), true)).toEqual({})
  })

  it('wants at least one role and the dealer or store its level needs', () => {
    expect(userProblems(user({ roles: [], storeId: undefined }), true)).toEqual({
      roles: 'Give at least one role',
      storeId: 'Choose the store of a store-level user',
    })
    expect(userProblems(user({ empLevel: 'BOC', storeId: undefined }), true)).toEqual({ bocId: 'Choose the dealer of a dealer-level user' })
    expect(userProblems(user({ empLevel: 'ENTERPRISE', storeId: undefined }), true)).toEqual({})
  })

  it('checks username and password on creation only, and wants an e-mail for the link without a password', () => {
    expect(userProblems(user({ username: 'ab', password: 'short' }), true)).toEqual({
      username: 'Username must have at least 3 characters',
      password: 'Password must have at least 8 characters',
    })
    expect(userProblems(user({ username: 'new rep' }), true).username).toBe('Username must not contain spaces')
    expect(userProblems(user({ password: '' }), true).password).toBe('Give a password, or an e-mail address to send the password link to')
    expect(userProblems(user({ password: '', email: 'rep@harbor.example' }), true)).toEqual({})
    expect(userProblems(user({ username: 'ab', password: '' }), false)).toEqual({})
  })

  it('checks names, e-mail and colour', () => {
    expect(userProblems(user({ firstName: '', lastName: ' ', email: 'nope', colorCode: 'blue' }), false)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: '"nope" is not an e-mail address',
      colorCode: 'Colour must be #RRGGBB',
    })
  })
})

describe('logo and new password', () => {
  it('takes PNG, JPEG and GIF files up to 512 KB', () => {
    expect(logoFileProblem({ name: 'logo.png', type: 'image/png', size: 512 * 1024 })).toBeNull()
    expect(logoFileProblem({ name: 'logo.gif', type: 'image/gif', size: 10 })).toBeNull()
    expect(logoFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe('logo.svg is not a PNG, JPEG or GIF image')
    expect(logoFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 600 * 1024 })).toBe('The logo may be at most 512 KB (big.jpg has 600 KB)')
  })

  it('wants a new password of 8 characters, typed the same twice', () => {
    expect(newPasswordProblems('long-enough', 'long-enough')).toEqual({})
    expect(newPasswordProblems('short', 'shorter')).toEqual({
      password: 'The password must have at least 8 characters',
      confirm: 'The two passwords differ',
    })
  })
})

describe('assistant checks', () => {
  it('takes 10 digits, or 11 starting with 1, and nothing else', () => {
    expect(assistantPhoneProblem('')).toBeNull()
    expect(assistantPhoneProblem('(555) 010-7777')).toBeNull()
    expect(assistantPhoneProblem('+1 555 010 7777')).toBeNull()
    expect(assistantPhoneProblem('25550107777')).toContain('must have 10 digits (or 11 starting with 1)')
    expect(assistantPhoneProblem('555-0107')).toContain('must have 10 digits')
    expect(assistantPhoneProblem('555010777x')).toContain('must have 10 digits')
  })

  it('requires the store and both names, and checks the e-mail', () => {
    expect(assistantProblems({ storeId: undefined, divisionId: 'DIV004', firstName: ' ', lastName: '', phone: '', email: 'nope' })).toEqual({
      storeId: 'Choose the store',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: '"nope" is not an e-mail address',
    })
    expect(assistantProblems({ storeId: 3, divisionId: 'DIV004', firstName: 'Ava', lastName: 'Lane', phone: '5550107777', email: 'a@b.co' })).toEqual({})
    expect(divisionLabel('DIV004')).toBe('Service')
  })
})

describe('lead forms', () => {
  const good = { storeId: 3, brand: 'Toyota', title: 'Text us', consentText: 'I agree.', accentColor: '#EB0A1E', isActive: true }

  it('takes a whole form with a #RRGGBB colour', () => {
    expect(leadFormProblems(good)).toEqual({})
    expect(leadFormProblems({ ...good, accentColor: ' #eb0a1e ' })).toEqual({})
  })

  it('requires the store, brand, title, consent text and colour, and checks the colour and lengths', () => {
    expect(leadFormProblems({ storeId: undefined, brand: ' ', title: '', consentText: '', accentColor: '', isActive: true })).toEqual({
      storeId: 'Choose the store',
      brand: 'Brand is required',
      title: 'Title is required',
      consentText: 'Consent text is required',
      accentColor: 'Accent colour is required',
    })
    expect(leadFormProblems({ ...good, accentColor: '#EB0A1' }).accentColor).toContain('#RRGGBB')
    expect(leadFormProblems({ ...good, accentColor: 'red' }).accentColor).toContain('#RRGGBB')
    expect(leadFormProblems({ ...good, consentText: 'x'.repeat(2001) }).consentText).toBe('Consent text may have at most 2000 characters')
    expect(leadFormProblems({ ...good, brand: 'x'.repeat(51) }).brand).toBe('Brand may have at most 50 characters')
  })
})

describe('areaCodeProblem', () => {
  it('takes three digits, or none unless the provider needs one', () => {
    expect(areaCodeProblem('555')).toBeNull()
    expect(areaCodeProblem('')).toBeNull()
    expect(areaCodeProblem('55')).toBe('Area code must be 3 digits')
    expect(areaCodeProblem(' ', true)).toBe('Give an area code: Bandwidth searches numbers by area code')
    expect(areaCodeProblem('410', true)).toBeNull()
  })
})

describe('chatProblems', () => {
  const HEX = '0123456789abcdef0123456789ABCDEF'
  const good = (extra: Partial<ChatDraft> = {}): ChatDraft => ({
    accountSid: `AC${HEX}`,
    apiKeySid: `SK${HEX}`,
    apiKeySecret: 'a-secret-of-16-chars',
    serviceSid: `IS${HEX}`,
    apiBaseUrl: '',
    ...extra,
  })

  it('takes SIDs with their prefix and 32 hex digits, and a secret of 16 to 200 characters', () => {
    expect(chatProblems(good(), false)).toEqual({})
  })

  it('names each wrong SID and a short or missing secret', () => {
    expect(chatProblems(good({ accountSid: '', apiKeySid: `AC${HEX}`, serviceSid: 'IS123', apiKeySecret: 'short' }), false)).toEqual({
      accountSid: 'Account SID is required',
      apiKeySid: 'API key SID is SK and 32 hexadecimal digits',
      apiKeySecret: 'API key secret has 16 to 200 characters',
      serviceSid: 'Conversations service SID is IS and 32 hexadecimal digits',
    })
    expect(chatProblems(good({ apiKeySecret: '' }), false)).toEqual({ apiKeySecret: 'API key secret is required' })
  })

  it('keeps a saved secret when none is typed', () => {
    expect(chatProblems(good({ apiKeySecret: '' }), true)).toEqual({})
  })
})
