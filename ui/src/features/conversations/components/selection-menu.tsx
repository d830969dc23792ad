import { useState, type MouseEvent } from 'react'
import { Popover } from '../../../components/popover/popover'
import { notify } from '../../../lib/notices'

const COPIED_NOTICE_TEXT = 'Text copied to clipboard'

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // No clipboard permission: copy the selection the old way.
    if (!document.execCommand('copy')) throw new Error('copy refused')
  }
}

/**
 * The right-click menu on text selected inside a message (spec section 2):
 * Copy. Offered only while text inside `container` is selected; otherwise the
 * browser's own menu shows.
 */
export function useSelectionMenu() {
  const [menu, setMenu] = useState<{ x: number; y: number; text: string } | null>(null)

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const selection = window.getSelection()
    const text = selection?.toString().trim() ?? ''
    const inside = selection?.anchorNode ? event.currentTarget.contains(selection.anchorNode) : false
    if (!text || !inside) return
    event.preventDefault()
    const box = event.currentTarget.getBoundingClientRect()
    // Opened from the keyboard the pointer position is 0,0: hang the menu off the message instead.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0
    setMenu({ x: fromKeyboard ? box.right : event.clientX, y: fromKeyboard ? box.top : event.clientY, text })
  }

  const element = menu ? (
    <Popover anchor={{ x: menu.x, y: menu.y }} label="Selected text" role="menu" className="popover--menu" onClose={() => setMenu(null)}>
      <button
        type="button"
        role="menuitem"
        className="popover__item"
        onClick={() => {
          const { text } = menu
          setMenu(null)
          copyText(text).then(
            () => notify({ message: COPIED_NOTICE_TEXT }),
            () => notify({ type: 'warning', message: 'The text could not be copied.' }),
          )
        }}
      >
        Copy
      </button>
    </Popover>
  ) : null

  return { onContextMenu, menu: element }
}
