import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { conversationKeys } from './conversation-keys'

export type OutgoingMessage = ApiRequestBody<'/api/svc-message-instance/svc-send-message', 'post'>
export type SentMessage = ApiResponse<'/api/svc-message-instance/svc-send-message', 'post'>

/** The editor's kinds and what each is sent as. */
export type EditorMode = 'SMS' | 'EMAIL' | 'NOTE'
export const MESSAGE_TYPE_OF: Record<EditorMode, string> = { SMS: 'SMS', EMAIL: 'EMAIL', NOTE: 'INTERNAL_NOTES' }

export interface SendMessageInput {
  leadId: number
  customerId: number | undefined
  mode: EditorMode
  content: string
  subject?: string
  /** The uploaded attachments' addresses (`/api/uploadFile`'s `url`); a text (SMS) carries them as MMS. */
  mediaUrls?: readonly string[]
}

export const SENT_NOTICE_TEXT = 'Successfully Sent'

/**
 * POST /api/svc-message-instance/svc-send-message. The server checks the same
 * rules as the editor (400 with the spec's message, shown by the API client).
 * Only a text carries attachments: the server keeps none on an e-mail or a note.
 */
export function sendMessage({ leadId, customerId, mode, content, subject, mediaUrls = [] }: SendMessageInput): Promise<SentMessage> {
  const body: OutgoingMessage = {
    jaguarFutureServiceInteractionId: leadId,
    id: customerId,
    content,
    messageType: MESSAGE_TYPE_OF[mode],
    subject: mode === 'EMAIL' ? subject : undefined,
    mediaUrl: mode === 'SMS' && mediaUrls.length > 0 ? [...mediaUrls] : undefined,
  }
  return apiRequest<SentMessage>('/api/svc-message-instance/svc-send-message', { method: 'POST', body })
}

/** Sends, then toasts 'Successfully Sent' and refetches the conversation. */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_sent, { leadId }) => {
      notify({ message: SENT_NOTICE_TEXT })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.history(leadId) })
    },
  })
}
