import { useEffect, useLayoutEffect, useRef, type ComponentType } from 'react'
import { minimiseAllChats, useChatDock } from '../../../lib/chat-dock'
import { useRealtimeStatus } from '../../../lib/realtime'
import { canUseMessageOptions, isEnterpriseUser } from '../../../lib/roles'
import { useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { useLiveConversations } from '../api/live-conversations'
import { ChatBox, type ChatAppointmentEditorProps, type ChatShareLinksProps, type ChatTemplatePanelProps } from './chat-box'

export interface ChatDockProps {
  /** The template list each box's Templates toggle shows (the templates feature's panel); none: no toggle. */
  templatePanel?: ComponentType<ChatTemplatePanelProps>
  /** The appointment editor each box's Appointment button opens (the appointments feature's); none: no button. */
  appointmentEditor?: ComponentType<ChatAppointmentEditorProps>
  /** The "Share links" action each box's header shows (the deal room's); none: no action. */
  shareLinks?: ComponentType<ChatShareLinksProps>
  /** The screen shown (its path): when it changes, the boxes tuck away to their headers. */
  screen?: string
}

/** The CSS variable that tells the page how much room the expanded boxes take at the right. */
const RESERVE_VARIABLE = '--chat-dock-reserve'

/**
 * The open chat boxes, docked at the bottom right like a web messenger (at most
 * three; see `lib/chat-dock.ts`). Mounted once for the signed-in screens.
 */
export function ChatDock({ templatePanel, appointmentEditor, shareLinks, screen }: ChatDockProps = {}) {
  const user = useSession()
  const dock = useChatDock()
  const dockRef = useRef<HTMLElement>(null)
  const shownScreen = useRef(screen)
  useEffect(() => {
    if (shownScreen.current === screen) return
    shownScreen.current = screen
    minimiseAllChats()
  }, [screen])
  // The page makes room beside the expanded boxes (conversations.css) rather than sitting under them.
  useLayoutEffect(() => {
    const root = document.documentElement
    const measure = () => {
      const expanded = dockRef.current?.querySelectorAll('.chat-box:not(.is-minimised)') ?? []
      const left = Math.min(...Array.from(expanded, (box) => box.getBoundingClientRect().left))
      root.style.setProperty(RESERVE_VARIABLE, Number.isFinite(left) ? `${Math.max(0, window.innerWidth - left)}px` : '0px')
    }
    measure()
    window.addEventListener('resize', measure)
    return () => {
      window.removeEventListener('resize', measure)
      root.style.removeProperty(RESERVE_VARIABLE)
    }
  }, [dock.boxes])
  const realtimeStatus = useRealtimeStatus()
  const streamDown = realtimeStatus === 'reconnecting' || realtimeStatus === 'polling'
  // Day labels and delayed-response styles follow the clock.
  const now = useNow(30_000, dock.boxes.length > 0)
  useLiveConversations(dock)

  if (!user || dock.boxes.length === 0) return null
  const privileged = canUseMessageOptions(user)
  const enterpriseStyle = isEnterpriseUser(user)

  return (
    <aside ref={dockRef} className="chat-dock" aria-label="Chat boxes" data-testid="chat-dock" data-realtime={realtimeStatus}>
      {dock.boxes.map((box) => (
        <ChatBox
          key={box.leadId}
          box={box}
          focused={dock.focusedId === box.leadId}
          focusSeq={dock.focusRequest?.leadId === box.leadId ? dock.focusRequest.seq : undefined}
          now={now}
          poll={streamDown}
          privileged={privileged}
          enterpriseStyle={enterpriseStyle}
          currentUsername={user.username}
          templatePanel={templatePanel}
          appointmentEditor={appointmentEditor}
          shareLinks={shareLinks}
        />
      ))}
    </aside>
  )
}
