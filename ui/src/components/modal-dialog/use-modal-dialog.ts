import { useEffect, useRef } from 'react'

/**
 * A native `<dialog>` shown as a modal (backdrop, focus kept inside, Escape
 * raises `cancel`) while `open`, closed otherwise. Put the returned ref on the
 * `<dialog>`.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal?.()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return ref
}
