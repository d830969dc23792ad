import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { moveRovingFocus } from '../../lib/roving-focus'
import { placePopover } from './place-popover'

/** Where a popover hangs: below (or above) an element, or at a point (a context menu). */
export type PopoverAnchor = HTMLElement | { x: number; y: number }

export interface PopoverProps {
  anchor: PopoverAnchor
  /** Accessible name (and, with `title`, the visible heading). */
  label: string
  title?: string
  /** `menu`: arrow keys, Home and End move between the `menuitem`s. */
  role?: 'dialog' | 'menu'
  className?: string
  /** Escape, a click outside, or the page scrolling the anchor away. Escape returns focus to `returnFocus` or an element anchor. */
  onClose: () => void
  /** Where Escape puts focus back (default: an element anchor), e.g. the message a context menu was opened on. */
  returnFocus?: HTMLElement | null
  children: ReactNode
}

function anchorRect(anchor: PopoverAnchor) {
  if (anchor instanceof HTMLElement) return anchor.getBoundingClientRect()
  return { top: anchor.y, bottom: anchor.y, left: anchor.x, right: anchor.x }
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A small floating panel (options menus, pickers, context menus), rendered at
 * the end of the page so that scrolling containers do not clip it. Takes focus
 * when it opens; Escape or a click elsewhere closes it.
 */
export function Popover({ anchor, label, title, role = 'dialog', className, onClose, returnFocus, children }: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const latestClose = useRef(onClose)
  useEffect(() => {
    latestClose.current = onClose
  })

  useLayoutEffect(() => {
    const place = () => {
      const el = ref.current
      if (!el) return
      const rect = anchorRect(anchor)
      setPosition(
        placePopover(rect, { width: el.offsetWidth, height: el.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }),
      )
    }
    place()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place)
    if (ref.current) observer?.observe(ref.current)
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
    }
  }, [anchor])

  useEffect(() => {
    const el = ref.current
    const first = el?.querySelector<HTMLElement>(role === 'menu' ? '[role="menuitem"]' : FOCUSABLE)
    ;(first ?? el)?.focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (el?.contains(target)) return
      if (anchor instanceof HTMLElement && anchor.contains(target)) return
      latestClose.current()
    }
    // Escape closes it wherever focus is (the popover's own handler also gives focus back).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latestClose.current()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [anchor, role])

  return createPortal(
    <div
      ref={ref}
      role={role}
      aria-label={label}
      tabIndex={-1}
      className={`popover${className ? ` ${className}` : ''}`}
      // Transparent (not hidden) until placed, so that it can take focus at once.
      style={{ top: position?.top ?? 0, left: position?.left ?? 0, opacity: position ? undefined : 0 }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          event.stopPropagation()
          latestClose.current()
          const back = returnFocus ?? (anchor instanceof HTMLElement ? anchor : null)
          if (back?.isConnected) back.focus()
          return
        }
        if (role !== 'menu') return
        const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])
        moveRovingFocus(event, items, 'vertical')
      }}
    >
      {title ? <h3 className="popover__title">{title}</h3> : null}
      {children}
    </div>,
    document.body,
  )
}
