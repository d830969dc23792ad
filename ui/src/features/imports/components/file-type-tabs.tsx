import { Link } from '@tanstack/react-router'
import { useRef, type KeyboardEvent } from 'react'
import { moveRovingFocus } from '../../../lib/roving-focus'
import { FILE_TYPES, type FileTypeCode } from '../file-types'

export interface FileTypeTabsProps {
  /** The shown type; undefined: every type. */
  current: FileTypeCode | undefined
  /** Id of the panel the tabs control. */
  panelId: string
}

const TABS: { code: FileTypeCode | undefined; label: string; title?: string }[] = [
  { code: undefined, label: 'All files' },
  ...FILE_TYPES.map((t) => ({ code: t.code, label: 'tabLabel' in t ? t.tabLabel : t.label, title: t.label })),
]

/** The uploads by file type, as tabs (links: each has its address); arrow keys move between them. */
export function FileTypeTabs({ current, panelId }: FileTypeTabsProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    moveRovingFocus(event, Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []), 'horizontal')
  }
  return (
    <div ref={listRef} className="panel-tabs" role="tablist" aria-label="File types" onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const selected = tab.code === current
        return (
          <Link
            key={tab.code ?? 'all'}
            from="/imports"
            to="/imports"
            search={(prev) => ({ ...prev, type: tab.code, page: undefined })}
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            className={`panel-tabs__tab${selected ? ' is-selected' : ''}`}
            title={tab.title !== tab.label ? tab.title : undefined}
          >
            {tab.label}
          </Link>
        )
      })}
    </div>
  )
}
