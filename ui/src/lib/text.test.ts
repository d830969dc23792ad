import { describe, expect, it } from 'vitest'
import { enumLabel, shortenText } from './text'

describe('shortenText', () => {
  it('keeps 15 characters and adds an ellipsis to longer text', () => {
    expect(shortenText('Hi Sandra, this is Michael')).toBe('Hi Sandra, this…')
    expect(shortenText('Exactly fifteen')).toBe('Exactly fifteen')
    expect(shortenText('Short')).toBe('Short')
  })

  it('folds blanks first and treats none as empty', () => {
    expect(shortenText('  Line one\n\nline two  ')).toBe('Line one line t…')
    expect(shortenText(undefined)).toBe('')
    expect(shortenText(null)).toBe('')
  })

  it('does not cut a character in half, and takes another length', () => {
    expect(shortenText('👍👍👍', 2)).toBe('👍👍…')
    expect(shortenText('abcdef', 3)).toBe('abc…')
  })
})

describe('enumLabel', () => {
  it('writes codes for people', () => {
    expect(enumLabel('APPOINTMENT_SET')).toBe('Appointment set')
    expect(enumLabel('NOT_INTERESTED')).toBe('Not interested')
    expect(enumLabel('SHOW')).toBe('Show')
    expect(enumLabel('')).toBe('')
  })
})
