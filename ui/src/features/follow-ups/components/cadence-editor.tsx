import { useCallback, useEffect, useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { ApiError, firstErrorText, notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useCadence, type CadenceStep } from '../api/get-cadence'
import { useSaveCadence } from '../api/save-cadence'
import {
  cadenceChange,
  CADENCE_STOPS_TEXT,
  changedSteps,
  orderedSteps,
  problemsByStep,
  stepProblems,
  toDraft,
  type StepDraft,
} from '../cadence-model'
import { cadenceColumns, cadenceRowId, type CadenceRow } from './cadence-columns'

export interface CadenceEditorProps {
  storeId: number
  /** Managers edit and save; everyone else reads. */
  canEdit: boolean
  /** Told whether there are unsaved changes (false again when the editor goes). */
  onDirtyChange?: (dirty: boolean) => void
}

const noChange = () => undefined

/** A store's cadence: loading, a failure to load, or the form over the saved steps. */
export function CadenceEditor({ storeId, canEdit, onDirtyChange }: CadenceEditorProps) {
  const cadence = useCadence(storeId)
  const saved = useMemo(() => (cadence.data ? orderedSteps(cadence.data.steps) : null), [cadence.data])
  const placeholderColumns = useMemo(() => cadenceColumns({ canEdit: false, onChange: noChange }), [])

  if (!saved) {
    if (cadence.isError) {
      const error = cadence.error
      return (
        <div className="panel panel--error" role="alert" data-testid="cadence-load-error">
          <p>
            {error instanceof ApiError && (error.status === 403 || error.status === 404)
              ? firstErrorText(error)
              : 'The cadence could not be loaded.'}
          </p>
          <button type="button" className="btn" onClick={() => void cadence.refetch()}>
            Try again
          </button>
        </div>
      )
    }
    return (
      <section className="panel" aria-label="Follow-up steps" aria-busy="true">
        <p className="cadence-intro">{CADENCE_STOPS_TEXT}</p>
        <DataTable
          label="Follow-up steps"
          className="cadence-table"
          columns={placeholderColumns}
          data={undefined}
          getRowId={cadenceRowId}
          isLoading
          skeletonRows={9}
        />
      </section>
    )
  }
  // A save (or any new answer) starts the form again from what the server holds.
  return <CadenceForm key={`${storeId}:${cadence.dataUpdatedAt}`} storeId={storeId} saved={saved} canEdit={canEdit} onDirtyChange={onDirtyChange} />
}

export interface CadenceFormProps extends CadenceEditorProps {
  /** The saved steps, in track order. */
  saved: readonly CadenceStep[]
}

/** Why a save was refused, for the screen: a 400's problems, or the text of another refusal. */
type Refusal = { kind: 'problems'; errors: string[] } | { kind: 'message'; text: string }

function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null
  if (error.status === 400) {
    const errors = error.body?.errors?.filter((e) => e !== '') ?? []
    return { kind: 'problems', errors: errors.length > 0 ? errors : [firstErrorText(error)] }
  }
  if (error.status === 403) {
    return { kind: 'message', text: `Only managers can change the follow-up cadence, and your role is not one of them. (${firstErrorText(error)})` }
  }
  if (error.status === 404 || error.status === 409) return { kind: 'message', text: firstErrorText(error) }
  return null
}

/** The steps as a table of fields, with Save and Reset; only the changed steps are sent. */
export function CadenceForm({ storeId, saved, canEdit, onDirtyChange }: CadenceFormProps) {
  const [drafts, setDrafts] = useState<StepDraft[]>(() => saved.map(toDraft))
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  // Steps edited since the server named problems in them: their problems no longer apply.
  const [editedSince, setEditedSince] = useState<ReadonlySet<string>>(() => new Set())
  const save = useSaveCadence()

  const changed = useMemo(() => new Set(changedSteps(drafts, saved)), [drafts, saved])
  const dirty = changed.size > 0

  useEffect(() => {
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange])

  const onChange = useCallback((step: string, patch: Partial<StepDraft>) => {
    setDrafts((prev) => prev.map((d) => (d.step === step ? { ...d, ...patch } : d)))
    setEditedSince((prev) => (prev.has(step) ? prev : new Set([...prev, step])))
  }, [])
  const columns = useMemo(() => cadenceColumns({ canEdit, onChange }), [canEdit, onChange])

  const serverProblems = useMemo(() => (refusal?.kind === 'problems' ? problemsByStep(refusal.errors) : null), [refusal])
  const rows: CadenceRow[] = drafts.flatMap((draft) => {
    const before = saved.find((s) => s.step === draft.step)
    if (!before) return []
    const isChanged = changed.has(draft.step)
    const fromServer = editedSince.has(draft.step) ? [] : (serverProblems?.byStep[draft.step] ?? [])
    return [{ draft, saved: before, changed: isChanged, problems: [...(isChanged ? stepProblems(draft) : []), ...fromServer] }]
  })
  const localProblems = rows.filter((r) => r.changed).reduce((n, r) => n + stepProblems(r.draft).length, 0)

  const onSave = async () => {
    setRefusal(null)
    setEditedSince(new Set())
    try {
      await save.mutateAsync({ storeId, change: cadenceChange(drafts, saved) })
      // The saved cadence replaces the cached one, and the form starts again from it.
      notify({ message: UPDATED_NOTICE_TEXT })
    } catch (error) {
      const explained = refusalOf(error)
      if (explained) setRefusal(explained)
      else notifyApiError(error)
    }
  }

  const onReset = () => {
    setDrafts(saved.map(toDraft))
    setRefusal(null)
    setEditedSince(new Set())
  }

  let status: string
  if (save.isPending) status = 'Saving…'
  else if (!dirty) status = 'No unsaved changes.'
  else if (localProblems > 0) status = `${changed.size} ${changed.size === 1 ? 'step' : 'steps'} changed; fix the ${localProblems === 1 ? 'problem' : `${localProblems} problems`} marked below to save.`
  else status = `${changed.size} ${changed.size === 1 ? 'step' : 'steps'} changed, not saved yet.`

  return (
    <section className="panel" aria-label="Follow-up steps">
      <div className="cadence-toolbar">
        <p className="cadence-intro" data-testid="cadence-stops">
          {CADENCE_STOPS_TEXT} Each wait counts from the last outbound message without a reply.
        </p>
        {canEdit ? (
          <div className="cadence-toolbar__actions">
            <span className={`cadence-status${dirty ? ' is-dirty' : ''}`} aria-live="polite" data-testid="cadence-status">
              {status}
            </span>
            <button type="button" className="btn" disabled={!dirty || save.isPending} onClick={onReset}>
              Reset
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!dirty || localProblems > 0 || save.isPending}
              onClick={() => void onSave()}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        ) : null}
      </div>

      {refusal?.kind === 'message' ? (
        <div className="danger-box cadence-refusal" role="alert" data-testid="cadence-refusal">
          {refusal.text}
        </div>
      ) : null}
      {refusal?.kind === 'problems' ? (
        <div className="danger-box cadence-refusal" role="alert" data-testid="cadence-refusal">
          <strong>Not saved: the server found {refusal.errors.length === 1 ? 'a problem' : `${refusal.errors.length} problems`}.</strong>
          <ul aria-label="Problems">
            {refusal.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <DataTable label="Follow-up steps" className="cadence-table" columns={columns} data={rows} getRowId={cadenceRowId} />
    </section>
  )
}
