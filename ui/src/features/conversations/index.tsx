/** Conversations: the chat dock (open it from any screen with `openChat` from `lib/chat-dock`). */
export { ChatDock } from './components/chat-dock'
