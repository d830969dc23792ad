import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ApiError, firstErrorText } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import type { DeveloperFile, EnterpriseSettings } from '../api/admin-types'
import { developerFilesQueryOptions } from '../api/get-developer-files'
import { useEnterpriseSettings } from '../api/get-enterprise-settings'
import { useSaveEnterpriseSettings } from '../api/save-enterprise-settings'
import { FormRefusal } from './form-refusal'
import { SelectField } from './select-field'
import { TextField } from './text-field'

/** The option of the assistant-file picker that stands for no shared file. */
const BUILT_IN = ''
const BUILT_IN_LABEL = 'Built-in file'

export interface EnterpriseSettingsSectionProps {
  enterpriseId: number
  /**
   * May list the enterprise's assistant files (the developer right, `access.developer`):
   * without it the shared file is shown, not picked.
   */
  mayPickFile: boolean
}

/**
 * The enterprise's own settings (decision 0022): whether the assistant runs
 * conversations by itself or only assists staff, the assistant file stores
 * without their own follow, and whether enterprise users get the
 * inbound-appointment view.
 */
export function EnterpriseSettingsSection({ enterpriseId, mayPickFile }: EnterpriseSettingsSectionProps) {
  const settings = useEnterpriseSettings(enterpriseId)
  return (
    <section className="panel" aria-labelledby="admin-settings">
      <header className="panel__header">
        <h2 id="admin-settings">Assistant and inbound view</h2>
      </header>
      <div className="panel--padded">
        {settings.data ? (
          // A new answer (a save) starts the form again from the saved values.
          <SettingsFields key={JSON.stringify(settings.data)} enterpriseId={enterpriseId} saved={settings.data} mayPickFile={mayPickFile} />
        ) : settings.isError ? (
          <p className="danger-box" role="alert">
            {settings.error instanceof ApiError ? firstErrorText(settings.error) : 'The settings could not be loaded.'}
          </p>
        ) : (
          <p className="panel__note">Loading…</p>
        )}
      </div>
    </section>
  )
}

/** The enterprise's saved assistant files: the stores' files past version 0 (0: still the built-in one). */
function savedFiles(files: readonly DeveloperFile[] | undefined): DeveloperFile[] {
  return (files ?? []).filter((file) => file.version > 0)
}

function SettingsFields({ enterpriseId, saved, mayPickFile }: { enterpriseId: number; saved: EnterpriseSettings; mayPickFile: boolean }) {
  const fullyId = useId()
  const inboundId = useId()
  const save = useSaveEnterpriseSettings()
  // Listed only for who may: the call takes the developer right.
  const files = useQuery({ ...developerFilesQueryOptions(enterpriseId, 'aiva'), enabled: mayPickFile })
  const [isFullyAiva, setFullyAiva] = useState(saved.isFullyAiva)
  const [aivaFile, setAivaFile] = useState(saved.aivaFile ?? BUILT_IN)
  const [inboundView, setInboundView] = useState(saved.enterpriseUserInboundView)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const choices = savedFiles(files.data)
  // The saved choice stays offered even when it is no longer among the files listed.
  const savedMissing = aivaFile !== BUILT_IN && !choices.some((file) => file.fileName === aivaFile)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    setRefusal(null)
    save.mutate(
      {
        enterpriseId,
        body: { isFullyAiva, aivaFile: aivaFile === BUILT_IN ? undefined : aivaFile, enterpriseUserInboundView: inboundView },
      },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  return (
    <form className="admin-form admin-settings" aria-label="Assistant and inbound view" noValidate onSubmit={submit}>
      <FormRefusal refusal={refusal} testId="settings-refusal" />
      <div className="admin-check">
        <input id={fullyId} type="checkbox" checked={isFullyAiva} aria-describedby={`${fullyId}-help`} onChange={(event) => setFullyAiva(event.target.checked)} />
        <div>
          <label htmlFor={fullyId}>The assistant runs conversations by itself</label>
          <span id={`${fullyId}-help`} className="field__hint" data-testid="assistant-mode">
            {isFullyAiva
              ? 'On: it answers customers, books appointments by text and hands off what needs a person.'
              : 'Off: it only assists. It reads every reply (opt-outs are still honoured) but texts nothing; a reply that asks for something goes to the store’s staff as a handoff.'}
          </span>
        </div>
      </div>

      {mayPickFile ? (
        <SelectField
          label="Assistant file for stores without their own"
          value={aivaFile}
          disabled={files.isPending}
          hint={files.isPending ? 'Loading the saved files…' : 'One of the stores’ saved files, or the built-in one. A store’s own file still wins.'}
          onChange={setAivaFile}
        >
          <option value={BUILT_IN}>{BUILT_IN_LABEL}</option>
          {savedMissing ? <option value={aivaFile}>{aivaFile}</option> : null}
          {choices.map((file) => (
            <option key={file.fileName} value={file.fileName}>
              {file.storeName ? `${file.fileName} (${file.storeName}, version ${file.version})` : `${file.fileName} (version ${file.version})`}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label="Assistant file for stores without their own"
          value={saved.aivaFile ?? BUILT_IN_LABEL}
          readOnly
          hint="Changing it takes the developer right."
          onChange={() => undefined}
        />
      )}

      <div className="admin-check">
        <input id={inboundId} type="checkbox" checked={inboundView} aria-describedby={`${inboundId}-help`} onChange={(event) => setInboundView(event.target.checked)} />
        <div>
          <label htmlFor={inboundId}>Enterprise users get the inbound-appointment view</label>
          <span id={`${inboundId}-help`} className="field__hint">
            Every other staff role has it. Enterprise users see a change when they next sign in.
          </span>
        </div>
      </div>

      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  )
}
