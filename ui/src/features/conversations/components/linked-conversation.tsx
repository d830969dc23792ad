import { useState, type ComponentType } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import type { MessageView } from '../../../lib/message-events'
import { canUseMessageOptions, isEnterpriseUser } from '../../../lib/roles'
import { getValidSession, useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { useArchiveMessage } from '../api/archive-message'
import { useLead } from '../api/get-lead'
import type { ChatTemplatePanelProps } from './chat-box'
import { ConversationLog } from './conversation-log'
import { appliedContent, type LeadSwitches } from './conversation-model'

const ARCHIVE_QUESTION = 'Are you sure want to archive this message?'

export interface LinkedConversationLogProps {
  leadId: number
  /** Oldest first, as the page's own call returned them. */
  messages: readonly MessageView[] | undefined
  isPending: boolean
  error: { text: string; retry?: () => void } | null
  /** The store's time zone (IANA). */
  timeZone?: string
  /** The lead's AI and Date Time Dialogue switches (the options popover follows them). */
  lead?: LeadSwitches
  /**
   * The visitor also has a staff session in this browser: SUPER_DATA_ADMIN and
   * SUPER_USER get the per-message options popover (handoffs, DT, …) as in a chat box.
   */
  staff: boolean
}

/**
 * A lead's conversation on a page a signed link opens (deal room, customer
 * page): the chat box's log — message cards, store time zone, delivery
 * icons, following the newest message — fed by the page's own (public) call.
 * Staff options appear only for a staff visitor allowed them.
 */
export function LinkedConversationLog({ leadId, messages, isPending, error, timeZone, lead, staff }: LinkedConversationLogProps) {
  const user = useSession()
  const signedIn = staff && user !== null && getValidSession() !== null
  const privileged = signedIn && canUseMessageOptions(user)
  const now = useNow(30_000)
  const archive = useArchiveMessage()
  const [archiving, setArchiving] = useState<number | null>(null)

  return (
    <>
      <ConversationLog
        leadId={leadId}
        messages={messages}
        isPending={isPending}
        error={error}
        lead={lead}
        timeZone={timeZone}
        now={now}
        privileged={privileged}
        // A customer sees no staff colour badges or TO labels.
        enterpriseStyle={!signedIn || isEnterpriseUser(user)}
        currentUsername={signedIn ? user?.username : undefined}
        onArchive={setArchiving}
      />
      {privileged ? (
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
      ) : null}
    </>
  )
}

export interface LinkedTemplatePickerProps {
  leadId: number
  /** Apply: the template's SMS text, filled for the lead. */
  onApply: (text: string) => void
  /** The templates feature's panel (plugged in by the route). */
  templatePanel: ComponentType<ChatTemplatePanelProps>
}

/**
 * The chat box's template picker for a staff visitor of a signed-link page: a
 * Templates toggle showing the template list of the lead's enterprise; Apply
 * hands the filled SMS text to the page's editor. Needs the staff session
 * (the lead is read with it).
 */
export function LinkedTemplatePicker({ leadId, onApply, templatePanel: TemplatePanel }: LinkedTemplatePickerProps) {
  const lead = useLead(leadId)
  const [open, setOpen] = useState(false)
  if (!lead.data) return null
  return (
    <div className="linked-templates" data-testid="linked-templates">
      <button type="button" className="btn btn--small" aria-pressed={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide templates' : 'Templates'}
      </button>
      {open ? (
        <TemplatePanel
          leadId={leadId}
          enterpriseId={lead.data.companyId}
          serviceType={lead.data.serviceType}
          onApply={(applied) => {
            onApply(appliedContent('SMS', applied))
            setOpen(false)
          }}
        />
      ) : null}
    </div>
  )
}
