import { Popover, type PopoverAnchor } from '../../../components/popover/popover'
import { notify } from '../../../lib/notices'
import { useUpdateVehicleMileage } from '../api/update-vehicle-mileage'

const COPIED_NOTICE_TEXT = 'Text copied to clipboard'

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // No clipboard permission: copy the selection the old way.
    if (!document.execCommand('copy')) throw new Error('copy refused')
  }
}

export interface SelectionMenuPopoverProps {
  /** Where the menu was opened (a stable object, so the popover is not placed and focused again on every render). */
  anchor: PopoverAnchor
  /** The selected text. */
  text: string
  /** The conversation's lead: VMR updates go to its vehicle. */
  leadId: number
  /** The message the menu was opened on: Escape gives focus back to it. */
  returnFocus: HTMLElement | null
  /** Escape or a click elsewhere. */
  onClose: () => void
  /** A choice was made: close, giving focus back to the message. */
  onDone: () => void
  onAppointmentSearch: () => void
}

/**
 * The menu of `useSelectionMenu`: Copy, VMR Update (minder), VMR Update
 * (mileage), Appointment Search. Mounted only while open, so that messages do
 * not each hold a VMR mutation.
 */
export function SelectionMenuPopover({ anchor, text, leadId, returnFocus, onClose, onDone, onAppointmentSearch }: SelectionMenuPopoverProps) {
  const vmr = useUpdateVehicleMileage()
  const updateVmr = (field: { minder: string } | { lastMileage: string }) =>
    // The menu stays (its updates disabled) until the server answers; the notice tells the outcome.
    vmr.mutate({ leadId, ...field }, { onSettled: onDone })

  return (
    <Popover anchor={anchor} label="Selected text" role="menu" className="popover--menu" returnFocus={returnFocus} onClose={onClose}>
      <button
        type="button"
        role="menuitem"
        className="popover__item"
        onClick={() => {
          onDone()
          copyText(text).then(
            () => notify({ message: COPIED_NOTICE_TEXT }),
            () => notify({ type: 'warning', message: 'The text could not be copied.' }),
          )
        }}
      >
        Copy
      </button>
      <button
        type="button"
        role="menuitem"
        className="popover__item"
        disabled={vmr.isPending}
        onClick={() => updateVmr({ minder: text })}
      >
        VMR Update (minder)
      </button>
      <button
        type="button"
        role="menuitem"
        className="popover__item"
        disabled={vmr.isPending}
        onClick={() => updateVmr({ lastMileage: text })}
      >
        VMR Update (mileage)
      </button>
      <button type="button" role="menuitem" className="popover__item" aria-haspopup="dialog" onClick={onAppointmentSearch}>
        Appointment Search
      </button>
    </Popover>
  )
}
