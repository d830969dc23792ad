import { useEffect, useId, useRef, useState } from 'react'
import type { TemplateField } from '../../../components/template-catalogue/api/get-template-catalogue'
import { moveRovingFocus } from '../../../lib/roving-focus'

export interface InsertFieldMenuProps {
  /** The menu's name: Assistant, Customer, Office, Product or Service. */
  group: string
  fields: readonly TemplateField[]
  disabled?: boolean
  /** A field was chosen: its placeholder goes in at the body's cursor. */
  onInsert: (field: TemplateField) => void
}

/**
 * One insert-field menu of the template editor: a button that opens the
 * group's fields. It stays inside the editor's modal dialog (a pop-up laid over
 * the page would be inert behind it). Arrow keys, Home and End move between the
 * fields; Escape closes the menu and gives focus back to its button.
 */
export function InsertFieldMenu({ group, fields, disabled = false, onInsert }: InsertFieldMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return
      setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  return (
    <div className="insert-field">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--small insert-field__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled || fields.length === 0}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {group} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`${group} fields`}
          className="insert-field__menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              // Closes the menu, not the dialog around it.
              event.preventDefault()
              event.stopPropagation()
              close(true)
              return
            }
            if (event.key === 'Tab') {
              close(false)
              return
            }
            moveRovingFocus(event, Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []), 'vertical')
          }}
        >
          {fields.map((field) => (
            <button
              key={field.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="insert-field__item"
              title={field.placeholder}
              onClick={() => {
                setOpen(false)
                onInsert(field)
              }}
            >
              {field.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
