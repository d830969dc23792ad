import { useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import { formatPhone } from '../../../lib/format-phone'
import { useLeadForm } from '../api/get-lead-form'
import type { PublicLeadForm } from '../api/public-types'
import { useSubmitLead } from '../api/submit-lead'
import { accentFor, submissionFailureText, type LeadFormSlug } from '../lead-forms'
import { customerPhoneNumber, hasLeadProblems, leadProblems } from '../lead-validation'
import { LeadField } from './lead-field'
import { PublicCard } from './public-card'

export interface LeadFormScreenProps {
  slug: LeadFormSlug
}

/**
 * /lead-submission and /lead-submission-<brand> — public: a customer leaves
 * their name and number (and agrees to texts) for the store to contact them.
 * The form's brand, store and consent text come from the server.
 */
export function LeadFormScreen({ slug }: LeadFormScreenProps) {
  const form = useLeadForm(slug)
  const fallbackAccent = accentFor(slug, null)

  if (form.data) return <LeadForm slug={slug} form={form.data} onReload={() => void form.refetch()} />
  if (form.isPending) {
    return (
      <div className="login-page public-page" data-testid="lead-form-loading">
        <div className="spinner" role="status" aria-label="Loading…" style={{ borderTopColor: fallbackAccent }} />
      </div>
    )
  }
  if (form.error instanceof ApiError && form.error.status === 404) {
    return (
      <PublicCard title="Form not available" accent={fallbackAccent} testId="lead-form-unavailable">
        <p>This form is not available.</p>
      </PublicCard>
    )
  }
  return (
    <PublicCard title="Form not available" accent={fallbackAccent} testId="lead-form-error">
      <p role="alert">The form could not be loaded. Check the connection and try again.</p>
      <button type="button" className="btn btn--block" onClick={() => void form.refetch()}>
        Try again
      </button>
    </PublicCard>
  )
}

interface LeadFormProps {
  slug: LeadFormSlug
  form: PublicLeadForm
  /** Loads the form again (after the server said its consent text changed). */
  onReload: () => void
}

function LeadForm({ slug, form, onReload }: LeadFormProps) {
  const submission = useSubmitLead()
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [phone, setPhone] = useState('')
  const [message, setMessage] = useState('')
  const [website, setWebsite] = useState('')
  const [checked, setChecked] = useState(false)
  const problems = leadProblems({ firstName, lastName, phone })
  const shown = checked ? problems : {}
  const accent = accentFor(slug, form.accentColor)
  const consentChanged = submission.error instanceof ApiError && submission.error.status === 409

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const customerPhone = customerPhoneNumber(phone)
    if (hasLeadProblems(problems) || customerPhone === null || submission.isPending) return
    const note = message.trim()
    submission.mutate({
      form: form.slug || slug,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      customerPhoneNumber: customerPhone,
      storePhoneNumber: form.storePhoneNumber,
      consentText: form.consentText,
      ...(note === '' ? {} : { message: note }),
      website,
    })
  }

  const reload = () => {
    submission.reset()
    onReload()
  }

  return (
    <PublicCard title={form.title || 'Contact us'} subtitle={[form.brand, form.storeName].filter(Boolean).join(' · ')} accent={accent} wide testId="lead-form-page">
      {submission.isSuccess ? (
        <div className="success-box lead-form__done" role="status" data-testid="lead-success">
          {submission.data.message}
        </div>
      ) : (
        <form className="login-form lead-form" onSubmit={submit} noValidate aria-label={form.title || 'Contact us'}>
          {submission.isError ? (
            <div className="danger-box" role="alert" data-testid="lead-failed">
              {submissionFailureText(submission.error)}
              {consentChanged ? (
                <button type="button" className="btn" onClick={reload}>
                  Reload the form
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="lead-form__names">
            <LeadField label="First name" name="firstName" autoComplete="given-name" maxLength={100} value={firstName} error={shown.firstName} onChange={setFirstName} />
            <LeadField label="Last name" name="lastName" autoComplete="family-name" maxLength={100} value={lastName} error={shown.lastName} onChange={setLastName} />
          </div>
          <LeadField label="Phone" name="phone" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={30} value={phone} error={shown.phone} onChange={setPhone} />
          <LeadField label="Message (optional)" name="message" multiline maxLength={2000} value={message} onChange={setMessage} />
          {/* Honeypot: people never see or reach it; a bot that fills it is told apart by the server. */}
          <div className="visually-hidden" aria-hidden="true">
            <label htmlFor="lead-website">Website</label>
            <input id="lead-website" name="website" type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" value={website} onChange={(event) => setWebsite(event.target.value)} />
          </div>
          <div className="lead-form__submit">
            <button type="submit" className="btn btn--primary btn--block lead-form__button" disabled={submission.isPending}>
              {submission.isPending ? 'Submitting…' : 'Submit'}
            </button>
            <p className="lead-form__consent" data-testid="lead-consent">
              {form.consentText}
            </p>
          </div>
        </form>
      )}
      {form.storePhoneNumber ? (
        <p className="lead-form__store">
          Questions? Call {form.storeName || 'us'} at <a href={`tel:${form.storePhoneNumber}`}>{formatPhone(form.storePhoneNumber)}</a>
        </p>
      ) : null}
    </PublicCard>
  )
}
