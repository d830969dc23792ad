import { useState } from 'react'
import { ApiError, firstErrorText } from '../../../lib/api-client'
import { API_NOTICE_TITLE, UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { formatDateTime } from '../../../lib/date-time'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { chatProblems, hasProblems, type ChatDraft } from '../admin-validation'
import type { ChatConfiguration, ChatConfigurationBody } from '../api/admin-types'
import { useChatConfiguration } from '../api/get-chat-configuration'
import { useSaveChatConfiguration } from '../api/save-chat-configuration'
import { useTestChatConfiguration } from '../api/test-chat-configuration'
import { CHAT_INVALID_RELOAD_DELAY_MS, CHAT_TESTED_TEXT, chatTestFailure } from '../chat-text'
import { FormRefusal } from './form-refusal'
import { TextField } from './text-field'

export interface ChatConfigurationPanelProps {
  enterpriseId: number
  /** Loads the page again after refused credentials (H-R6); the browser's reload unless a test gives its own. */
  reload?: () => void
}

const reloadPage = () => window.location.reload()

/**
 * The enterprise's chat (Twilio Conversations, decision 0023): its credentials
 * (the secret never shown, only kept), whether they last tested good, and the
 * test itself — 'Successfully Tested' marks them authenticated; refused ones
 * show 'Invalid Credentials.' and the page loads again (H-R5, H-R6).
 */
export function ChatConfigurationPanel({ enterpriseId, reload = reloadPage }: ChatConfigurationPanelProps) {
  const chat = useChatConfiguration(enterpriseId)
  const saved = chat.data?.configuration
  return (
    <section className="panel" aria-labelledby="admin-chat">
      <header className="panel__header">
        <h2 id="admin-chat">Chat (Twilio Conversations)</h2>
        {chat.data ? <ChatStatus saved={saved} /> : null}
      </header>
      <div className="panel--padded">
        {chat.data ? (
          // A new answer (a save, a test) starts the form again from the saved values.
          <ChatFields key={saved ? `${saved.updatedAt}|${saved.authenticatedAt ?? ''}` : 'none'} enterpriseId={enterpriseId} saved={saved} reload={reload} />
        ) : chat.isError ? (
          <p className="danger-box" role="alert">
            {chat.error instanceof ApiError ? firstErrorText(chat.error) : 'The chat configuration could not be loaded.'}
          </p>
        ) : (
          <p className="panel__note">Loading…</p>
        )}
      </div>
    </section>
  )
}

function ChatStatus({ saved }: { saved: ChatConfiguration | undefined }) {
  if (!saved) return <span className="badge" data-testid="chat-status">Not set up</span>
  return saved.authenticated ? (
    <span className="badge badge--success" data-testid="chat-status" title={`Tested ${formatDateTime(saved.authenticatedAt)}`}>
      Authenticated
    </span>
  ) : (
    <span className="badge badge--warning" data-testid="chat-status">
      Not tested
    </span>
  )
}

function ChatFields({ enterpriseId, saved, reload }: { enterpriseId: number; saved: ChatConfiguration | undefined; reload: () => void }) {
  const save = useSaveChatConfiguration()
  const test = useTestChatConfiguration()
  const [form, setForm] = useState<ChatDraft>({
    accountSid: saved?.accountSid ?? '',
    apiKeySid: saved?.apiKeySid ?? '',
    apiKeySecret: '',
    serviceSid: saved?.serviceSid ?? '',
    apiBaseUrl: saved?.apiBaseUrl ?? '',
  })
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const problems = chatProblems(form, !!saved)
  const set = (field: keyof ChatDraft) => (value: string) => {
    setForm((prev) => ({ ...prev, [field]: value }))
    setRefusal(null)
  }
  const shown = (problem: string | undefined) => (checked ? problem : null)
  const busy = save.isPending || test.isPending

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems) || busy) return
    setRefusal(null)
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())
    const body: ChatConfigurationBody = {
      accountSid: form.accountSid.trim(),
      apiKeySid: form.apiKeySid.trim(),
      apiKeySecret: optional(form.apiKeySecret),
      serviceSid: form.serviceSid.trim(),
      apiBaseUrl: optional(form.apiBaseUrl),
    }
    save.mutate(
      { enterpriseId, body },
      {
        onSuccess: () => notify({ message: UPDATED_NOTICE_TEXT }),
        onError: (error) => {
          showRefusal(error, setRefusal)
        },
      },
    )
  }

  const runTest = () => {
    if (busy) return
    test.mutate(enterpriseId, {
      onSuccess: () => notify({ message: CHAT_TESTED_TEXT }),
      onError: (error) => {
        const failure = chatTestFailure(error)
        if (!failure) return
        notify({ type: 'danger', title: API_NOTICE_TITLE, message: failure.text })
        if (failure.invalid) setTimeout(reload, CHAT_INVALID_RELOAD_DELAY_MS)
      },
    })
  }

  return (
    <form
      className="admin-form admin-chat"
      aria-label="Chat credentials"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <p className="panel__note">
        The enterprise&rsquo;s Twilio Conversations service, which staff chat and notifications go through. Saved credentials are untested until
        tested.
        {saved?.authenticated && saved.authenticatedAt ? ` Last tested good ${formatDateTime(saved.authenticatedAt)}.` : ''}
      </p>
      <FormRefusal refusal={refusal} testId="chat-refusal" />
      <TextField label="Account SID" value={form.accountSid} maxLength={64} hint="Starts with AC." error={shown(problems.accountSid)} onChange={set('accountSid')} />
      <TextField label="API key SID" value={form.apiKeySid} maxLength={64} hint="Starts with SK." error={shown(problems.apiKeySid)} onChange={set('apiKeySid')} />
      <TextField
        label="API key secret"
        type="password"
        autoComplete="new-password"
        value={form.apiKeySecret}
        maxLength={200}
        hint={saved ? 'A secret is saved and never shown; leave empty to keep it.' : 'The API key’s secret, shown once by Twilio when the key was made.'}
        error={shown(problems.apiKeySecret)}
        onChange={set('apiKeySecret')}
      />
      <TextField
        label="Conversations service SID"
        value={form.serviceSid}
        maxLength={64}
        hint="Starts with IS."
        error={shown(problems.serviceSid)}
        onChange={set('serviceSid')}
      />
      <TextField label="API base URL" value={form.apiBaseUrl} maxLength={300} hint="Optional; Twilio’s own when blank." onChange={set('apiBaseUrl')} />
      <div className="form-actions admin-chat__status">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {save.isPending ? 'Saving…' : 'Save chat credentials'}
        </button>
        <button type="button" className="btn" disabled={busy || !saved} onClick={runTest}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        {!saved ? <span className="field__hint">Save the credentials to test them.</span> : null}
      </div>
    </form>
  )
}
