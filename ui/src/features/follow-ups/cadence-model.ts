/**
 * The cadence editor's rules (docs/follow-ups.md): the nine steps in track
 * order, a step as the form holds it, what changed, what the server would
 * refuse, and the body of a save (only the changed steps).
 */
import type { CadenceStep } from './api/get-cadence'
import type { CadenceChange } from './api/save-cadence'

/** The steps in track order: the text track, then the e-mail track. */
export const CADENCE_STEPS = ['FU1', 'FU2', 'FU3', 'FUDT', 'E1', 'S1', 'E2', 'S2', 'E3'] as const

/** Most hours a step may wait (90 days, as the server checks). */
export const MAX_DELAY_HOURS = 2160
export const MAX_SUBJECT_CHARS = 200
export const MAX_BODY_CHARS = 5000

export type Channel = 'SMS' | 'EMAIL'
export const CHANNELS: readonly { value: Channel; label: string }[] = [
  { value: 'SMS', label: 'SMS' },
  { value: 'EMAIL', label: 'E-mail' },
]

/** What ends a lead's cadence, as the line above the table says it. */
export const CADENCE_STOPS_TEXT =
  "A reply, an opt-out, a booked appointment, a closed conversation or a handoff to staff stops a lead's cadence."

const PURPOSES: Record<string, string> = {
  FU1: 'Text track · 1st follow-up',
  FU2: 'Text track · 2nd follow-up',
  FU3: 'Text track · 3rd follow-up',
  FUDT: 'Text track · asks for a day and time and starts the date-time dialogue',
  E1: 'E-mail track · 1st e-mail',
  S1: 'E-mail track · 1st text',
  E2: 'E-mail track · 2nd e-mail',
  S2: 'E-mail track · 2nd text',
  E3: 'E-mail track · last e-mail',
}

/** What a step is for, shown under its name. */
export function stepPurpose(step: string): string {
  return PURPOSES[step] ?? ''
}

/** A step as the form holds it: what the user typed, unchecked. */
export interface StepDraft {
  step: string
  enabled: boolean
  /** The wait as typed (hours). */
  delayHours: string
  channel: string
  subject: string
  /** The text with line breaks as newlines. */
  body: string
}

/** A stored body as a text field shows it: `<br>` tags back to newlines (the server stores newlines as `<br>`). */
export function editorBody(body: string): string {
  return body.replace(/<br\s*\/?>/gi, '\n')
}

export function toDraft(step: CadenceStep): StepDraft {
  return {
    step: step.step,
    enabled: step.enabled,
    delayHours: String(step.delayHours),
    channel: step.channel,
    subject: step.subject ?? '',
    body: editorBody(step.body),
  }
}

function stepRank(step: string): number {
  const at = (CADENCE_STEPS as readonly string[]).indexOf(step)
  return at === -1 ? CADENCE_STEPS.length : at
}

/** The steps in track order (steps the editor does not know go last, as the server sent them). */
export function orderedSteps<T extends { step: string }>(steps: readonly T[]): T[] {
  return [...steps].sort((a, b) => stepRank(a.step) - stepRank(b.step))
}

/** The wait typed as whole hours, or null when it is not a whole number. */
export function parseDelay(text: string): number | null {
  const trimmed = text.trim()
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null
}

/** Whether the form's step differs from the saved one (the subject counts for e-mail steps only). */
export function isChanged(draft: StepDraft, saved: CadenceStep): boolean {
  const before = toDraft(saved)
  return (
    draft.enabled !== before.enabled ||
    parseDelay(draft.delayHours) !== saved.delayHours ||
    draft.channel !== before.channel ||
    draft.body !== before.body ||
    (draft.channel === 'EMAIL' && draft.subject.trim() !== before.subject.trim())
  )
}

/** The steps whose form differs from the saved cadence. */
export function changedSteps(drafts: readonly StepDraft[], saved: readonly CadenceStep[]): string[] {
  return drafts
    .filter((d) => {
      const before = saved.find((s) => s.step === d.step)
      return before !== undefined && isChanged(d, before)
    })
    .map((d) => d.step)
}

/** What the server would refuse in a step, found before sending (the server checks placeholders too). */
export function stepProblems(draft: StepDraft): string[] {
  const problems: string[] = []
  const delay = parseDelay(draft.delayHours)
  if (delay === null || delay < 1 || delay > MAX_DELAY_HOURS) {
    problems.push(`Wait must be a whole number of hours from 1 to ${MAX_DELAY_HOURS.toLocaleString('en-US')}`)
  }
  if (draft.channel === 'EMAIL') {
    if (draft.subject.trim() === '') problems.push('Please Enter Subject')
    else if ([...draft.subject.trim()].length > MAX_SUBJECT_CHARS) problems.push(`Subject must have at most ${MAX_SUBJECT_CHARS} characters`)
  }
  const body = draft.body.trim()
  if (body === '') problems.push('Please Enter Message')
  else if ([...body].length > MAX_BODY_CHARS) problems.push(`Text must have at most ${MAX_BODY_CHARS.toLocaleString('en-US')} characters`)
  return problems
}

/**
 * The save's body: every changed step in full (enabled, wait, channel, text, and the
 * subject of an e-mail step). A text step leaves its stored subject alone; a step's
 * template link is not sent, so the text saved is the one shown.
 */
export function cadenceChange(drafts: readonly StepDraft[], saved: readonly CadenceStep[]): CadenceChange {
  const changed = new Set(changedSteps(drafts, saved))
  return {
    steps: drafts
      .filter((d) => changed.has(d.step))
      .map((d) => ({
        step: d.step,
        enabled: d.enabled,
        delayHours: parseDelay(d.delayHours) ?? undefined,
        channel: d.channel,
        body: d.body,
        ...(d.channel === 'EMAIL' ? { subject: d.subject.trim() } : {}),
      })),
  }
}

export interface SortedProblems {
  /** Problems the server named a step for (`FU1: …`), by step. */
  byStep: Record<string, string[]>
  /** The rest. */
  general: string[]
}

/** A 400's problems sorted by the step each names (`E1: Please Enter Subject`). */
export function problemsByStep(errors: readonly string[]): SortedProblems {
  const sorted: SortedProblems = { byStep: {}, general: [] }
  for (const error of errors) {
    const match = /^([A-Z0-9]+):\s*(.+)$/.exec(error)
    if (match && (CADENCE_STEPS as readonly string[]).includes(match[1]!)) {
      ;(sorted.byStep[match[1]!] ??= []).push(match[2]!)
    } else {
      sorted.general.push(error)
    }
  }
  return sorted
}

/** A wait in days and weeks: `1 day`, `3 days`, `2 weeks`, `1 day 12 h`; '' under a day or when unreadable. */
export function delayInDays(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours) || hours < 24) return ''
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  if (rest === 0 && days % 7 === 0) {
    const weeks = days / 7
    return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
  }
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`
  return rest === 0 ? dayText : `${dayText} ${rest} h`
}
