import { useId, useState, type DragEvent } from 'react'
import { ACCEPTED_FILE_EXTENSIONS } from '../file-types'

export interface DropZoneProps {
  onFile: (file: File) => void
  /** Why no file can be taken yet (e.g. no store chosen); the zone is disabled while set. */
  disabledReason?: string
  /** A file is being read. */
  busy?: boolean
}

/**
 * Drop a data file here — or choose one: the file input stays in the page
 * (keyboard, screen readers) behind its "Choose a file" label.
 */
export function DropZone({ onFile, disabledReason, busy = false }: DropZoneProps) {
  const [over, setOver] = useState(false)
  const inputId = useId()
  const hintId = useId()
  const disabled = disabledReason !== undefined || busy

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setOver(true)
  }

  return (
    <div
      className={['drop-zone', over ? 'is-over' : '', disabled ? 'is-disabled' : ''].filter(Boolean).join(' ')}
      data-testid="drop-zone"
      aria-busy={busy}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        const file = event.dataTransfer.files[0]
        if (!disabled && file) onFile(file)
      }}
    >
      <span className="drop-zone__icon" aria-hidden="true">
        ⇪
      </span>
      <p className="drop-zone__title">{busy ? 'Reading the file…' : (disabledReason ?? 'Drop a data file here')}</p>
      <p className="drop-zone__hint" id={hintId}>
        CSV (comma, semicolon, tab or pipe), XLSX, XLSB, XLS or ODS, up to 100 MB; the first row names the columns.
      </p>
      <label htmlFor={inputId} className={`btn btn--small drop-zone__choose${disabled ? ' is-disabled' : ''}`}>
        Choose a file
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={ACCEPTED_FILE_EXTENSIONS.join(',')}
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared, so that choosing the same file again (after fixing it) is a change too.
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
    </div>
  )
}
