import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getNotices, notify } from './notices'

describe('notify', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('defaults to a success notice titled "Message" that goes after 4500 ms', () => {
    const notice = notify({ message: 'Successfully Sent' })
    expect(notice).toMatchObject({ type: 'success', title: 'Message', message: 'Successfully Sent' })
    expect(getNotices()).toContainEqual(notice)
    vi.advanceTimersByTime(4499)
    expect(getNotices()).toContainEqual(notice)
    vi.advanceTimersByTime(1)
    expect(getNotices()).not.toContainEqual(notice)
  })

  it('an empty message shows the default text', () => {
    expect(notify({ type: 'danger', message: '' }).message).toBe('Server is not responding')
  })
})
