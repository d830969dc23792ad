import { useId, useState } from 'react'
import { notifyApiError } from '../../../lib/api-client'
import type { DataSource } from '../api/get-data-sources'
import { useSourceMapping, type SavedField } from '../api/get-source-mapping'
import { useSaveSourceMapping } from '../api/save-source-mapping'
import { SYNC_LOAD_ORDER, folderOf } from '../data-sources'
import { fileTypeLabel, type FileTypeCode } from '../file-types'
import { refusalText } from '../import-review'
import { canSaveDraft, draftChanged, draftFromFields, draftProblems, MAX_HEADER_LENGTH, sourceMappingPayload } from '../source-mapping'

/**
 * A source's saved mapping, one file type at a time: for each field the header
 * this source's files use (blank: matched by name and synonym as usual). Synced
 * files use it, and so do uploads that name the source.
 */
export function SourceMappingEditor({ source }: { source: DataSource }) {
  const ids = useId()
  const [fileType, setFileType] = useState<FileTypeCode>(SYNC_LOAD_ORDER[0]!)
  const fields = useSourceMapping(source.id, fileType)

  return (
    <section className="source-section" aria-labelledby={`${ids}-title`} data-testid="source-mapping">
      <header className="source-section__header">
        <h3 id={`${ids}-title`}>Column mapping</h3>
        <label className="filters__field">
          <span>File type</span>
          <select value={fileType} onChange={(event) => setFileType(event.target.value as FileTypeCode)}>
            {SYNC_LOAD_ORDER.map((code) => (
              <option key={code} value={code}>
                {fileTypeLabel(code)} ({folderOf(code)})
              </option>
            ))}
          </select>
        </label>
      </header>
      <p className="source-section__intro">
        The header this source&apos;s {fileTypeLabel(fileType)} files use for each field. A field left blank is found by its name and
        the usual synonyms.
      </p>
      {fields.data ? (
        // Remounted when the saved mapping changes (another type, or a save): the form starts from it.
        <MappingForm key={`${fileType}:${fields.dataUpdatedAt}`} source={source} fileType={fileType} fields={fields.data} />
      ) : (
        <p className="panel__note" aria-busy={fields.isPending}>
          {fields.isPending ? 'Loading the fields…' : 'The mapping could not be loaded.'}
        </p>
      )}
    </section>
  )
}

function MappingForm({ source, fileType, fields }: { source: DataSource; fileType: FileTypeCode; fields: SavedField[] }) {
  const ids = useId()
  const [draft, setDraft] = useState<Record<string, string>>(() => draftFromFields(fields))
  const [error, setError] = useState<string | null>(null)
  const save = useSaveSourceMapping()
  const problems = draftProblems(fields, draft)
  const changed = draftChanged(fields, draft)
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? key

  const submit = () => {
    setError(null)
    save.mutate(
      { sourceId: source.id, ...sourceMappingPayload(fileType, fields, draft), notifyErrors: false },
      {
        onError: (failure) => {
          const text = refusalText(failure)
          if (text === null) notifyApiError(failure)
          else setError(text)
        },
      },
    )
  }

  return (
    <form
      className="source-mapping"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSaveDraft(problems) && !save.isPending) submit()
      }}
    >
      <div className="data-table mapping-table source-mapping__table">
        <div className="data-table__scroll">
          <table aria-label={`Saved mapping of ${fileTypeLabel(fileType)} files`}>
            <colgroup>
              <col style={{ width: '40%' }} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Header in the file</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => {
                const shared = problems.sharedWith.get(field.key) ?? []
                const tooLong = problems.tooLong.includes(field.key)
                const problemId = `${ids}-${field.key}-problem`
                const problem = tooLong
                  ? `At most ${MAX_HEADER_LENGTH} characters`
                  : shared.length > 0
                    ? `Also given to ${shared.map(labelOf).join(', ')}`
                    : null
                return (
                  <tr key={field.key} data-row-id={field.key}>
                    <th scope="row" className="source-mapping__field">
                      <span className="mapping-field">
                        <span className="mapping-field__label">{field.label}</span>
                        {field.required ? (
                          <span className="mapping-field__required" title="Required: every row needs a value">
                            <span aria-hidden="true">*</span>
                            <span className="visually-hidden">(required)</span>
                          </span>
                        ) : null}
                      </span>
                    </th>
                    <td>
                      <span className="mapping-column">
                        <input
                          type="text"
                          aria-label={`Header for ${field.label}`}
                          aria-invalid={problem !== null}
                          aria-describedby={problem !== null ? problemId : undefined}
                          className={problem !== null ? 'is-invalid' : undefined}
                          placeholder="Found by name"
                          value={draft[field.key] ?? ''}
                          disabled={save.isPending}
                          autoComplete="off"
                          spellCheck={false}
                          onChange={(event) => {
                            const value = event.target.value
                            setDraft((current) => ({ ...current, [field.key]: value }))
                            setError(null)
                          }}
                        />
                        {problem !== null ? (
                          <span id={problemId} className="mapping-column__problem">
                            {problem}
                          </span>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </div>
      <footer className="mapping-step__footer">
        <p className="panel__meta">
          {canSaveDraft(problems)
            ? changed
              ? 'Not saved yet.'
              : 'Saved.'
            : 'A header can feed one field: headers are compared ignoring case, spaces and punctuation.'}
        </p>
        <div className="page__actions">
          <button type="button" className="btn btn--small" disabled={!changed || save.isPending} onClick={() => setDraft(draftFromFields(fields))}>
            Undo changes
          </button>
          <button type="submit" className="btn btn--primary" disabled={!changed || !canSaveDraft(problems) || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save mapping'}
          </button>
        </div>
      </footer>
      {error !== null ? (
        <div className="danger-box" role="alert" data-testid="mapping-save-error">
          {error}
        </div>
      ) : null}
    </form>
  )
}
