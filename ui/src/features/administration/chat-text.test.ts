import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { CHAT_FAILED_TEXT, chatTestFailure } from './chat-text'

describe('chatTestFailure', () => {
  it('calls refused credentials invalid', () => {
    expect(chatTestFailure(new ApiError(400, { message: 'Invalid Credentials.' }))).toEqual({ text: 'Invalid Credentials.', invalid: true })
  })

  it("shows the server's message when it gave one, else the connection failure", () => {
    expect(chatTestFailure(new ApiError(404, { message: 'Not found', errors: ['This enterprise has no chat configuration to test; save one first'] }))).toEqual({
      text: 'This enterprise has no chat configuration to test; save one first',
      invalid: false,
    })
    expect(chatTestFailure(new ApiError(502, { message: 'Twilio is down' }))).toEqual({ text: 'Twilio is down', invalid: false })
    expect(chatTestFailure(new ApiError(0, null, 'Server is not responding'))).toEqual({ text: CHAT_FAILED_TEXT, invalid: false })
    expect(chatTestFailure(new Error('boom'))).toEqual({ text: CHAT_FAILED_TEXT, invalid: false })
  })

  it('leaves an ended session to the session handler', () => {
    expect(chatTestFailure(new ApiError(401, null))).toBeNull()
  })
})
