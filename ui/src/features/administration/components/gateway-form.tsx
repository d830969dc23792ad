import { useState } from 'react'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { showRefusal, type Refusal } from '../admin-refusal'
import { GATEWAY_PROVIDERS, gatewayProblems, hasProblems, type GatewayForm as GatewayValues, type GatewayProvider } from '../admin-validation'
import type { GatewayBody, GatewayView } from '../api/admin-types'
import { useGateway } from '../api/get-gateway'
import { useSaveGateway } from '../api/save-gateway'
import { FormRefusal } from './form-refusal'
import { SelectField } from './select-field'
import { TextField } from './text-field'

const PROVIDER_LABELS: Record<GatewayProvider, string> = {
  simulator: 'Simulator (built in, sends nothing)',
  twilio: 'Twilio',
  bandwidth: 'Bandwidth',
}

function isProvider(value: string): value is GatewayProvider {
  return (GATEWAY_PROVIDERS as readonly string[]).includes(value)
}

/** The store's gateway, once read. */
export function GatewayForm({ enterpriseId, storeId }: { enterpriseId: number; storeId: number }) {
  const gateway = useGateway(enterpriseId, storeId)
  return (
    <section className="admin-telephony__part" aria-labelledby="telephony-gateway">
      <h3 id="telephony-gateway">Gateway</h3>
      {gateway.data ? <GatewayFields enterpriseId={enterpriseId} storeId={storeId} saved={gateway.data} /> : gateway.isPending ? <p className="panel__note">Loading…</p> : null}
    </section>
  )
}

/**
 * The provider and its credentials; the secret is never shown, only whether
 * one is saved (left blank, it is kept). Checked per provider before sending.
 */
function GatewayFields({ enterpriseId, storeId, saved }: { enterpriseId: number; storeId: number; saved: GatewayView }) {
  const save = useSaveGateway()
  const [form, setForm] = useState<GatewayValues>({
    provider: isProvider(saved.provider) ? saved.provider : 'simulator',
    accountSid: saved.accountSid ?? '',
    authToken: '',
    apiBaseUrl: saved.apiBaseUrl ?? '',
    apiUsername: saved.apiUsername ?? '',
    applicationId: saved.applicationId ?? '',
    siteId: saved.siteId ?? '',
    locationId: saved.locationId ?? '',
  })
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  // A saved secret belongs to the saved provider only.
  const secretSaved = saved.hasAuthToken && form.provider === saved.provider
  const problems = gatewayProblems(form, secretSaved)
  const set = (field: keyof GatewayValues) => (value: string) => setForm((prev) => ({ ...prev, [field]: value }))
  const shown = (problem: string | undefined) => (checked ? problem : null)

  const submit = () => {
    setChecked(true)
    if (hasProblems(problems)) return
    setRefusal(null)
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())
    const body: GatewayBody = { enterpriseId, storeId, provider: form.provider }
    if (form.provider !== 'simulator') {
      body.accountSid = optional(form.accountSid)
      body.authToken = optional(form.authToken)
      body.apiBaseUrl = optional(form.apiBaseUrl)
    }
    if (form.provider === 'bandwidth') {
      body.apiUsername = optional(form.apiUsername)
      body.applicationId = optional(form.applicationId)
      body.siteId = optional(form.siteId)
      body.locationId = optional(form.locationId)
    }
    save.mutate(body, {
      onSuccess: () => {
        notify({ message: UPDATED_NOTICE_TEXT })
        setForm((prev) => ({ ...prev, authToken: '' }))
        setChecked(false)
      },
      onError: (error) => {
        showRefusal(error, setRefusal)
      },
    })
  }

  const twilio = form.provider === 'twilio'
  const bandwidth = form.provider === 'bandwidth'
  return (
    <form
      className="admin-form"
      aria-label="Gateway"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <FormRefusal refusal={refusal} testId="gateway-refusal" />
      <SelectField label="Provider" value={form.provider} onChange={(value) => isProvider(value) && setForm((prev) => ({ ...prev, provider: value }))}>
        {GATEWAY_PROVIDERS.map((provider) => (
          <option key={provider} value={provider}>
            {PROVIDER_LABELS[provider]}
          </option>
        ))}
      </SelectField>
      {twilio || bandwidth ? (
        <>
          <TextField
            label={twilio ? 'Account SID' : 'Account id'}
            value={form.accountSid}
            maxLength={100}
            hint={twilio ? 'Starts with AC.' : undefined}
            error={shown(problems.accountSid)}
            onChange={set('accountSid')}
          />
          {bandwidth ? (
            <TextField label="API user name" value={form.apiUsername} maxLength={100} error={shown(problems.apiUsername)} onChange={set('apiUsername')} />
          ) : null}
          <TextField
            label={twilio ? 'Auth token' : 'API password'}
            type="password"
            autoComplete="new-password"
            value={form.authToken}
            maxLength={200}
            hint={secretSaved ? 'A secret is saved; leave blank to keep it.' : undefined}
            error={shown(problems.authToken)}
            onChange={set('authToken')}
          />
          {secretSaved ? (
            <p className="field__hint" data-testid="gateway-secret-saved">
              A secret is saved
            </p>
          ) : null}
          {bandwidth ? (
            <>
              <TextField label="Application id" value={form.applicationId} maxLength={100} error={shown(problems.applicationId)} onChange={set('applicationId')} />
              <TextField
                label="Sub-account (site) id"
                value={form.siteId}
                maxLength={100}
                hint="Optional; needed to buy numbers through Bandwidth (they go to this sub-account)."
                onChange={set('siteId')}
              />
              <TextField
                label="Location (peer) id"
                value={form.locationId}
                maxLength={100}
                hint="Optional; the location whose messaging application brings a bought number's texts here. The sub-account's default when blank."
                onChange={set('locationId')}
              />
            </>
          ) : null}
          <TextField label="API base URL" value={form.apiBaseUrl} maxLength={200} hint="Optional; the provider's own when blank." onChange={set('apiBaseUrl')} />
        </>
      ) : (
        <p className="panel__note">The simulator sends nothing: texts show in the Simulator screen.</p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save gateway
        </button>
      </div>
    </form>
  )
}
