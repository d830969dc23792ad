import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { saveUserData, type UserData } from '../../../lib/session'

export type LoginRequest = ApiRequestBody<'/user/v2/login', 'post'>
/** 202: the password was right and a one-time code was e-mailed (the OTP response, spec H-R10). */
export type OtpNeeded = ApiResponse<'/user/v2/login', 'post', 202>
export type OtpResponse = OtpNeeded['otpResponse']
export type LoginAnswer = UserData | OtpNeeded
export type OtpRequest = ApiRequestBody<'/user/v2/login/otp', 'post'>

export function needsCode(answer: LoginAnswer): answer is OtpNeeded {
  return 'otpResponse' in answer
}

/** POST /user/v2/login — no token header; a 401 here is a wrong password, not an ended session. */
export function login(credentials: LoginRequest): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/user/v2/login', { method: 'POST', body: credentials, auth: false })
}

/** POST /user/v2/login/otp — the second step: the e-mailed code with its challenge. */
export function verifyCode(request: OtpRequest): Promise<UserData> {
  return apiRequest<UserData>('/user/v2/login/otp', { method: 'POST', body: request, auth: false })
}

/**
 * Logs in and stores the session (`userData` in local storage). An account with two-step log-in
 * answers with an OTP response instead: `onCode` gets it, and the code finishes the log-in.
 */
export function useLogin({
  onSuccess,
  onCode,
}: { onSuccess?: (user: UserData) => void; onCode?: (otp: OtpResponse) => void } = {}) {
  const queryClient = useQueryClient()
  const signedIn = (user: UserData) => {
    queryClient.clear()
    saveUserData(user)
    onSuccess?.(user)
  }
  const password = useMutation({
    mutationFn: login,
    onSuccess: (answer) => (needsCode(answer) ? onCode?.(answer.otpResponse) : signedIn(answer)),
  })
  const code = useMutation({ mutationFn: verifyCode, onSuccess: signedIn })
  return { password, code }
}
