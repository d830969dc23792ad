import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ComponentType } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { ApiError } from '../../../lib/api-client'
import { closeChat, focusChat, minimiseChat, type ChatBox as ChatBoxState } from '../../../lib/chat-dock'
import { REALTIME_FALLBACK_POLL_MS } from '../../../lib/config'
import { formatPhone } from '../../../lib/format-phone'
import { useArchiveMessage } from '../api/archive-message'
import { conversationKeys } from '../api/conversation-keys'
import { useConversation } from '../api/get-conversation'
import { useLead, type Lead } from '../api/get-lead'
import { markRead } from '../api/mark-read'
import { ConversationOptions } from './conversation-options'
import { AddVehicleDialog } from './add-vehicle-dialog'
import { ChatEditor, type ChatEditorHandle } from './chat-editor'
import { ConversationLog } from './conversation-log'
import { lastMessageId, type AppliedTemplate } from './conversation-model'
import { storeTimeZone } from '../../../components/enterprise-stores/store-time-zone'

const ARCHIVE_QUESTION = 'Are you sure want to archive this message?'

/**
 * What a chat box gives the template list it can show instead of the
 * conversation (the templates feature's panel, plugged in where the dock is
 * mounted, so that neither feature imports the other).
 */
export interface ChatTemplatePanelProps {
  leadId: number
  /** The lead's enterprise: its group templates. */
  enterpriseId: number
  /** The lead's service type: the list's first filter and a new template's default. */
  serviceType: string
  /** Apply: the template filled for the lead goes into the editor. */
  onApply: (applied: AppliedTemplate) => void
}

/**
 * What a chat box gives the appointment editor its Appointment button opens
 * (the appointments feature's, plugged in where the dock is mounted, so that
 * neither feature imports the other).
 */
export interface ChatAppointmentEditorProps {
  open: boolean
  leadId: number
  /** The lead's store: the appointment is booked there. */
  storeId: number
  /** The lead's enterprise. */
  enterpriseId: number
  /** The lead's customer, shown read-only. */
  customerName: string
  /** The lead's type (SERVICE, SALES) and service type. */
  leadType: string
  serviceType: string
  /** The lead's stage. */
  stage: string
  /** The lead's appointment, if it has one, and its flag. */
  appointmentId?: number
  appointmentSet: boolean
  /** The store's time zone (IANA). */
  timeZone?: string
  onClose: () => void
  /** After a booking: the lead has changed. */
  onBooked: () => void
}

/**
 * What a chat box gives the "Share links" action of its header (the deal
 * room's, plugged in where the dock is mounted, so that neither feature
 * imports the other).
 */
export interface ChatShareLinksProps {
  leadId: number
}

export interface ChatBoxProps {
  box: ChatBoxState
  focused: boolean
  /** Changes when the box is asked to take keyboard focus (opened or focused again). */
  focusSeq: number | undefined
  now: number
  /** The live stream is down: poll the conversation instead. */
  poll: boolean
  privileged: boolean
  enterpriseStyle: boolean
  /** The signed-in user's username (for the note timer on their own notes). */
  currentUsername: string | undefined
  /** The template list the header's Templates toggle shows instead of the conversation; none: no toggle. */
  templatePanel?: ComponentType<ChatTemplatePanelProps>
  /** The appointment editor the header's Appointment button opens for the lead; none: no button. */
  appointmentEditor?: ComponentType<ChatAppointmentEditorProps>
  /** The header's "Share links" action for the lead; none: no action. */
  shareLinks?: ComponentType<ChatShareLinksProps>
}

function customerName(lead: Lead | undefined, leadId: number): string {
  const c = lead?.customerMaster
  return [c?.firstName, c?.lastName].filter(Boolean).join(' ') || `Lead #${leadId}`
}

/** The lead's VIN (its vehicle's, else the one it came with), undefined for none. */
function leadVin(lead: Lead): string | undefined {
  return lead.serviceVehicle?.vin?.trim() || lead.vin?.trim() || undefined
}

/** "2021 Toyota Camry · VIN 4T1B11HK5JU000001", as much as is known. */
function vehicleText(lead: Lead, vin: string): string {
  const v = lead.serviceVehicle
  const label = [v?.year, v?.make, v?.model].filter((part) => part !== undefined && part !== null && part !== '').join(' ')
  return [label, `VIN ${vin}`].filter(Boolean).join(' · ')
}

/**
 * One chat box of the dock: the customer (name, phone, store), the
 * conversation, and the editor. It can be minimised (an unread badge shows) and
 * closed. Opening or restoring it, and customer messages arriving while it is
 * the focused box, are acknowledged as read. The Templates toggle swaps the
 * conversation for the template list; applying a template fills the editor and
 * shows the conversation again. The Appointment button opens the appointment
 * editor for the lead.
 */
export function ChatBox({
  box,
  focused,
  focusSeq,
  now,
  poll,
  privileged,
  enterpriseStyle,
  currentUsername,
  templatePanel: TemplatePanel,
  appointmentEditor: AppointmentEditor,
  shareLinks: ShareLinks,
}: ChatBoxProps) {
  const { leadId, minimised } = box
  const queryClient = useQueryClient()
  const lead = useLead(leadId)
  const conversation = useConversation(leadId, { refetchInterval: poll && !minimised ? REALTIME_FALLBACK_POLL_MS : false })
  const archive = useArchiveMessage()
  const [archiving, setArchiving] = useState<number | null>(null)
  const [showTemplates, setShowTemplates] = useState(false)
  const [editingAppointment, setEditingAppointment] = useState(false)
  const [addingVehicle, setAddingVehicle] = useState(false)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const titleRef = useRef<HTMLButtonElement>(null)
  const editorRef = useRef<ChatEditorHandle>(null)

  const name = customerName(lead.data, leadId)
  const phone = formatPhone(lead.data?.customerMaster.cellular)
  const store = lead.data?.storeMaster.store_name
  const timeZone = storeTimeZone(lead.data?.storeMaster)
  const unread = lead.data?.totalUnreadCount ?? 0
  const messages = conversation.data
  /** The template list is shown instead of the conversation. */
  const templatesShown = TemplatePanel !== undefined && showTemplates && lead.data !== undefined
  const conversationShown = !minimised && !templatesShown
  const newestId = lastMessageId(messages)
  const vin = lead.data ? leadVin(lead.data) : undefined

  // Keyboard focus follows openChat() and restoring.
  useEffect(() => {
    if (focusSeq === undefined) return
    if (minimised) titleRef.current?.focus()
    else inputRef.current?.focus()
  }, [focusSeq, minimised])

  // Read acknowledgement: once the open box shows the conversation, and again when its unread count rises while it is the focused box.
  // The template list hides the conversation as minimising does.
  const acknowledged = useRef(false)
  useEffect(() => {
    if (!conversationShown) {
      acknowledged.current = false
      return
    }
    if (messages === undefined || newestId === undefined) return
    if (!acknowledged.current || (focused && unread > 0)) {
      acknowledged.current = true
      void markRead(queryClient, leadId, newestId)
    }
  }, [conversationShown, messages, newestId, focused, unread, leadId, queryClient])

  const leadMissing = lead.error instanceof ApiError && lead.error.status === 404
  const conversationError = conversation.isError
    ? leadMissing || (conversation.error instanceof ApiError && conversation.error.status === 404)
      ? { text: `There is no lead #${leadId} that you can see.` }
      : { text: 'The conversation could not be loaded.', retry: () => void conversation.refetch() }
    : null

  const applyTemplate = (applied: AppliedTemplate) => {
    editorRef.current?.fill(applied)
    setShowTemplates(false)
    inputRef.current?.focus()
  }

  const close = () => {
    // Hand keyboard focus to another box rather than dropping it on the page.
    const others = Array.from(document.querySelectorAll<HTMLElement>('.chat-box__title')).filter((el) => el !== titleRef.current)
    closeChat(leadId)
    others.at(-1)?.focus()
  }

  return (
    <section
      className={`chat-box${minimised ? ' is-minimised' : ''}${focused ? ' is-focused' : ''}`}
      aria-label={`Conversation with ${name}`}
      data-testid="chat-box"
      data-lead-id={leadId}
      onFocusCapture={() => focusChat(leadId)}
      onPointerDownCapture={() => focusChat(leadId)}
    >
      <header className="chat-box__header">
        <button
          ref={titleRef}
          type="button"
          className="chat-box__title"
          aria-expanded={!minimised}
          title={minimised ? 'Restore' : 'Minimise'}
          onClick={() => minimiseChat(leadId, !minimised)}
        >
          {lead.isPending ? (
            <span className="chat-box__who" aria-hidden="true">
              <span className="skeleton-bar chat-box__skeleton" />
              <span className="skeleton-bar chat-box__skeleton chat-box__skeleton--short" />
            </span>
          ) : (
            <span className="chat-box__who">
              <span className="chat-box__name" data-testid="chat-box-name">
                {name}
              </span>
              <span className="chat-box__meta">
                {[phone, store].filter(Boolean).join(' · ') || '\u00a0'}
              </span>
            </span>
          )}
          {!conversationShown && unread > 0 ? (
            <span className="count-badge chat-box__badge" data-testid="unread-badge" aria-label={`${unread} unread`}>
              {unread}
            </span>
          ) : null}
        </button>
        {lead.data?.customerMaster.blockSms ? <span className="badge badge--warning chat-box__flag">Opted out</span> : null}
        {TemplatePanel && !minimised ? (
          <button
            type="button"
            className={`chat-box__action chat-box__templates${showTemplates ? ' is-active' : ''}`}
            aria-label="Templates"
            aria-pressed={showTemplates}
            title={showTemplates ? 'Show the conversation' : 'Show the templates'}
            disabled={!lead.data}
            onClick={() => setShowTemplates((shown) => !shown)}
          >
            ☰
          </button>
        ) : null}
        {AppointmentEditor && !minimised ? (
          <button
            type="button"
            className="chat-box__action chat-box__appointment"
            aria-label="Appointment"
            aria-haspopup="dialog"
            title="Book or move an appointment"
            disabled={!lead.data}
            onClick={() => setEditingAppointment(true)}
          >
            {/* Drawn, not an emoji: not every system has an emoji font. */}
            <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {ShareLinks && !minimised ? <ShareLinks leadId={leadId} /> : null}
        {lead.data && !minimised ? (
          <ConversationOptions
            leadId={leadId}
            lead={{
              aiEnabled: lead.data.aiEnabled,
              dtDialogEnabled: lead.data.dtDialogEnabled,
              conversationClosed: lead.data.conversationClosed,
            }}
            leadTools
            compact
          />
        ) : null}
        <button
          type="button"
          className="chat-box__action"
          aria-label={minimised ? 'Restore conversation' : 'Minimise conversation'}
          onClick={() => minimiseChat(leadId, !minimised)}
        >
          {minimised ? '▴' : '–'}
        </button>
        <button type="button" className="chat-box__action" aria-label="Close conversation" onClick={close}>
          ×
        </button>
      </header>
      {minimised ? null : (
        <>
          {lead.data ? (
            <div className="chat-box__vehicle" data-testid="chat-box-vehicle">
              {vin ? (
                <span className="chat-box__vehicle-text">{vehicleText(lead.data, vin)}</span>
              ) : (
                <>
                  <span className="chat-box__vehicle-text chat-box__vehicle-text--none">No vehicle</span>
                  <button
                    type="button"
                    className="btn btn--small chat-box__add-vehicle"
                    aria-haspopup="dialog"
                    onClick={() => setAddingVehicle(true)}
                  >
                    Add vehicle…
                  </button>
                </>
              )}
            </div>
          ) : null}
          {TemplatePanel && showTemplates && lead.data ? (
            <TemplatePanel
              leadId={leadId}
              enterpriseId={lead.data.companyId}
              serviceType={lead.data.serviceType}
              onApply={applyTemplate}
            />
          ) : (
            <ConversationLog
              leadId={leadId}
              messages={messages}
              isPending={conversation.isPending && !conversation.isError}
              error={conversationError}
              lead={lead.data}
              storeId={lead.data?.storeMaster.id}
              timeZone={timeZone}
              now={now}
              privileged={privileged}
              enterpriseStyle={enterpriseStyle}
              currentUsername={currentUsername}
              onArchive={setArchiving}
            />
          )}
          <ChatEditor
            leadId={leadId}
            customerId={lead.data?.customerMaster.id}
            canWriteNotes={privileged}
            disabled={!lead.data}
            inputRef={inputRef}
            handleRef={editorRef}
          />
        </>
      )}
      {AppointmentEditor && lead.data ? (
        <AppointmentEditor
          open={editingAppointment}
          leadId={leadId}
          storeId={lead.data.storeMaster.id}
          enterpriseId={lead.data.companyId}
          customerName={name}
          leadType={lead.data.type}
          serviceType={lead.data.serviceType}
          stage={lead.data.status}
          appointmentId={lead.data.appointmentId ?? undefined}
          appointmentSet={lead.data.appointmentSet}
          timeZone={timeZone}
          onClose={() => setEditingAppointment(false)}
          onBooked={() => void queryClient.invalidateQueries({ queryKey: conversationKeys.lead(leadId), exact: true })}
        />
      ) : null}
      <AddVehicleDialog open={addingVehicle && !vin} leadId={leadId} onClose={() => setAddingVehicle(false)} />
      <ConfirmDialog
        open={archiving !== null}
        header="Archive"
        message={ARCHIVE_QUESTION}
        confirmText="Yes"
        cancelText="No"
        loading={archive.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() => {
          if (archiving === null) return
          archive.mutate({ leadId, messageId: archiving }, { onSuccess: () => setArchiving(null) })
        }}
      />
    </section>
  )
}
