import { Link } from '@tanstack/react-router'
import { useRef, type KeyboardEvent } from 'react'
import { moveRovingFocus } from '../../../lib/roving-focus'
import { DEALER_SYSTEM_TABS, tabElementId, tabSearch, type DealerSystemTab } from '../dealer-system-search'

export interface DealerSystemTabsProps {
  current: DealerSystemTab
  /** Id of the panel the tabs control. */
  panelId: string
}

/** The record lists as tabs (links: each has its address, keeping the store); arrow keys move between them. */
export function DealerSystemTabs({ current, panelId }: DealerSystemTabsProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    moveRovingFocus(event, Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
  }
  return (
    <div ref={listRef} className="panel-tabs" role="tablist" aria-label="Dealer system records" onKeyDown={onKeyDown}>
      {DEALER_SYSTEM_TABS.map((tab) => {
        const selected = tab.id === current
        return (
          <Link
            key={tab.id}
            id={tabElementId(tab.id)}
            from="/dealer-system"
            to="/dealer-system"
            search={(prev) => tabSearch(prev, tab.id)}
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            className={`panel-tabs__tab${selected ? ' is-selected' : ''}`}
          >
            {tab.label}
          </Link>
        )
      })}
    </div>
  )
}
