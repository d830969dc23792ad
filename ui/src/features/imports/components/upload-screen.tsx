import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { ApiError, notifyApiError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { useDataSources } from '../api/get-data-sources'
import { useFileReport } from '../api/get-file-report'
import { usePreviewImport, type FilePreview } from '../api/preview-import'
import { useSaveSourceMapping } from '../api/save-source-mapping'
import { useStartImport } from '../api/start-import'
import { hasRecallType, type FileTypeCode } from '../file-types'
import { importAccess } from '../import-access'
import { mappingJson, suggestedMapping, type ColumnMapping } from '../import-mapping'
import { selectUploadStore, selectUploadType, uploadChoices } from '../import-search'
import { uploadMappingPayload } from '../source-mapping'
import { sourceChoicesQuery } from '../source-search'
import { DropZone } from './drop-zone'
import { ExpectedFields } from './expected-fields'
import { ImportsUnavailable } from './imports-unavailable'
import { MappingStep } from './mapping-step'
import { ReportSummary } from './report-summary'
import { UploadChoices } from './upload-choices'
import { UploadSourceChoice } from './upload-source-choice'

const route = getRouteApi('/_app/imports/upload')

/** Where the upload is: choosing a file, mapping its columns, or following its load. */
type UploadStep =
  | { step: 'choose' }
  | { step: 'mapping'; file: File; preview: FilePreview; mapping: ColumnMapping }
  | { step: 'load'; reportId: number }

/** The server's reason for a refused call (a 4xx), else null after the usual notice. */
function refusal(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message
  notifyApiError(error)
  return null
}

/**
 * /imports/upload — a data file for a store: choose the store, the file type
 * (and recall type), drop the file, confirm which column feeds each field,
 * Load, and follow the load live to its report.
 */
export function ImportUploadScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })
  const onlyStore = stores.data?.length === 1 ? stores.data[0]!.id : undefined
  const choices = uploadChoices(search, onlyStore)
  const store = stores.data?.find((s) => s.id === choices.store)
  const access = importAccess(user)
  const storeSources = useDataSources(sourceChoicesQuery(enterprise?.id ?? 0, choices.store), {
    enabled: access === 'ok' && enterprise !== null && choices.store !== undefined,
  })
  const sourceId = search.source

  const [state, setState] = useState<UploadStep>({ step: 'choose' })
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const preview = usePreviewImport()
  const start = useStartImport()
  const saveMapping = useSaveSourceMapping()
  const [saveForSource, setSaveForSource] = useState(false)
  const busy = preview.isPending || start.isPending

  const readFile = (file: File, fileType: FileTypeCode = choices.type, dataSourceId: number | undefined = sourceId) => {
    if (choices.store === undefined) return
    setPreviewError(null)
    setLoadError(null)
    preview.mutate(
      { storeId: choices.store, fileType, file, dataSourceId },
      {
        onSuccess: (found) => setState({ step: 'mapping', file, preview: found, mapping: suggestedMapping(found) }),
        onError: (error) => {
          setState({ step: 'choose' })
          setPreviewError(refusal(error))
        },
      },
    )
  }

  const chooseType = (fileType: FileTypeCode) => {
    void navigate({ search: (prev) => selectUploadType(prev, fileType), replace: true })
    // The same file, read as the other type.
    if (state.step === 'mapping') readFile(state.file, fileType)
  }

  const chooseSource = (next: number | undefined) => {
    void navigate({ search: (prev) => ({ ...prev, source: next }), replace: true })
    if (next === undefined) setSaveForSource(false)
    // The same file, with the source's saved mapping suggested.
    if (state.step === 'mapping') readFile(state.file, choices.type, next)
  }

  const onMappingChange = useCallback(
    (mapping: ColumnMapping) => setState((current) => (current.step === 'mapping' ? { ...current, mapping } : current)),
    [],
  )

  const load = () => {
    if (state.step !== 'mapping' || !enterprise || choices.store === undefined) return
    setLoadError(null)
    start.mutate(
      {
        enterpriseId: enterprise.id,
        bocId: store?.bocMaster.id,
        storeId: choices.store,
        fileType: state.preview.fileType,
        recallType: hasRecallType(state.preview.fileType) ? choices.recallType : undefined,
        file: state.file,
        mapping: mappingJson(state.preview, state.mapping),
        dataSourceId: sourceId,
      },
      {
        onSuccess: (report) => {
          // The file was accepted with this mapping: keep it for the source's next files.
          if (saveForSource && sourceId !== undefined) {
            saveMapping.mutate({ sourceId, ...uploadMappingPayload(state.preview, state.mapping) })
          }
          setState({ step: 'load', reportId: report.id })
        },
        onError: (error) => setLoadError(refusal(error)),
      },
    )
  }

  const startOver = () => {
    setState({ step: 'choose' })
    setPreviewError(null)
    setLoadError(null)
    preview.reset()
    start.reset()
  }

  if (access !== 'ok' || !enterprise) return <ImportsUnavailable user={user} access={access === 'ok' ? 'enterprise' : access} title="Upload a data file" />

  return (
    <section className="page page--imports">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/imports">Imports</Link>
        <span aria-hidden="true">/</span>
        <span>Upload</span>
      </nav>
      <header className="page__header">
        <h1>Upload a data file</h1>
      </header>

      {state.step === 'load' ? (
        <LiveLoad reportId={state.reportId} storeName={store?.storeName} onAnother={startOver} />
      ) : (
        <section className="panel" aria-label="The file">
          <div className="panel__header panel__header--toolbar">
            <UploadChoices
              stores={stores.data}
              store={choices.store}
              fileType={choices.type}
              recallType={choices.recallType}
              disabled={busy}
              onStore={(next) => {
                if (next !== choices.store) setSaveForSource(false)
                void navigate({ search: (prev) => selectUploadStore(prev, next), replace: true })
              }}
              onFileType={chooseType}
              onRecallType={(recallType) => void navigate({ search: (prev) => ({ ...prev, recallType }), replace: true })}
            />
          </div>
          {state.step === 'choose' ? (
            <div className="upload-step">
              <DropZone
                busy={preview.isPending}
                disabledReason={choices.store === undefined ? 'Choose the store the file is for' : undefined}
                onFile={(file) => readFile(file)}
              />
              {previewError !== null ? (
                <div className="danger-box" role="alert" data-testid="preview-error">
                  {previewError}
                </div>
              ) : null}
              <ExpectedFields fileType={choices.type} />
            </div>
          ) : null}
        </section>
      )}

      {state.step === 'mapping' ? (
        <MappingStep
          key={`${state.preview.fileType}:${state.preview.fileName}`}
          preview={state.preview}
          mapping={state.mapping}
          onChange={onMappingChange}
          onLoad={load}
          onDiscard={startOver}
          loading={busy}
          error={loadError ?? previewError}
          sourceChoice={
            <UploadSourceChoice
              sources={storeSources.data?.content}
              storeId={choices.store}
              sourceId={sourceId}
              onSource={chooseSource}
              save={saveForSource}
              onSave={setSaveForSource}
              disabled={busy}
            />
          }
        />
      ) : null}
    </section>
  )
}

/** The started load, followed live until it is over; then its outcome and the way to its errors. */
function LiveLoad({ reportId, storeName, onAnother }: { reportId: number; storeName?: string; onAnother: () => void }) {
  const report = useFileReport(reportId)
  if (!report.data) {
    return (
      <div className="panel panel__note" aria-busy="true">
        Starting the load…
      </div>
    )
  }
  return (
    <ReportSummary
      report={report.data}
      title="Load"
      storeName={storeName}
      linkToReport
      actions={
        <button type="button" className="btn btn--small" onClick={onAnother}>
          Upload another file
        </button>
      }
    />
  )
}
