import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { SmsSent, TestSmsBody } from './admin-types'

/**
 * POST /api/lisa/message-config/validate-sms-configuration — a test text through
 * the store's own gateway. Raises no notice: the form shows the provider's refusal.
 */
export interface TestSmsInput {
  /** The store's enterprise, sent as the `enterpriseId` header. */
  enterpriseId: number
  body: TestSmsBody
}

export function sendTestSms({ enterpriseId, body }: TestSmsInput): Promise<SmsSent> {
  return apiRequest<SmsSent>('/api/lisa/message-config/validate-sms-configuration', { method: 'POST', body, enterpriseId, notifyErrors: false })
}

export function useSendTestSms() {
  return useMutation({ mutationFn: sendTestSms })
}
