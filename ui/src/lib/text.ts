/** Text helpers for the screens. */

/** Spec section 5: long text is shortened to 15 characters plus an ellipsis. */
export const SHORT_TEXT_LENGTH = 15

/**
 * The first `max` characters of `text` and '…' when it is longer; blanks
 * (line breaks, runs of spaces) are folded first. '' for none.
 */
export function shortenText(text: string | null | undefined, max: number = SHORT_TEXT_LENGTH): string {
  const folded = (text ?? '').replace(/\s+/g, ' ').trim()
  const chars = Array.from(folded) // code points: an emoji is not cut in half
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : folded
}

/** An upper-case code written for people: `SALES_REP` → `Sales rep`. */
/** A camelCase field name as words: `timeZone` → `Time zone`, `isActive` → `Active`. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function enumLabel(code: string): string {
  const text = code.toLowerCase().split('_').filter(Boolean).join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
