import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { ApiError, notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useDataSource } from '../api/get-data-source'
import type { DataSource } from '../api/get-data-sources'
import { useUpdateDataSource } from '../api/update-data-source'
import { SOURCE_NAME_MAX, sourceKindInfo, sourceNameProblem } from '../data-sources'
import { refusalText } from '../import-review'
import { SourceEnabledSwitch } from './source-enabled-switch'
import { SourceFolders } from './source-delivery'
import { SourceMappingEditor } from './source-mapping-editor'
import { SyncNowButton } from './sync-now-button'
import { SyncSchedulesPanel } from './sync-schedules-panel'

export interface SourcePanelProps {
  sourceId: number
  enterpriseId: number
  storeName: (id: number | undefined) => string
  onClose: () => void
}

/**
 * One source opened below the table: what it is and where it delivers, its
 * name, "Sync now", its saved column mapping and its scheduled syncs.
 */
export function SourcePanel({ sourceId, enterpriseId, storeName, onClose }: SourcePanelProps) {
  const source = useDataSource(sourceId)

  if (!source.data) {
    const gone = source.error instanceof ApiError && source.error.status === 404
    return (
      <section className="panel" id="source-panel" aria-label="Data source">
        {source.isPending ? (
          <p className="panel__note" aria-busy="true">
            Loading the data source…
          </p>
        ) : (
          <div className="panel--error" role="alert">
            <h2>{gone ? 'Data source not found' : 'The data source could not be loaded'}</h2>
            <p>{gone ? `There is no data source #${sourceId} that you can see.` : source.error?.message}</p>
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      </section>
    )
  }

  const data = source.data
  const kind = sourceKindInfo(data.sourceKind)
  return (
    <section className="panel source-panel" id="source-panel" aria-labelledby="source-panel-title" data-testid="source-panel">
      <header className="panel__header source-panel__header">
        <div className="import-panel-title">
          <h2 id="source-panel-title">{data.name}</h2>
          <span className="panel__meta">
            {kind.label} · {storeName(data.storeIdFk) || 'no store'} · #{data.id}
          </span>
        </div>
        <div className="page__actions">
          <SourceEnabledSwitch source={data} />
          <SyncNowButton source={data} />
          <Link to="/imports/sync-history" search={{ store: data.storeIdFk, source: data.id }} className="btn btn--small">
            Sync history
          </Link>
          <button type="button" className="btn btn--small" onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      <div className="source-panel__body">
        <p className="source-section__intro">{kind.description}</p>
        <RenameForm key={data.name} source={data} />
        <SourceFolders source={data} />
        <SourceMappingEditor source={data} />
        <SyncSchedulesPanel source={data} enterpriseId={enterpriseId} />
      </div>
    </section>
  )
}

/** Renames a source (1 to 100 characters, as the server checks). */
function RenameForm({ source }: { source: DataSource }) {
  const ids = useId()
  const update = useUpdateDataSource()
  const [name, setName] = useState(source.name)
  const [error, setError] = useState<string | null>(null)
  const problem = sourceNameProblem(name)
  const changed = name.trim() !== source.name

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem !== null || !changed || update.isPending) return
    setError(null)
    update.mutate(
      { sourceId: source.id, change: { name: name.trim() }, notifyErrors: false },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (failure) => {
          const text = refusalText(failure)
          if (text === null) notifyApiError(failure)
          else setError(text)
        },
      },
    )
  }

  const shown = error ?? (changed ? problem : null)
  return (
    <form className="filters source-rename" onSubmit={submit} noValidate>
      <label className="filters__field">
        <span>Name</span>
        <input
          type="text"
          value={name}
          autoComplete="off"
          maxLength={SOURCE_NAME_MAX + 20}
          disabled={update.isPending}
          aria-invalid={shown !== null}
          aria-describedby={shown !== null ? `${ids}-problem` : undefined}
          onChange={(event) => {
            setName(event.target.value)
            setError(null)
          }}
        />
      </label>
      <button type="submit" className="btn btn--small" disabled={!changed || problem !== null || update.isPending}>
        {update.isPending ? 'Renaming…' : 'Rename'}
      </button>
      {shown !== null ? (
        <span id={`${ids}-problem`} className="field__error" role="alert">
          {shown}
        </span>
      ) : null}
    </form>
  )
}
