import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { SmsSent, TestSmsBody } from './admin-types'

/**
 * POST /api/lisa/message-config/validate-sms-configuration — a test text through
 * the store's own gateway. Raises no notice: the form shows the provider's refusal.
 */
export function sendTestSms(body: TestSmsBody): Promise<SmsSent> {
  return apiRequest<SmsSent>('/api/lisa/message-config/validate-sms-configuration', { method: 'POST', body, notifyErrors: false })
}

export function useSendTestSms() {
  return useMutation({ mutationFn: sendTestSms })
}
