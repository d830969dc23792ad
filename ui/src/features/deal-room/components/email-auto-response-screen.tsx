import { useEmailAutoResponse } from '../api/get-email-auto-response'
import { autoResponseQuery, type EmailAutoResponseSearch } from './link-params'
import { LinkPage, LinkPageLoading } from './link-page'

export const AUTO_RESPONSE_THANKS_TEXT = 'Thanks for your response!'
export const AUTO_RESPONSE_PROBLEM_TEXT = 'There is some problem. Please try after some time.'

/**
 * /email/autoResponse — where an e-mail's quick-answer link lands (spec
 * G-S4): a spinner while the answer is recorded (once, however often the page
 * renders), then thanks, or a warning when it could not be.
 */
export function EmailAutoResponseScreen({ search }: { search: EmailAutoResponseSearch }) {
  const response = useEmailAutoResponse(autoResponseQuery(search))
  if (response.isPending) return <LinkPageLoading testId="auto-response-loading" />
  return (
    <LinkPage title="Your response" testId="auto-response-page">
      {response.isSuccess ? (
        <p className="success-box" role="status" data-testid="auto-response-thanks">
          {AUTO_RESPONSE_THANKS_TEXT}
        </p>
      ) : (
        <p className="warning-box" role="alert" data-testid="auto-response-problem">
          {AUTO_RESPONSE_PROBLEM_TEXT}
        </p>
      )}
    </LinkPage>
  )
}
