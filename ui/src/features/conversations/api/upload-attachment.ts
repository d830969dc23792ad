import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

const PATH = '/api/uploadFile'

/** What the server kept: `url` goes into the send call's `mediaUrl`. */
export type UploadedAttachment = ApiResponse<typeof PATH, 'post'>

export interface UploadAttachmentInput {
  leadId: number
  file: File
  signal?: AbortSignal
}

/**
 * The file picker's filter, as the endpoint's description lists its types: a
 * hint for the picker only. The server recognises the type from the content and
 * decides (its refusal is what the editor shows), as it does for the size.
 */
export const ATTACHMENT_PICKER_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
  'audio/wav',
  'audio/mpeg',
  'audio/ogg',
].join(',')

/**
 * POST /api/uploadFile?fsiId={leadId}, multipart field `file`: a file to attach to a text of
 * the lead. Raises no notice: the editor shows the refusal beside itself.
 */
export function uploadAttachment({ leadId, file, signal }: UploadAttachmentInput): Promise<UploadedAttachment> {
  const form = new FormData()
  form.append('file', file, file.name)
  return apiRequest<UploadedAttachment>(PATH, { method: 'POST', query: { fsiId: leadId }, form, notifyErrors: false, signal })
}
