import { leadAppointmentToMove } from '../appointment-model'
import { AppointmentEditorDialog } from './appointment-editor-dialog'

/**
 * What a lead's panel (the chat box) gives the editor it opens. The
 * conversations feature declares the same shape; the editor is plugged in
 * where the dock is mounted, so neither feature imports the other.
 */
export interface LeadAppointmentEditorProps {
  open: boolean
  leadId: number
  /** The lead's store: the appointment is booked there. */
  storeId: number
  /** The lead's enterprise. */
  enterpriseId: number
  /** The lead's customer, shown read-only. */
  customerName: string
  /** The lead's type (SERVICE, SALES) and service type: the default title. */
  leadType?: string
  serviceType?: string
  /** The lead's stage (APPOINTMENT_SET, SHOW_OR_NO_SHOW…). */
  stage?: string
  /** The lead's appointment and its flag: a booked one still to come is moved ('Schedule'). */
  appointmentId?: number | null
  appointmentSet?: boolean
  /** The store's time zone (IANA). */
  timeZone?: string
  onClose: () => void
  /** After a booking: the lead has changed (its appointment, stage). */
  onBooked?: () => void
}

/**
 * The appointment editor for a lead (B-S1, opened from the lead's panel): the
 * lead's customer read-only; 'Save' books a new appointment, 'Schedule' moves
 * the lead's appointment when it has one still to come.
 */
export function LeadAppointmentEditor({
  open,
  leadId,
  storeId,
  enterpriseId,
  customerName,
  leadType,
  serviceType,
  stage,
  appointmentId,
  appointmentSet,
  timeZone,
  onClose,
  onBooked,
}: LeadAppointmentEditorProps) {
  const moving = leadAppointmentToMove({ appointmentId, appointmentSet, stage })
  return (
    <AppointmentEditorDialog
      open={open}
      storeId={storeId}
      enterpriseId={enterpriseId}
      timeZone={timeZone}
      lead={{ id: leadId, customerName, leadType, serviceType }}
      appointment={moving === undefined ? undefined : { id: moving, customerName }}
      onClose={onClose}
      onBooked={() => onBooked?.()}
    />
  )
}
