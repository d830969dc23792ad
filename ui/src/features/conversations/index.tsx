/**
 * Conversations: the chat dock (open it from any screen with `openChat` from
 * `lib/chat-dock`), and a lead's conversation to read inside another screen
 * (plugged in where that screen is mounted). The linked-conversation pieces are
 * the chat box's log and template picker for the pages signed links open,
 * plugged into those pages by their routes.
 */
export { ChatDock } from './components/chat-dock'
export { ConversationOptions, type ConversationOptionsProps } from './components/conversation-options'
export type { ChatShareLinksProps } from './components/chat-box'
export { LeadConversation, type LeadConversationProps } from './components/lead-conversation'
export {
  LinkedConversationLog,
  LinkedTemplatePicker,
  type LinkedConversationLogProps,
  type LinkedTemplatePickerProps,
} from './components/linked-conversation'
