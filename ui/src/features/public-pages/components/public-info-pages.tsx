import { Link } from '@tanstack/react-router'
import { PublicCard } from './public-card'

/** /register — accounts are not self-service. */
export function RegisterScreen() {
  return (
    <PublicCard title="Create an account" testId="register-page">
      <p>Accounts are created by your dealership's administrator. Ask them for an account, then sign in with it.</p>
      <Link to="/login" className="btn btn--primary btn--block">
        Go to sign in
      </Link>
    </PublicCard>
  )
}

/** /404 */
export function PublicNotFoundScreen() {
  return (
    <PublicCard title="Page not found" testId="not-found-page">
      <p>There is nothing at this address.</p>
      <Link to="/">Go to the start page</Link>
    </PublicCard>
  )
}

/** /500 */
export function ServerErrorScreen() {
  return (
    <PublicCard title="Something went wrong" testId="server-error-page">
      <p>The page could not be shown. Try again in a moment.</p>
      <Link to="/">Go to the start page</Link>
    </PublicCard>
  )
}

/** /mailconfirmation — where the e-mail confirmation link lands. */
export function MailConfirmationScreen() {
  return (
    <PublicCard title="E-mail confirmed" testId="mail-confirmation-page">
      <p className="success-box" role="status">
        Thanks — your e-mail is confirmed.
      </p>
      <Link to="/login" className="btn btn--primary btn--block">
        Go to sign in
      </Link>
    </PublicCard>
  )
}

/** /FeedbackClip — a customer's feedback link lands here. */
export function FeedbackThanksScreen() {
  return (
    <PublicCard title="Thank you" testId="feedback-page">
      <p role="status">Thanks for your feedback.</p>
    </PublicCard>
  )
}

/** /landing — an old or wrong meeting link. */
export function MeetingLandingScreen() {
  return (
    <PublicCard title="Meeting" testId="meeting-landing-page">
      <p role="status">This meeting link has ended or is not valid.</p>
    </PublicCard>
  )
}
