/** Where a popover goes on screen (pure, for tests). */

const MARGIN = 8
const GAP = 4

/** The popover's top-left corner for its size: under the anchor, right edges aligned, flipped above when it does not fit. */
export function placePopover(
  anchor: { top: number; bottom: number; left: number; right: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const clamp = (value: number, max: number) => Math.max(MARGIN, Math.min(value, max))
  const left = clamp(anchor.right - size.width, viewport.width - size.width - MARGIN)
  const below = anchor.bottom + GAP
  const above = anchor.top - GAP - size.height
  const top = below + size.height + MARGIN <= viewport.height || above < MARGIN ? below : above
  return { top: clamp(top, viewport.height - size.height - MARGIN), left }
}
