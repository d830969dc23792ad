import { describe, expect, it } from 'vitest'
import { placePopover } from './place-popover'

const viewport = { width: 1280, height: 800 }
const size = { width: 200, height: 100 }

describe('placePopover', () => {
  it('hangs under the anchor with right edges aligned', () => {
    expect(placePopover({ top: 100, bottom: 120, left: 500, right: 520 }, size, viewport)).toEqual({ top: 124, left: 320 })
  })

  it('flips above when there is no room below', () => {
    expect(placePopover({ top: 700, bottom: 720, left: 500, right: 520 }, size, viewport)).toEqual({ top: 596, left: 320 })
  })

  it('stays inside the window', () => {
    expect(placePopover({ top: 100, bottom: 120, left: 10, right: 30 }, size, viewport).left).toBe(8)
    expect(placePopover({ top: 10, bottom: 790, left: 500, right: 520 }, size, viewport).top).toBe(692)
  })
})
