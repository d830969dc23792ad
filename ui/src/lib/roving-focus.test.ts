import { describe, expect, it } from 'vitest'
import { rovingTarget } from './roving-focus'

describe('rovingTarget', () => {
  it('moves along the orientation, wrapping at the ends', () => {
    expect(rovingTarget('ArrowDown', 0, 3, 'vertical')).toBe(1)
    expect(rovingTarget('ArrowDown', 2, 3, 'vertical')).toBe(0)
    expect(rovingTarget('ArrowUp', 0, 3, 'vertical')).toBe(2)
    expect(rovingTarget('ArrowRight', 1, 3, 'horizontal')).toBe(2)
    expect(rovingTarget('ArrowLeft', 0, 3, 'horizontal')).toBe(2)
  })

  it('goes to the ends with Home and End, and from nowhere to the first', () => {
    expect(rovingTarget('Home', 2, 3, 'horizontal')).toBe(0)
    expect(rovingTarget('End', 0, 3, 'vertical')).toBe(2)
    expect(rovingTarget('ArrowDown', -1, 3, 'vertical')).toBe(0)
  })

  it('ignores other keys, the other orientation and empty groups', () => {
    expect(rovingTarget('ArrowRight', 0, 3, 'vertical')).toBeNull()
    expect(rovingTarget('Enter', 0, 3, 'vertical')).toBeNull()
    expect(rovingTarget('ArrowDown', -1, 0, 'vertical')).toBeNull()
  })
})
