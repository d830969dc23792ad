import { describe, expect, it } from 'vitest'
import { sourceText } from './card-format'

describe('card texts', () => {
  it('write record sources and booking channels for people', () => {
    expect(['DMS', 'AI_TEXT', 'BAYLINE'].map(sourceText)).toEqual(['DMS', 'AI Text', 'Bayline'])
  })
})
