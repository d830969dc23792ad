import { useState, type MouseEvent } from 'react'
import type { PopoverAnchor } from '../../../components/popover/popover'
import { notify } from '../../../lib/notices'
import { AppointmentSearchDialog } from './appointment-search-dialog'
import { SelectionMenuPopover } from './selection-menu-popover'
import { SELECT_TEXT_FIRST, selectedTextWithin } from './selected-text'

export interface SelectionMenuContext {
  /** The conversation's lead (future service interaction): VMR updates go to its vehicle, Appointment Search books for it. */
  leadId: number
  /** The lead's store: Appointment Search looks there (all the caller's stores when unknown). */
  storeId?: number
  /** The store's time zone (IANA), for the appointment times. */
  timeZone?: string
}

interface OpenSelection {
  /** A stable point or element, so the popover is not placed (and focused) again on every render. */
  anchor: PopoverAnchor
  text: string
  /** What the menu was opened from (the message body, or its options button); focus goes back to it. */
  target: HTMLElement
  view: 'menu' | 'appointments'
}

/**
 * The right-click menu on text selected inside a message (spec sections 2 and
 * 5): Copy, VMR Update (minder), VMR Update (mileage) and Appointment Search,
 * each working on the selected text. Offered only while text inside the
 * message is selected; otherwise the browser's own menu shows.
 * `openAppointmentSearch` opens Appointment Search from elsewhere (the options
 * menu); without selected text it says text is needed (B-R12).
 */
export function useSelectionMenu({ leadId, storeId, timeZone }: SelectionMenuContext) {
  const [open, setOpen] = useState<OpenSelection | null>(null)

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    const text = selectedTextWithin(event.currentTarget, window.getSelection())
    if (!text) return
    event.preventDefault()
    const box = event.currentTarget.getBoundingClientRect()
    // Opened from the keyboard the pointer position is 0,0: hang the menu off the message instead.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0
    setOpen({
      anchor: { x: fromKeyboard ? box.right : event.clientX, y: fromKeyboard ? box.top : event.clientY },
      text,
      target: event.currentTarget,
      view: 'menu',
    })
  }

  const openAppointmentSearch = (text: string, from: HTMLElement) => {
    if (!text.trim()) {
      notify({ type: 'warning', message: SELECT_TEXT_FIRST })
      return
    }
    setOpen({ anchor: from, text: text.trim(), target: from, view: 'appointments' })
  }

  const close = () => setOpen(null)
  const done = () => {
    if (open?.target.isConnected) open.target.focus()
    close()
  }

  let element = null
  if (open?.view === 'menu') {
    element = (
      <SelectionMenuPopover
        anchor={open.anchor}
        text={open.text}
        leadId={leadId}
        returnFocus={open.target}
        onClose={close}
        onDone={done}
        onAppointmentSearch={() => setOpen({ ...open, view: 'appointments' })}
      />
    )
  } else if (open?.view === 'appointments') {
    element = (
      <AppointmentSearchDialog
        anchor={open.anchor}
        leadId={leadId}
        text={open.text}
        storeId={storeId}
        timeZone={timeZone}
        returnFocus={open.target}
        onClose={close}
      />
    )
  }

  return { onContextMenu, openAppointmentSearch, menu: element }
}
