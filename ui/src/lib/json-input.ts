export type JsonInputResult = { ok: true; value: unknown } | { ok: false; error: string }

/** Text typed as JSON: blank is "no value" (undefined); otherwise it must parse. */
export function parseJsonInput(text: string): JsonInputResult {
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, error: `Not valid JSON: ${reason}` }
  }
}

/** A value as indented JSON, for display. */
export function formatJson(value: unknown): string {
  if (value === undefined) return ''
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}
