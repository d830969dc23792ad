import type { Store } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { useRecallTypes } from '../api/get-recall-types'
import { FILE_TYPES, hasRecallType, type FileTypeCode } from '../file-types'

export interface UploadChoicesProps {
  stores: readonly Store[] | undefined
  store: number | undefined
  fileType: FileTypeCode
  recallType: string | undefined
  onStore: (store: number | undefined) => void
  onFileType: (fileType: FileTypeCode) => void
  onRecallType: (recallType: string | undefined) => void
  /** While a file is read or a load starts. */
  disabled: boolean
}

/** Which store the file is for, what it holds and, for a recall file, the kind of recall. */
export function UploadChoices({ stores, store, fileType, recallType, onStore, onFileType, onRecallType, disabled }: UploadChoicesProps) {
  const recall = hasRecallType(fileType)
  const recallTypes = useRecallTypes({ enabled: recall })
  const storeKnown = store === undefined || (stores ?? []).some((s) => s.id === store)

  return (
    <div className="filters upload-choices" role="group" aria-label="File details">
      <label className="filters__field">
        <span>Store</span>
        <select
          className="upload-choices__store"
          value={store ?? ''}
          disabled={disabled || stores === undefined}
          onChange={(event) => onStore(event.target.value === '' ? undefined : Number(event.target.value))}
        >
          {store === undefined ? <option value="">Choose a store</option> : null}
          {(stores ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.storeName}
            </option>
          ))}
          {storeKnown ? null : <option value={store}>Store #{store}</option>}
        </select>
      </label>
      <label className="filters__field">
        <span>File type</span>
        <select value={fileType} disabled={disabled} onChange={(event) => onFileType(event.target.value as FileTypeCode)}>
          {FILE_TYPES.map((t) => (
            <option key={t.code} value={t.code}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {recall ? (
        <label className="filters__field">
          <span>Recall type</span>
          <select
            value={recallType ?? recallTypes.data?.[0]?.code ?? ''}
            disabled={disabled || !recallTypes.data}
            onChange={(event) => onRecallType(event.target.value || undefined)}
          >
            {(recallTypes.data ?? []).map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
            {recallTypes.data ? null : <option value={recallType ?? ''}>{recallTypes.isError ? 'Default (safety recall)' : 'Loading…'}</option>}
          </select>
        </label>
      ) : null}
    </div>
  )
}
