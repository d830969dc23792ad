/** How the board writes a record's source (customers, vehicles, miles and money: lib/record-format). */

/** A record source or booking channel written for people: `DMS` → `DMS`, `AI_TEXT` → `AI Text`, `BAYLINE` → `Bayline`. */
export function sourceText(code: string): string {
  return code
    .split('_')
    .filter(Boolean)
    .map((word) => (word.length <= 3 ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ')
}
