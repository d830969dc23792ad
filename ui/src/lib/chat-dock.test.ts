import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  closeBox,
  EMPTY_DOCK,
  expandedBoxesThatFit,
  focusBox,
  getDock,
  loadDock,
  minimiseAll,
  openBox,
  openChat,
  resetChatDock,
  setMinimised,
  upsertSaved,
  type DockState,
} from './chat-dock'
import { getNotices } from './notices'

function open(state: DockState, ...ids: number[]): DockState {
  return ids.reduce((s, id) => openBox(s, id, id * 1000).state, state)
}

describe('the 3-box rule', () => {
  it('opens up to three boxes and refuses a fourth without changing anything', () => {
    const three = open(EMPTY_DOCK, 1, 2, 3)
    expect(three.boxes.map((b) => b.leadId)).toEqual([1, 2, 3])
    const fourth = openBox(three, 4, 4000)
    expect(fourth.outcome).toBe('limit')
    expect(fourth.state).toBe(three)
  })

  it('focuses (and restores) an open conversation instead of opening it twice', () => {
    const three = setMinimised(open(EMPTY_DOCK, 1, 2, 3), 2, true)
    const again = openBox(three, 2, 9000)
    expect(again.outcome).toBe('focused')
    expect(again.state.boxes).toEqual([
      { leadId: 1, minimised: false },
      { leadId: 2, minimised: false },
      { leadId: 3, minimised: false },
    ])
    expect(again.state.focusedId).toBe(2)
    expect(again.state.focusRequest?.leadId).toBe(2)
    expect(again.state.focusRequest?.seq).toBeGreaterThan(three.focusRequest?.seq ?? 0)
  })

  it('makes room again when a box is closed', () => {
    const two = closeBox(open(EMPTY_DOCK, 1, 2, 3), 2)
    expect(two.boxes.map((b) => b.leadId)).toEqual([1, 3])
    expect(openBox(two, 4, 5000).outcome).toBe('opened')
    expect(closeBox(two, 99)).toBe(two)
  })
})

describe('focus and minimising', () => {
  it('focuses the newest box; minimising or closing the focused box leaves none focused', () => {
    const state = open(EMPTY_DOCK, 1, 2)
    expect(state.focusedId).toBe(2)
    expect(setMinimised(state, 2, true).focusedId).toBeNull()
    expect(setMinimised(state, 1, true).focusedId).toBe(2)
    expect(closeBox(state, 2).focusedId).toBeNull()
    expect(setMinimised(setMinimised(state, 1, true), 1, false).focusedId).toBe(1)
  })

  it('only focuses open, restored boxes', () => {
    const state = setMinimised(open(EMPTY_DOCK, 1, 2), 1, true)
    expect(focusBox(state, 1)).toBe(state)
    expect(focusBox(state, 7)).toBe(state)
    expect(focusBox(state, null).focusedId).toBeNull()
  })
})

describe('the page stays usable beside the dock', () => {
  it('keeps as many boxes expanded as leave the page room, at least one', () => {
    expect(expandedBoxesThatFit(390)).toBe(1)
    expect(expandedBoxesThatFit(1280)).toBe(1)
    expect(expandedBoxesThatFit(1600)).toBe(2)
    expect(expandedBoxesThatFit(2560)).toBe(3)
  })

  it('minimises the oldest other expanded box when one more would not fit', () => {
    const one = (s: DockState, id: number) => openBox(s, id, id * 1000, 1).state
    const state = one(one(EMPTY_DOCK, 1), 2)
    expect(state.boxes).toEqual([
      { leadId: 1, minimised: true },
      { leadId: 2, minimised: false },
    ])
    // Restoring the first tucks the second away; with room for two, both stay.
    expect(setMinimised(state, 1, false, 1).boxes.map((b) => b.minimised)).toEqual([false, true])
    expect(setMinimised(state, 1, false, 2).boxes.map((b) => b.minimised)).toEqual([false, false])
  })

  it('tucks every box away when the user leaves the screen', () => {
    const state = open(EMPTY_DOCK, 1, 2)
    const tucked = minimiseAll(state)
    expect(tucked.boxes.every((b) => b.minimised)).toBe(true)
    expect(tucked.focusedId).toBeNull()
    expect(minimiseAll(tucked)).toBe(tucked)
  })
})

describe('saved chats', () => {
  it('upserts by id and drops the oldest beyond the limit', () => {
    let saved = upsertSaved([], 1, 1, 3)
    saved = upsertSaved(saved, 2, 2, 3)
    saved = upsertSaved(saved, 1, 3, 3)
    expect(saved).toEqual([
      { id: 2, openedAt: 2 },
      { id: 1, openedAt: 3 },
    ])
    saved = upsertSaved(upsertSaved(saved, 3, 4, 3), 4, 5, 3)
    expect(saved.map((s) => s.id)).toEqual([1, 3, 4])
  })

  it('keeps 15 by default', () => {
    let saved = upsertSaved([], 1, 1)
    for (let id = 2; id <= 20; id++) saved = upsertSaved(saved, id, id)
    expect(saved).toHaveLength(15)
    expect(saved[0]!.id).toBe(6)
  })
})

describe('the store', () => {
  beforeEach(() => {
    localStorage.clear()
    resetChatDock()
  })
  afterEach(() => {
    localStorage.clear()
    resetChatDock()
  })

  it('keeps the open boxes in local storage and reads them back', () => {
    expect(openChat(11)).toBe('opened')
    expect(openChat(12)).toBe('opened')
    expect(openChat(11)).toBe('focused')
    resetChatDock()
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([11, 12])
    expect(getDock().saved.map((s) => s.id)).toEqual([11, 12])
  })

  it('shows the limitation notice for a fourth box', () => {
    openChat(1)
    openChat(2)
    openChat(3)
    const before = getNotices().length
    expect(openChat(4)).toBe('limit')
    const notice = getNotices().at(-1)!
    expect(getNotices()).toHaveLength(before + 1)
    expect(notice).toMatchObject({
      type: 'danger',
      title: 'Limitation',
      message: 'No more than 3 chat boxes allowed at a time',
    })
    expect(getDock().boxes).toHaveLength(3)
  })

  it('ignores unreadable stored data', () => {
    localStorage.setItem('chatBoxes', '[{"leadId":5},{"leadId":"x"},{"leadId":5},null,{"leadId":6,"minimised":true}]')
    localStorage.setItem('savedChats', 'not json')
    expect(loadDock()).toMatchObject({
      boxes: [
        { leadId: 5, minimised: false },
        { leadId: 6, minimised: true },
      ],
      saved: [],
    })
  })
})
