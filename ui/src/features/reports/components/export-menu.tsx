import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import { EXPORT_FORMATS, type ExportFormat } from '../api/export-report'

export interface ExportMenuProps {
  onExport: (format: ExportFormat) => void
  /** An export is being asked for. */
  busy?: boolean
  disabled?: boolean
}

const FORMAT_LABELS: Record<ExportFormat, string> = {
  CSV: 'CSV',
  XLSX: 'Excel (XLSX)',
}

/** "Export" with a menu of the file formats; picking one starts the export. */
export function ExportMenu({ onExport, busy = false, disabled = false }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled || busy}
        onClick={() => setOpen(!open)}
      >
        {busy ? 'Exporting…' : 'Export'} <span aria-hidden="true">▾</span>
      </button>
      {open && anchor ? (
        <Popover anchor={anchor} label="Export" role="menu" className="popover--menu" onClose={() => setOpen(false)}>
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              className="popover__item"
              onClick={() => {
                setOpen(false)
                onExport(format)
              }}
            >
              {FORMAT_LABELS[format]}
            </button>
          ))}
        </Popover>
      ) : null}
    </>
  )
}
