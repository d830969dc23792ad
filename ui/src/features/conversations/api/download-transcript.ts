import { apiDownload } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'

/** GET /api/svc-message-instance/download/transcript/{id} — the conversation as text, as the caller may see it, saved. */
export async function downloadTranscript(leadId: number): Promise<void> {
  const file = await apiDownload(`/api/svc-message-instance/download/transcript/${leadId}`)
  saveFile(file.blob, file.fileName ?? `conversation-${leadId}.txt`)
}
