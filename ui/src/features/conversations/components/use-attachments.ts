import { useCallback, useEffect, useRef, useState } from 'react'
import { notifyApiError, requestRefusal } from '../../../lib/api-client'
import { uploadAttachment, type UploadedAttachment } from '../api/upload-attachment'

/** A file chosen for the draft: on its way up, or kept by the server. */
export type Attachment =
  | { key: string; status: 'uploading'; fileName: string; size: number }
  | { key: string; status: 'ready'; fileName: string; size: number; uploaded: UploadedAttachment }

/** A file the server would not take, with its reasons in its words. */
export interface AttachmentRefusal {
  key: string
  fileName: string
  problems: string[]
}

export interface Attachments {
  attachments: readonly Attachment[]
  refusals: readonly AttachmentRefusal[]
  /** Some file is still on its way up. */
  uploading: boolean
  /** The kept files' addresses, in the order chosen: the send call's `mediaUrl`. */
  urls: string[]
  /** Uploads each file at once (earlier refusals are cleared). */
  add: (files: Iterable<File>) => void
  /** Takes a file off the draft (its upload is cancelled if still running). */
  remove: (key: string) => void
  /** Takes every file and refusal off the draft (after a send). */
  clear: () => void
}

let lastKey = 0

/**
 * The attachments of a conversation's draft: each chosen file goes to
 * `/api/uploadFile` for the lead at once. A file the server refuses becomes a
 * refusal with its message and no attachment; a failure that is not the file's
 * fault (no answer, 5xx) raises the usual notice.
 */
export function useAttachments(leadId: number): Attachments {
  const [attachments, setAttachments] = useState<Attachment[]>([])
  const [refusals, setRefusals] = useState<AttachmentRefusal[]>([])
  const uploads = useRef(new Map<string, AbortController>())

  useEffect(() => {
    const running = uploads.current
    return () => {
      for (const controller of running.values()) controller.abort()
      running.clear()
    }
  }, [])

  const add = useCallback(
    (files: Iterable<File>) => {
      setRefusals([])
      for (const file of files) {
        lastKey += 1
        const key = `attachment-${lastKey}`
        const controller = new AbortController()
        uploads.current.set(key, controller)
        setAttachments((list) => [...list, { key, status: 'uploading', fileName: file.name, size: file.size }])
        uploadAttachment({ leadId, file, signal: controller.signal })
          .then(
            (uploaded) =>
              setAttachments((list) =>
                list.map((a) =>
                  a.key === key ? { key, status: 'ready', fileName: uploaded.fileName, size: uploaded.size, uploaded } : a,
                ),
              ),
            (error: unknown) => {
              setAttachments((list) => list.filter((a) => a.key !== key))
              if (controller.signal.aborted) return
              const problems = requestRefusal(error)
              if (problems) setRefusals((list) => [...list, { key, fileName: file.name, problems }])
              else notifyApiError(error)
            },
          )
          .finally(() => uploads.current.delete(key))
      }
    },
    [leadId],
  )

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort()
    uploads.current.delete(key)
    setAttachments((list) => list.filter((a) => a.key !== key))
  }, [])

  const clear = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort()
    uploads.current.clear()
    setAttachments([])
    setRefusals([])
  }, [])

  return {
    attachments,
    refusals,
    uploading: attachments.some((a) => a.status === 'uploading'),
    urls: attachments.flatMap((a) => (a.status === 'ready' ? [a.uploaded.url] : [])),
    add,
    remove,
    clear,
  }
}
