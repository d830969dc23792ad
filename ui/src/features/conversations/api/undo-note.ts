import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

export type UndoNoteResult = ApiResponse<'/api/svc-message-instance/note/undo', 'put'>

export interface UndoNoteInput extends InConversation {
  messageId: number
}

export const NOTE_UNDONE_TEXT = 'Note undone'

/**
 * PUT /api/svc-message-instance/note/undo?message_instance_id= — the note timer:
 * the note's author only, within 40 seconds and before the customer writes
 * again (403/400 otherwise, shown by the API client). The note is archived.
 */
export function undoNote({ messageId }: UndoNoteInput): Promise<UndoNoteResult> {
  return apiRequest<UndoNoteResult>('/api/svc-message-instance/note/undo', {
    method: 'PUT',
    query: { message_instance_id: messageId },
  })
}

export function useUndoNote() {
  return useConversationMutation(undoNote, NOTE_UNDONE_TEXT)
}
