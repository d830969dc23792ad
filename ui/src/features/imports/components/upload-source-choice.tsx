import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { DataSource } from '../api/get-data-sources'
import { sourceKindInfo } from '../data-sources'

export interface UploadSourceChoiceProps {
  /** The store's sources (undefined while they load). */
  sources: readonly DataSource[] | undefined
  storeId: number | undefined
  sourceId: number | undefined
  onSource: (sourceId: number | undefined) => void
  /** "Save this mapping for the source" is ticked. */
  save: boolean
  onSave: (save: boolean) => void
  disabled: boolean
}

/**
 * The mapping step's data source (optional): the store's dealer-system feed the
 * file comes from. Its saved mapping is suggested, and the mapping confirmed
 * here can be saved for it once the file is accepted.
 */
export function UploadSourceChoice({ sources, storeId, sourceId, onSource, save, onSave, disabled }: UploadSourceChoiceProps) {
  const ids = useId()
  const known = sourceId === undefined || (sources ?? []).some((s) => s.id === sourceId)
  const none = sources !== undefined && sources.length === 0
  return (
    <div className="filters upload-source" role="group" aria-label="Data source" data-testid="upload-source">
      <label className="filters__field">
        <span>Data source (optional)</span>
        <select
          value={sourceId ?? ''}
          disabled={disabled || sources === undefined || (none && sourceId === undefined)}
          aria-describedby={`${ids}-hint`}
          onChange={(event) => onSource(event.target.value === '' ? undefined : Number(event.target.value))}
        >
          <option value="">{none ? 'None: the store has no data source' : 'None'}</option>
          {(sources ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({sourceKindInfo(s.sourceKind).label})
            </option>
          ))}
          {known ? null : <option value={sourceId}>Source #{sourceId}</option>}
        </select>
      </label>
      <label className="filters__check">
        <input
          type="checkbox"
          checked={save && sourceId !== undefined}
          disabled={disabled || sourceId === undefined}
          onChange={(event) => onSave(event.target.checked)}
        />
        Save this mapping for the source
      </label>
      <span id={`${ids}-hint`} className="panel__meta upload-source__hint">
        {sourceId !== undefined ? (
          "The source's saved mapping is suggested; its next files of this type map themselves once this one is saved."
        ) : none ? (
          <>
            Files of a dealer-system feed can keep their mapping:{' '}
            <Link to="/imports/sources" search={{ store: storeId }}>
              add a data source
            </Link>
            .
          </>
        ) : (
          'Name the feed the file comes from to use, or keep, its mapping.'
        )}
      </span>
    </div>
  )
}
