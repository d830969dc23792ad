import { describe, expect, it } from 'vitest'
import { formatJson, parseJsonInput } from './json-input'

describe('parseJsonInput', () => {
  it('treats blank as no value', () => {
    expect(parseJsonInput('  \n')).toEqual({ ok: true, value: undefined })
  })

  it('parses JSON', () => {
    expect(parseJsonInput('{"items": 30, "pauseMs": 100}')).toEqual({ ok: true, value: { items: 30, pauseMs: 100 } })
    expect(parseJsonInput('null')).toEqual({ ok: true, value: null })
  })

  it('explains invalid JSON', () => {
    const result = parseJsonInput('{items: 30}')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(/^Not valid JSON: /)
  })
})

describe('formatJson', () => {
  it('indents', () => {
    expect(formatJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(formatJson(undefined)).toBe('')
  })
})
