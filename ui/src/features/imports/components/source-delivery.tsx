import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'
import { formatDateTime } from '../../../lib/date-time'
import type { DataSource } from '../api/get-data-sources'
import { fileTypeOfFolder } from '../data-sources'
import { fileTypeLabel } from '../file-types'
import { CopyTextButton } from './copy-text-button'

/** A source's directory in one line, with a Copy button (the table). */
export function SourceDirectory({ source }: { source: DataSource }) {
  if (!source.directory) return <span className="panel__meta">—</span>
  return (
    <span className="source-directory" title={`${source.directory}\nFolders, in load order: ${source.folders.join(', ')}`}>
      <code className="source-directory__path">{source.directory}</code>
      <CopyTextButton text={source.directory} label={`Copy the directory of ${source.name}`} />
    </span>
  )
}

/** Where a source's files arrive (the table's delivery cell): a drop's directory, the simulator's progress, or nothing. */
export function SourceDeliveryCell({ source }: { source: DataSource }) {
  const zoneOf = useStoreTimeZones()
  if (source.sourceKind === 'FILE_DROP') return <SourceDirectory source={source} />
  if (source.sourceKind === 'SIMULATED_DMS') {
    return (
      <span className="panel__meta" title={source.directory}>
        {source.generatedUntil ? `Delivered up to ${formatDateTime(source.generatedUntil, zoneOf(source.storeIdFk))}` : 'Nothing delivered yet'}
      </span>
    )
  }
  return <span className="panel__meta">Uploaded by hand</span>
}

/**
 * A source's directory and its folders in load order (the source's panel): where
 * the dealer system writes each file type's exports.
 */
export function SourceFolders({ source }: { source: DataSource }) {
  if (!source.directory) return null
  return (
    <div className="source-folders" data-testid="source-folders">
      <p className="source-folders__intro">
        {source.sourceKind === 'FILE_DROP'
          ? 'The dealer system writes each export into the folder of its file type; each sync imports the new files, folders in this order, files by name. Names starting with "." or ending in .part or .tmp wait until they are complete.'
          : 'The simulated dealer system writes its files here; each sync imports them, folders in this order.'}
      </p>
      <SourceDirectory source={source} />
      <ol className="source-folders__list">
        {source.folders.map((folder) => {
          const type = fileTypeOfFolder(folder)
          return (
            <li key={folder}>
              <code>{folder}/</code>
              {type ? <span className="panel__meta"> {fileTypeLabel(type)}</span> : null}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
