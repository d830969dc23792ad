import { useId, useState } from 'react'
import { notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { formatDateTime } from '../../../lib/date-time'
import { notify } from '../../../lib/notices'
import { refusalOf } from '../admin-refusal'
import type { DeveloperFile, ExecutedTurn, FileValidation, TemplatePreview } from '../api/admin-types'
import { useDeveloperLog, useExecuteAiva, usePreviewTemplate, useValidateAiva } from '../api/developer-tools'
import { useDeveloperFiles } from '../api/get-developer-files'
import { useSaveDeveloperFile } from '../api/save-developer-file'
import { FormRefusal } from './form-refusal'

const isAiva = (file: DeveloperFile) => file.fileName.endsWith('.aiva')

/**
 * The Developer section: every store's assistant file and the enterprise's
 * templates on the left; the one opened is edited on the right, saved (an
 * assistant file with the version opened), validated line by line, run
 * against a sample conversation with its history (assistant files) or
 * previewed for a lead (templates).
 */
export function DeveloperPanel({ enterpriseId }: { enterpriseId: number }) {
  const aiva = useDeveloperFiles(enterpriseId, 'aiva')
  const tpl = useDeveloperFiles(enterpriseId, 'tpl')
  const [openName, setOpenName] = useState<string | undefined>(undefined)
  const opened = [...(aiva.data ?? []), ...(tpl.data ?? [])].find((f) => f.fileName === openName)

  return (
    <section className="panel" aria-labelledby="admin-developer">
      <header className="panel__header">
        <h2 id="admin-developer">Developer</h2>
      </header>
      <div className="developer">
        <nav className="developer__files" aria-label="Files">
          <FileGroup title="Assistant files" files={aiva.data} isLoading={aiva.isPending} openName={openName} onOpen={setOpenName} />
          <FileGroup title="Template files" files={tpl.data} isLoading={tpl.isPending} openName={openName} onOpen={setOpenName} />
        </nav>
        <div className="developer__editor">
          {opened ? (
            <FileEditor key={`${opened.fileName}@${opened.version}`} enterpriseId={enterpriseId} file={opened} />
          ) : (
            <p className="panel__note">Open a file on the left to edit it.</p>
          )}
        </div>
      </div>
    </section>
  )
}

function FileGroup(props: { title: string; files: DeveloperFile[] | undefined; isLoading: boolean; openName: string | undefined; onOpen: (name: string) => void }) {
  const { title, files, isLoading, openName, onOpen } = props
  return (
    <div className="developer__group">
      <h3>{title}</h3>
      {isLoading ? <p className="panel__note">Loading…</p> : null}
      {files && files.length === 0 ? <p className="panel__note">None.</p> : null}
      <ul aria-label={title}>
        {(files ?? []).map((f) => (
          <li key={f.fileName}>
            <button
              type="button"
              className={f.fileName === openName ? 'btn btn--link is-active' : 'btn btn--link'}
              aria-current={f.fileName === openName ? 'true' : undefined}
              onClick={() => onOpen(f.fileName)}
            >
              {f.fileName}
            </button>
            {f.storeName ? <span className="panel__note"> {f.storeName}</span> : null}
            {isAiva(f) && f.version === 0 ? <span className="panel__note"> (built-in)</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

function FileEditor({ enterpriseId, file }: { enterpriseId: number; file: DeveloperFile }) {
  const id = useId()
  const [content, setContent] = useState(file.fileContent)
  const save = useSaveDeveloperFile()
  const validate = useValidateAiva()
  const aiva = isAiva(file)
  const refusal = save.isError ? refusalOf(save.error) : null

  const onSave = () =>
    save.mutate(
      { enterpriseId, body: aiva ? { fileName: file.fileName, fileContent: content, version: file.version } : { fileName: file.fileName, fileContent: content } },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (error) => {
          if (!refusalOf(error)) notifyApiError(error)
        },
      },
    )

  return (
    <div className="developer__file">
      <h3>{file.fileName}</h3>
      {aiva ? <p className="panel__note">{file.version === 0 ? 'Built-in: not saved yet.' : `Version ${file.version}${file.updatedAt ? `, saved ${formatDateTime(file.updatedAt)}` : ''}.`}</p> : null}
      <FormRefusal refusal={refusal} testId="developer-refusal" />
      <label htmlFor={`${id}-content`} className="field__label">
        File content
      </label>
      <textarea
        id={`${id}-content`}
        className="developer__textarea"
        style={{ fontFamily: 'monospace', width: '100%' }}
        rows={20}
        spellCheck={false}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <div className="form-actions">
        <button type="button" className="btn btn--primary" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        {aiva ? (
          <button type="button" className="btn" disabled={validate.isPending} onClick={() => validate.mutate({ enterpriseId, fileContent: content }, { onError: notifyApiError })}>
            Validate
          </button>
        ) : null}
      </div>
      {aiva && validate.data ? <ValidationResult validation={validate.data} /> : null}
      {aiva && file.storeId !== undefined ? (
        <>
          <SampleRun enterpriseId={enterpriseId} storeId={file.storeId} fileContent={content} />
          <History enterpriseId={enterpriseId} storeId={file.storeId} />
        </>
      ) : null}
      {!aiva ? <Preview enterpriseId={enterpriseId} fileContent={content} /> : null}
    </div>
  )
}

function ValidationResult({ validation }: { validation: FileValidation }) {
  if (validation.valid) return <p data-testid="validation-result">No problems found.</p>
  return (
    <div className="danger-box" role="alert" data-testid="validation-result">
      <strong>{validation.problems.length === 1 ? 'A problem' : `${validation.problems.length} problems`}</strong>
      <ul aria-label="Validation problems">
        {validation.problems.map((p) => (
          <li key={`${p.line}:${p.reason}`}>
            Line {p.line}: {p.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}

function SampleRun({ enterpriseId, storeId, fileContent }: { enterpriseId: number; storeId: number; fileContent: string }) {
  const id = useId()
  const [texts, setTexts] = useState('')
  const execute = useExecuteAiva()
  const conversation = texts
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => t !== '')
  const tooMany = conversation.length > 20
  const refusal = execute.isError ? refusalOf(execute.error) : null
  return (
    <section className="developer__run" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Run a sample conversation</h4>
      <label htmlFor={`${id}-texts`} className="field__label">
        Customer texts (one per line)
      </label>
      <textarea id={`${id}-texts`} rows={5} style={{ width: '100%' }} value={texts} onChange={(e) => setTexts(e.target.value)} />
      {tooMany ? <p className="field__error">At most 20 texts.</p> : null}
      <button
        type="button"
        className="btn"
        disabled={execute.isPending || conversation.length === 0 || tooMany}
        onClick={() =>
          execute.mutate(
            { enterpriseId, storeId, fileContent, conversation },
            {
              onError: (error) => {
                if (!refusalOf(error)) notifyApiError(error)
              },
            },
          )
        }
      >
        Run
      </button>
      {refusal ? <FormRefusal refusal={{ ...refusal, title: 'Not run.' }} testId="run-refusal" /> : null}
      {execute.data ? <TurnTable turns={execute.data} /> : null}
    </section>
  )
}

function TurnTable({ turns }: { turns: ExecutedTurn[] }) {
  return (
    <table className="data-table" aria-label="Sample run">
      <thead>
        <tr>
          <th scope="col">Text</th>
          <th scope="col">Intents</th>
          <th scope="col">Action</th>
          <th scope="col">Reply</th>
        </tr>
      </thead>
      <tbody>
        {turns.map((t, i) => (
          <tr key={i}>
            <td>{t.text}</td>
            <td>{t.intents.join(', ') || '—'}</td>
            <td>{t.action}</td>
            <td>{t.reply ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function History({ enterpriseId, storeId }: { enterpriseId: number; storeId: number }) {
  const log = useDeveloperLog(enterpriseId, storeId)
  return (
    <section className="developer__history" aria-label="History">
      <h4>History</h4>
      {log.isPending ? <p className="panel__note">Loading…</p> : null}
      {log.data ? (
        <>
          <h5>Versions</h5>
          {log.data.versions.length === 0 ? <p className="panel__note">Never saved.</p> : null}
          <ul aria-label="Versions">
            {log.data.versions.map((v) => (
              <li key={v.version}>
                Version {v.version}, saved {formatDateTime(v.savedAt)}
                {v.savedBy ? ` by ${v.savedBy}` : ''}
              </li>
            ))}
          </ul>
          <h5>Latest runs</h5>
          {log.data.runs.length === 0 ? <p className="panel__note">No run yet.</p> : null}
          <ul aria-label="Runs">
            {log.data.runs.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.at)}
                {r.runBy ? ` by ${r.runBy}` : ''}: {runSummary(r.conversation)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

/** The run's customer texts, from the JSON the log keeps. */
function runSummary(conversation: string): string {
  try {
    const texts: unknown = JSON.parse(conversation)
    if (Array.isArray(texts)) return texts.map(String).join(' / ')
  } catch {
    // shown as kept
  }
  return conversation
}

function Preview({ enterpriseId, fileContent }: { enterpriseId: number; fileContent: string }) {
  const id = useId()
  const [leadId, setLeadId] = useState('')
  const preview = usePreviewTemplate()
  const lead = /^\d+$/.test(leadId.trim()) ? Number(leadId.trim()) : undefined
  const refusal = preview.isError ? refusalOf(preview.error) : null
  return (
    <section className="developer__preview" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Preview</h4>
      <label htmlFor={`${id}-lead`} className="field__label">
        Lead id
      </label>
      <input id={`${id}-lead`} inputMode="numeric" value={leadId} onChange={(e) => setLeadId(e.target.value)} />
      <button
        type="button"
        className="btn"
        disabled={preview.isPending || lead === undefined}
        onClick={() =>
          lead !== undefined &&
          preview.mutate(
            { enterpriseId, leadId: lead, fileContent },
            {
              onError: (error) => {
                if (!refusalOf(error)) notifyApiError(error)
              },
            },
          )
        }
      >
        Preview
      </button>
      {refusal ? <FormRefusal refusal={{ ...refusal, title: 'No preview.' }} testId="preview-refusal" /> : null}
      {preview.data ? <PreviewResult preview={preview.data} /> : null}
    </section>
  )
}

function PreviewResult({ preview }: { preview: TemplatePreview }) {
  return (
    <div data-testid="preview-result">
      <pre style={{ whiteSpace: 'pre-wrap' }}>{preview.smsText}</pre>
      {preview.missing.length > 0 ? <p className="field__error">Missing fields: {preview.missing.join(', ')}</p> : <p className="panel__note">No field missing.</p>}
    </div>
  )
}
