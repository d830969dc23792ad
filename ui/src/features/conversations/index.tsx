/**
 * Conversations: the chat dock (open it from any screen with `openChat` from
 * `lib/chat-dock`), and a lead's conversation to read inside another screen
 * (plugged in where that screen is mounted).
 */
export { ChatDock } from './components/chat-dock'
export { LeadConversation, type LeadConversationProps } from './components/lead-conversation'
