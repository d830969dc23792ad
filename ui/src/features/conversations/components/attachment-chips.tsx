import { formatBytes } from '../../../lib/format-number'
import type { Attachment } from './use-attachments'

export interface AttachmentChipsProps {
  attachments: readonly Attachment[]
  onRemove: (key: string) => void
  /** The chips cannot be removed now (the draft is being sent). */
  disabled?: boolean
  /** Why the attachments will not go with the message (not a text), shown under the chips. */
  note?: string
}

/**
 * The draft's attachments as removable chips: a thumbnail for a picture the
 * server kept, the name and size for any other file, and a bar while a file
 * is still on its way up.
 */
export function AttachmentChips({ attachments, onRemove, disabled = false, note }: AttachmentChipsProps) {
  if (attachments.length === 0) return null
  return (
    <div className="chat-editor__attachments">
      <ul className="attachment-chips" aria-label="Attachments" data-testid="attachments">
        {attachments.map((a) => {
          const picture = a.status === 'ready' && a.uploaded.contentType.startsWith('image/')
          return (
            <li
              key={a.key}
              className={`attachment-chip${a.status === 'uploading' ? ' is-uploading' : ''}`}
              data-testid="attachment"
              data-status={a.status}
              aria-busy={a.status === 'uploading' || undefined}
            >
              {picture ? (
                <img className="attachment-chip__thumb" src={a.uploaded.url} alt={a.fileName} title={a.fileName} draggable={false} />
              ) : (
                <span className="attachment-chip__file">
                  <span className="attachment-chip__name" title={a.fileName}>
                    {a.fileName}
                  </span>
                  <span className="attachment-chip__size">{a.status === 'uploading' ? 'Uploading…' : formatBytes(a.size)}</span>
                  {a.status === 'uploading' ? (
                    <progress className="attachment-chip__progress" aria-label={`Uploading ${a.fileName}`} />
                  ) : null}
                </span>
              )}
              <button
                type="button"
                className="attachment-chip__remove"
                aria-label={a.status === 'uploading' ? `Cancel uploading ${a.fileName}` : `Remove ${a.fileName}`}
                title={a.status === 'uploading' ? 'Cancel the upload' : 'Remove'}
                disabled={disabled}
                onClick={() => onRemove(a.key)}
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
      {note ? <p className="chat-editor__attachments-note">{note}</p> : null}
    </div>
  )
}
