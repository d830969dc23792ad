import { Popover, type PopoverAnchor } from '../../../components/popover/popover'
import { BookedAppointmentsSection } from './booked-appointments-section'
import { FreeTimesSection } from './free-times-section'
import { MatchingAppointmentsSection } from './matching-appointments-section'

export const APPOINTMENT_SEARCH_TITLE = 'Appointment Search'

export interface AppointmentSearchDialogProps {
  /** Where it opens: the right-click point, or the options button (a stable object or element). */
  anchor: PopoverAnchor
  /** The conversation's lead (future service interaction). */
  leadId: number
  /** The selected text. */
  text: string
  /** The conversation's store; the matching appointments are looked for there (all the caller's stores when unknown). */
  storeId?: number
  /** The store's time zone (IANA): appointment times are shown in it. */
  timeZone?: string
  /** Where Escape and Close give focus back (the message, or the options button). */
  returnFocus: HTMLElement | null
  onClose: () => void
}

/**
 * Appointment Search on a selected text (spec sections 2 and 5, B-S4): for
 * the conversation's lead, the free times near the day and time the text
 * names with Book, the lead's standing appointments with Cancel, and the
 * store's appointments matching the text.
 */
export function AppointmentSearchDialog({ anchor, leadId, text, storeId, timeZone, returnFocus, onClose }: AppointmentSearchDialogProps) {
  const close = () => {
    onClose()
    if (returnFocus?.isConnected) returnFocus.focus()
  }

  return (
    <Popover
      anchor={anchor}
      label={APPOINTMENT_SEARCH_TITLE}
      title={APPOINTMENT_SEARCH_TITLE}
      className="popover--wide appointment-search"
      returnFocus={returnFocus}
      onClose={onClose}
    >
      <div className="appointment-search__head">
        <p className="appointment-search__query">
          Selected <q>{text}</q>
        </p>
        {/* First, so that it (not Book) takes focus when the panel opens. */}
        <button type="button" className="btn btn--small" onClick={close}>
          Close
        </button>
      </div>
      <FreeTimesSection leadId={leadId} text={text} />
      <BookedAppointmentsSection leadId={leadId} timeZone={timeZone} />
      <MatchingAppointmentsSection query={text} storeId={storeId} timeZone={timeZone} />
    </Popover>
  )
}
