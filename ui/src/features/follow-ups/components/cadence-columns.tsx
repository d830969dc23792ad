import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { Switch } from '../../../components/switch/switch'
import type { CadenceStep } from '../api/get-cadence'
import { CHANNELS, delayInDays, MAX_DELAY_HOURS, MAX_SUBJECT_CHARS, parseDelay, stepPurpose, type StepDraft } from '../cadence-model'

/** One row of the editor: the step as typed, as saved, and what is wrong with it. */
export interface CadenceRow {
  draft: StepDraft
  saved: CadenceStep
  changed: boolean
  /** Found here, or named by the server's 400 for this step. */
  problems: string[]
}

export interface CadenceColumnOptions {
  /** Managers edit; everyone else reads. */
  canEdit: boolean
  onChange: (step: string, patch: Partial<StepDraft>) => void
}

const column = createDataTableColumnHelper<CadenceRow>()

/** Step, on/off, wait, channel, subject (e-mail steps) and text; each field labelled with its step. */
export function cadenceColumns({ canEdit, onChange }: CadenceColumnOptions) {
  const readOnly = !canEdit
  return column.columns([
    column.accessor((row) => row.draft.step, {
      id: 'step',
      header: 'Step',
      meta: { width: '12rem' },
      cell: (info) => {
        const { saved, changed } = info.row.original
        return (
          <div className="cadence-step">
            <span className="cadence-step__name">
              <strong>{info.getValue()}</strong>
              {changed ? <span className="badge badge--info">Unsaved</span> : saved.custom ? <span className="badge">Store’s own</span> : null}
            </span>
            <span className="cadence-step__purpose">{stepPurpose(info.getValue())}</span>
          </div>
        )
      },
    }),
    column.accessor((row) => row.draft.enabled, {
      id: 'enabled',
      header: 'On',
      meta: { width: '4.5rem' },
      cell: (info) => (
        <Switch
          checked={info.getValue()}
          label={`Send ${info.row.original.draft.step}`}
          disabled={readOnly}
          onChange={(enabled) => onChange(info.row.original.draft.step, { enabled })}
        />
      ),
    }),
    column.accessor((row) => row.draft.delayHours, {
      id: 'delay',
      header: 'Wait (hours)',
      meta: { width: '8.5rem' },
      cell: (info) => {
        const step = info.row.original.draft.step
        return (
          <div className="cadence-delay">
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DELAY_HOURS}
              step={1}
              value={info.getValue()}
              aria-label={`${step} wait in hours`}
              disabled={readOnly}
              onChange={(event) => onChange(step, { delayHours: event.target.value })}
            />
            <span className="field__hint">{delayInDays(parseDelay(info.getValue()))}</span>
          </div>
        )
      },
    }),
    column.accessor((row) => row.draft.channel, {
      id: 'channel',
      header: 'Channel',
      meta: { width: '7rem' },
      cell: (info) => {
        const step = info.row.original.draft.step
        const known = CHANNELS.some((c) => c.value === info.getValue())
        return (
          <select
            value={info.getValue()}
            aria-label={`${step} channel`}
            disabled={readOnly}
            onChange={(event) => onChange(step, { channel: event.target.value })}
          >
            {CHANNELS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
            {known ? null : <option value={info.getValue()}>{info.getValue()}</option>}
          </select>
        )
      },
    }),
    column.accessor((row) => row.draft.subject, {
      id: 'subject',
      header: 'Subject',
      meta: { width: '14rem' },
      cell: (info) => {
        const { step, channel } = info.row.original.draft
        if (channel !== 'EMAIL') return <span className="cadence-muted">No subject (text)</span>
        return (
          <input
            type="text"
            className="cadence-subject"
            value={info.getValue()}
            maxLength={MAX_SUBJECT_CHARS}
            aria-label={`${step} subject`}
            disabled={readOnly}
            onChange={(event) => onChange(step, { subject: event.target.value })}
          />
        )
      },
    }),
    column.accessor((row) => row.draft.body, {
      id: 'body',
      header: 'Text',
      // No width: the text takes what the others leave.
      cell: (info) => {
        const { draft, problems } = info.row.original
        return (
          <div className="cadence-body">
            <textarea
              rows={draft.channel === 'EMAIL' ? 4 : 3}
              value={info.getValue()}
              aria-label={`${draft.step} text`}
              aria-invalid={problems.length > 0 || undefined}
              readOnly={readOnly}
              onChange={(event) => onChange(draft.step, { body: event.target.value })}
            />
            {problems.length > 0 ? (
              <ul className="cadence-problems" aria-label={`${draft.step} problems`}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )
      },
    }),
  ])
}

export function cadenceRowId(row: CadenceRow): string {
  return row.draft.step
}
