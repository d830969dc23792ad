import { Popover } from '../../../components/popover/popover'
import type { Lane } from '../api/lane-types'

export interface MoveMenuProps {
  anchor: HTMLElement
  /** What is moved (the menu's name). */
  what: string
  /** The lanes it may go to (only those). */
  targets: readonly Lane[]
  onMove: (lane: Lane) => void
  onClose: () => void
}

/** "Move to…": the lanes a card may go to, as a menu (arrow keys, Home, End; Escape closes). */
export function MoveMenu({ anchor, what, targets, onMove, onClose }: MoveMenuProps) {
  return (
    <Popover anchor={anchor} label={`Move ${what} to`} title="Move to" role="menu" className="move-menu" onClose={onClose}>
      {targets.map((lane) => (
        <button
          key={lane.code}
          type="button"
          role="menuitem"
          className="popover__item"
          data-lane-code={lane.code}
          onClick={() => {
            onClose()
            onMove(lane)
          }}
        >
          {lane.title}
        </button>
      ))}
    </Popover>
  )
}
