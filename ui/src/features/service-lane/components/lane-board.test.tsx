import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { pressKey, setupTestRoot } from '../../../test/render'
import type { LaneCard } from '../api/lane-types'
import { groupByLane } from '../lane-model'
import { cardFixture, LANES } from '../test/lane-fixtures'
import { LaneBoard, type LaneBoardProps } from './lane-board'

const view = setupTestRoot()
const loaded = { loaded: true, pending: false, failed: false, retry: () => undefined }

function render(cards: LaneCard[], extra: Partial<LaneBoardProps> = {}) {
  const onMove = vi.fn()
  const onOpenCard = vi.fn()
  view.render(
    <LaneBoard
      lanes={LANES}
      cardsByLane={groupByLane(LANES, cards)}
      open={loaded}
      closed={loaded}
      appointments={{ items: [], pending: false, failed: false, retry: () => undefined }}
      unreadByLane={new Map([['ASSIGNED', 3]])}
      advisors={[]}
      canMove
      seesDelayColor
      timeZone="America/New_York"
      onOpenCard={onOpenCard}
      onOpenAppointment={vi.fn()}
      onMove={onMove}
      {...extra}
    />,
  )
  return { onMove, onOpenCard }
}

const lanes = () => Array.from(view.container.querySelectorAll<HTMLElement>('[data-testid="lane"]'))
const laneEl = (code: string) => view.container.querySelector<HTMLElement>(`[data-lane-code="${code}"]`)!
const card = (id: number) => view.container.querySelector<HTMLElement>(`[data-card-id="${id}"]`)!

/** A drag event with a data transfer (happy-dom has none of its own). */
function drag(target: Element, type: string) {
  const event = new Event(type, { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown }
  const data: Record<string, string> = {}
  event.dataTransfer = { effectAllowed: 'all', dropEffect: 'none', setData: (k: string, v: string) => (data[k] = v), getData: (k: string) => data[k] ?? '' }
  act(() => {
    target.dispatchEvent(event)
  })
  return event
}

describe('LaneBoard', () => {
  it('shows the eight lanes in order with their card and unread counts', () => {
    render([cardFixture(1, 'ASSIGNED', { unreadCount: 1 }), cardFixture(2, 'ASSIGNED'), cardFixture(3, 'HOLD')])
    expect(lanes().map((l) => l.querySelector('h2')?.textContent)).toEqual([
      'Appointments',
      'Checked In',
      'Technician Assigned',
      'Working',
      'Vehicle on Hold',
      'Pre Invoiced',
      'Ready To Post',
      'Closed ROs',
    ])
    expect(laneEl('ASSIGNED').querySelector('[data-testid="lane-count"]')?.textContent).toBe('2')
    expect(laneEl('ASSIGNED').querySelector('[data-testid="lane-unread"]')?.textContent).toBe('3')
    expect(laneEl('HOLD').querySelector('[data-testid="lane-unread"]')).toBeNull()
    expect(card(1).querySelector('[data-testid="card-unread"]')?.textContent).toBe('1')
  })

  it('shows a skeleton in a lane whose list is loading, and the others as loaded', () => {
    render([cardFixture(1, 'ASSIGNED')], { closed: { ...loaded, loaded: false, pending: true } })
    expect(laneEl('CLOSED').getAttribute('aria-busy')).toBe('true')
    expect(laneEl('CLOSED').querySelector('.lane-card--skeleton')).not.toBeNull()
    expect(laneEl('ASSIGNED').getAttribute('aria-busy')).toBeNull()
  })

  it('offers only the allowed lanes in the keyboard "Move" menu, and moves the card to the one chosen', () => {
    const { onMove } = render([cardFixture(1, 'UNASSIGNED')])
    const moveButton = card(1).querySelector<HTMLButtonElement>('.lane-card__move')!
    act(() => moveButton.click())
    const menu = document.querySelector<HTMLElement>('[role="menu"]')!
    const items = Array.from(menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'))
    expect(items.map((i) => i.textContent)).toEqual(['Technician Assigned', 'Working', 'Vehicle on Hold'])
    expect(document.activeElement).toBe(items[0])
    pressKey(menu, 'ArrowDown')
    expect(document.activeElement).toBe(items[1])
    act(() => (document.activeElement as HTMLButtonElement).click())
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), expect.objectContaining({ code: 'ASSIGNED' }))
    expect(document.querySelector('[role="menu"]')).toBeNull()
  })

  it('highlights the lanes a dragged card may go to, and only those accept its drop', () => {
    const { onMove } = render([cardFixture(1, 'BOOKED')])
    drag(card(1), 'dragstart')
    expect(lanes().filter((l) => l.dataset.dropTarget === 'true').map((l) => l.dataset.laneCode)).toEqual(['COMPLETE', 'CLOSED'])
    expect(laneEl('HOLD').classList.contains('is-drop-disabled')).toBe(true)

    // A refused lane does not take the drag over (no preventDefault), so the browser would not drop there.
    expect(drag(laneEl('HOLD'), 'dragover').defaultPrevented).toBe(false)
    drag(laneEl('HOLD'), 'drop')
    expect(onMove).not.toHaveBeenCalled()
  })

  it('moves a card dropped on an allowed lane', () => {
    const { onMove } = render([cardFixture(1, 'BOOKED')])
    drag(card(1), 'dragstart')
    expect(drag(laneEl('CLOSED'), 'dragover').defaultPrevented).toBe(true)
    drag(laneEl('CLOSED'), 'drop')
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), expect.objectContaining({ code: 'CLOSED' }))
    expect(lanes().some((l) => l.dataset.dropTarget)).toBe(false)
  })

  it('has no dragging and no "Move" when the user may not move cards, and hides the delay colour from others', () => {
    render([cardFixture(1, 'UNASSIGNED', { delayColorCode: 'RED' })], { canMove: false, seesDelayColor: false })
    expect(card(1).getAttribute('draggable')).toBe('false')
    expect(card(1).querySelector('.lane-card__move')).toBeNull()
    expect(card(1).querySelector('[data-testid="delay-color"]')).toBeNull()
  })

  it('shows the delay colour to privileged users, and opens a card on click', () => {
    const { onOpenCard } = render([cardFixture(1, 'UNASSIGNED', { delayColorCode: 'RED' })])
    expect(card(1).querySelector('[data-testid="delay-color"]')?.className).toContain('delay-dot--danger')
    act(() => card(1).querySelector<HTMLButtonElement>('.lane-card__open')!.click())
    expect(onOpenCard).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }))
  })
})
