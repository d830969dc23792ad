/** Arrow-key focus movement inside a group of controls (menus, tab lists). */

export type RovingOrientation = 'vertical' | 'horizontal'

const KEYS: Record<RovingOrientation, { next: string; previous: string }> = {
  vertical: { next: 'ArrowDown', previous: 'ArrowUp' },
  horizontal: { next: 'ArrowRight', previous: 'ArrowLeft' },
}

/** Where focus goes for `key` from item `at` of `count` (wrapping; Home and End go to the ends), or null for other keys. */
export function rovingTarget(key: string, at: number, count: number, orientation: RovingOrientation): number | null {
  if (count === 0) return null
  const { next, previous } = KEYS[orientation]
  const wrap = (index: number) => (index + count) % count
  if (key === next) return wrap(at + 1)
  if (key === previous) return wrap(at - 1)
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

/** Moves focus among `items` for the arrow, Home and End keys of a keydown; other keys are left alone. */
export function moveRovingFocus(
  event: { key: string; preventDefault: () => void },
  items: readonly HTMLElement[],
  orientation: RovingOrientation,
): void {
  const target = rovingTarget(event.key, items.indexOf(document.activeElement as HTMLElement), items.length, orientation)
  if (target === null) return
  event.preventDefault()
  items[target]?.focus()
}
