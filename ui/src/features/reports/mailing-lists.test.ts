import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import {
  LIST_PREFIX_TEXT,
  listCodeProblem,
  listRefusalText,
  optionalText,
  recipientEmailProblem,
  recipientRefusalText,
  validateMailingListsSearch,
} from './mailing-lists'

describe('a list code (H-R1)', () => {
  it('starts with LIST- and names the list', () => {
    expect(listCodeProblem('LIST-MANAGERS')).toBeNull()
    expect(listCodeProblem('  LIST-E2E  ')).toBeNull()
    expect(listCodeProblem('LIST-A B')).toBeNull()
  })

  it("says 'List Should Start With LIST-' when it does not start with it (upper case, as the server compares)", () => {
    expect(listCodeProblem('MANAGERS')).toBe(LIST_PREFIX_TEXT)
    expect(listCodeProblem('list-managers')).toBe(LIST_PREFIX_TEXT)
    expect(listCodeProblem('LIST_MANAGERS')).toBe(LIST_PREFIX_TEXT)
    expect(LIST_PREFIX_TEXT).toBe('List Should Start With LIST-')
  })

  it('asks for a code, a name after the prefix, and at most 100 characters', () => {
    expect(listCodeProblem('')).toMatch(/Enter the list/)
    expect(listCodeProblem('   ')).toMatch(/Enter the list/)
    expect(listCodeProblem('LIST-')).toMatch(/Name the list after LIST-/)
    expect(listCodeProblem(`LIST-${'A'.repeat(95)}`)).toBeNull()
    expect(listCodeProblem(`LIST-${'A'.repeat(96)}`)).toMatch(/At most 100/)
  })
})

describe("the server's refusal of a new list", () => {
  const refused = (status: number, message: string) => new ApiError(status, { message, errors: [message] })

  it("reads 'List Should Start With LIST-' when the message says it should begin with the prefix", () => {
    expect(listRefusalText(refused(400, 'The mailing list code should begin with LIST- and name the list'))).toBe(LIST_PREFIX_TEXT)
    expect(listRefusalText(new ApiError(400, { message: 'Code Should Begin With LIST-' }))).toBe(LIST_PREFIX_TEXT)
  })

  it("is the server's own message otherwise (a code already used is 409)", () => {
    expect(listRefusalText(refused(409, 'A mailing list LIST-A already exists'))).toBe('A mailing list LIST-A already exists')
    expect(listRefusalText(refused(400, 'The mailing list code is longer than 100 characters'))).toBe(
      'The mailing list code is longer than 100 characters',
    )
    expect(listRefusalText(new ApiError(403, { message: 'Managers only', errors: [] }))).toBe('Managers only')
  })

  it('is no refusal for a 401, a 5xx, no answer or a body without text (the usual notice shows)', () => {
    expect(listRefusalText(refused(401, 'should begin with'))).toBeNull()
    expect(listRefusalText(refused(500, 'boom'))).toBeNull()
    expect(listRefusalText(new ApiError(0, null))).toBeNull()
    expect(listRefusalText(new ApiError(400, { message: '  ', errors: [] }))).toBeNull()
    expect(listRefusalText(new TypeError('x'))).toBeNull()
  })
})

describe('a recipient', () => {
  it('needs an e-mail address as the server checks it', () => {
    expect(recipientEmailProblem('gm@harbor.example.com')).toBeNull()
    expect(recipientEmailProblem('  gm@harbor.example.com ')).toBeNull()
    expect(recipientEmailProblem('')).toMatch(/Enter an e-mail address/)
    for (const bad of ['gm', 'gm@', '@harbor.com', 'gm@harbor', 'gm@.harbor.com', 'g m@harbor.com', `${'a'.repeat(250)}@b.com`]) {
      expect(recipientEmailProblem(bad), bad).toMatch(/valid e-mail address/)
    }
  })

  it("refused shows the server's message", () => {
    expect(recipientRefusalText(new ApiError(409, { message: 'a@b.com is already on the list', errors: ['a@b.com is already on the list'] }))).toBe(
      'a@b.com is already on the list',
    )
    expect(recipientRefusalText(new ApiError(400, { message: '"bad" is not an e-mail address' }))).toBe('"bad" is not an e-mail address')
    expect(recipientRefusalText(new ApiError(502, { message: 'x' }))).toBeNull()
  })

  it('sends a blank name or phone as none', () => {
    expect(optionalText('  ')).toBeUndefined()
    expect(optionalText(' Ann ')).toBe('Ann')
  })
})

describe('the mailing lists URL', () => {
  it('keeps a positive list id only', () => {
    expect(validateMailingListsSearch({ list: '4' })).toEqual({ list: 4 })
    expect(validateMailingListsSearch({ list: 0 })).toEqual({ list: undefined })
    expect(validateMailingListsSearch({ list: 'x' })).toEqual({ list: undefined })
  })
})
