import { useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { useEnterpriseLogo } from '../../../components/enterprises/api/get-enterprise-logo'
import { BlobImage } from '../../../components/enterprises/blob-image'
import { notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { refusalOf, type Refusal } from '../admin-refusal'
import { LOGO_TYPES, logoFileProblem, MAX_LOGO_BYTES } from '../admin-validation'
import type { EnterpriseView } from '../api/admin-types'
import { useRemoveLogo } from '../api/remove-logo'
import { useUploadLogo } from '../api/upload-logo'
import { FormRefusal } from './form-refusal'

/** Notice after the logo was removed (spec). */
const DELETED_NOTICE_TEXT = 'Successfully Deleted'

/**
 * The enterprise's logo: shown, replaced by a chosen file (PNG, JPEG or GIF of
 * at most 512 KB — checked here before sending, and by the server on its
 * bytes, whose refusal shows here), or removed after a confirmation.
 */
export function LogoPanel({ enterprise }: { enterprise: EnterpriseView }) {
  const inputId = useId()
  const hintId = useId()
  const logo = useEnterpriseLogo(enterprise.id, enterprise.hasLogo)
  const upload = useUploadLogo()
  const remove = useRemoveLogo()
  const [problem, setProblem] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [confirming, setConfirming] = useState(false)
  const busy = upload.isPending || remove.isPending

  const onFile = (file: File) => {
    setRefusal(null)
    const local = logoFileProblem(file)
    setProblem(local)
    if (local) return
    upload.mutate(
      { enterpriseId: enterprise.id, file },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (error) => {
          const explained = refusalOf(error)
          if (explained) setRefusal({ ...explained, title: 'The logo was not taken.' })
          else notifyApiError(error)
        },
      },
    )
  }

  return (
    <section className="panel" aria-labelledby="admin-logo">
      <header className="panel__header">
        <h2 id="admin-logo">Logo</h2>
        <span className="panel__meta">Shown in the header of every screen and on the service-lane board.</span>
      </header>
      <div className="panel--padded admin-logo">
        <div className="admin-logo__frame" aria-busy={logo.isFetching}>
          {enterprise.hasLogo && logo.data ? (
            <BlobImage blob={logo.data} alt={`${enterprise.name} logo`} className="admin-logo__image" testId="admin-logo-image" />
          ) : (
            <span className="admin-logo__none">{enterprise.hasLogo ? 'Loading…' : 'No logo yet'}</span>
          )}
        </div>
        <div className="admin-logo__actions">
          <FormRefusal refusal={refusal} testId="logo-refusal" />
          <div className="admin-logo__buttons">
            <label htmlFor={inputId} className={`btn btn--primary${busy ? ' is-disabled' : ''}`}>
              {upload.isPending ? 'Uploading…' : enterprise.hasLogo ? 'Replace logo' : 'Upload logo'}
            </label>
            <input
              id={inputId}
              type="file"
              className="visually-hidden"
              accept={LOGO_TYPES.join(',')}
              aria-describedby={hintId}
              disabled={busy}
              data-testid="logo-file"
              onChange={(event) => {
                const file = event.target.files?.[0]
                // Cleared, so that choosing the same file again is a change too.
                event.target.value = ''
                if (file) onFile(file)
              }}
            />
            {enterprise.hasLogo ? (
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirming(true)}>
                Remove logo
              </button>
            ) : null}
          </div>
          <span id={hintId} className={problem ? 'field__error' : 'field__hint'} data-testid="logo-help">
            {problem ?? `PNG, JPEG or GIF, at most ${MAX_LOGO_BYTES / 1024} KB.`}
          </span>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        header="Remove the logo"
        message={`Remove the logo of ${enterprise.name}? Screens show the enterprise's name alone.`}
        confirmText="Remove"
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(enterprise.id, {
            onSuccess: () => notify({ message: DELETED_NOTICE_TEXT }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  )
}
