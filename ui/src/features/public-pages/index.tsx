/**
 * The public pages a logged-out visitor can reach: the brand lead forms
 * (`/lead-submission`, `/lead-submission-<brand>`) and the small pages of the
 * public routing table (register, 404, 500, e-mail confirmation, feedback,
 * meeting landing).
 */
export { LeadFormScreen } from './components/lead-form-screen'
export {
  FeedbackThanksScreen,
  MailConfirmationScreen,
  MeetingLandingScreen,
  PublicNotFoundScreen,
  RegisterScreen,
  ServerErrorScreen,
} from './components/public-info-pages'
export type { LeadFormSlug } from './lead-forms'
