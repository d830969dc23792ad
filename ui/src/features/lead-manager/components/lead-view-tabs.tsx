import { Link } from '@tanstack/react-router'
import { useRef, useState, type KeyboardEvent } from 'react'
import { Popover } from '../../../components/popover/popover'
import { moveRovingFocus } from '../../../lib/roving-focus'
import { selectView } from '../lead-search'
import { LEAD_VIEWS, leadViewTabId, type LeadView, type LeadViewId } from '../lead-views'

export interface LeadViewTabsProps {
  current: LeadView
  /** Id of the panel the tabs control. */
  panelId: string
  /** Id prefix of the tabs (the panel is labelled by the current one). */
  tabIdPrefix: string
}

const TABS = LEAD_VIEWS.filter((v) => v.tab)
const MORE = LEAD_VIEWS.filter((v) => !v.tab)

/**
 * The views as tabs (links, so each view has its address), plus a "More lists"
 * menu for the other lists; a view picked there shows as a tab while current.
 * Arrow keys move between the tabs, Enter opens one.
 */
export function LeadViewTabs({ current, panelId, tabIdPrefix }: LeadViewTabsProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [menuOpen, setMenuOpen] = useState(false)
  const listRef = useRef<HTMLDivElement>(null)
  const shown: readonly LeadView[] = TABS.some((v) => v.id === current.id) ? TABS : [...TABS, current]

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    moveRovingFocus(event, Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
  }

  return (
    <div className="lead-views">
      <div ref={listRef} className="lead-views__tabs" role="tablist" aria-label="Lead lists" onKeyDown={onKeyDown}>
        {shown.map((view) => {
          const selected = view.id === current.id
          return (
            <Link
              key={view.id}
              id={leadViewTabId(tabIdPrefix, view)}
              from="/leadmanager"
              to="/leadmanager"
              search={(prev) => selectView(prev, view.id as LeadViewId)}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className={`lead-views__tab${selected ? ' is-selected' : ''}`}
              title={view.description}
            >
              {view.label}
            </Link>
          )
        })}
      </div>
      <button
        ref={setAnchor}
        type="button"
        className="btn btn--small lead-views__more"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        More lists <span aria-hidden="true">▾</span>
      </button>
      {menuOpen && anchor ? (
        <Popover anchor={anchor} label="More lists" role="menu" onClose={() => setMenuOpen(false)}>
          {MORE.map((view) => (
            <Link
              key={view.id}
              from="/leadmanager"
              to="/leadmanager"
              search={(prev) => selectView(prev, view.id as LeadViewId)}
              role="menuitem"
              aria-current={view.id === current.id ? 'page' : undefined}
              className="popover__item"
              onClick={() => setMenuOpen(false)}
            >
              {view.label}
            </Link>
          ))}
        </Popover>
      ) : null}
    </div>
  )
}
