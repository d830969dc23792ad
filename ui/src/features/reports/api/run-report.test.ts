import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import * as notices from '../../../lib/notices'
import { reportErrorText, SERVER_ERROR_TEXT, warnReportFailure } from './run-report'

describe('report failures (X5)', () => {
  it('say the server’s first error, else its message, else Server Error!', () => {
    expect(reportErrorText(new ApiError(400, { message: 'Bad filter', errors: ['startDate must not be after endDate'] }))).toBe(
      'startDate must not be after endDate',
    )
    expect(reportErrorText(new ApiError(404, { message: 'Store 9 not found', errors: [] }))).toBe('Store 9 not found')
    expect(reportErrorText(new ApiError(500, null))).toBe(SERVER_ERROR_TEXT)
    expect(reportErrorText(new ApiError(0, null, 'Server is not responding'))).toBe(SERVER_ERROR_TEXT)
    expect(reportErrorText(new TypeError('boom'))).toBe(SERVER_ERROR_TEXT)
  })

  it('raise a warning titled AI Message, except a 401 (the session ends instead)', () => {
    const notify = vi.spyOn(notices, 'notify')
    warnReportFailure(new ApiError(403, { message: 'Managers only', errors: ['Managers only'] }))
    expect(notify).toHaveBeenCalledWith({ type: 'warning', title: 'AI Message', message: 'Managers only' })
    notify.mockClear()
    warnReportFailure(new ApiError(401, null))
    expect(notify).not.toHaveBeenCalled()
  })
})
