import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDLE_TIMEOUT_MS } from './config'
import { startIdleTimer } from './idle-timer'

describe('startIdleTimer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('times out after the configured idle time (30 minutes)', () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * 60 * 1000)
    const onIdle = vi.fn()
    const stop = startIdleTimer({ onIdle, target: new EventTarget() })
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
    stop()
  })

  it('activity, debounced by 500 ms, restarts the countdown', () => {
    const onIdle = vi.fn()
    const target = new EventTarget()
    startIdleTimer({ onIdle, target, timeoutMs: 10_000, debounceMs: 500 })

    vi.advanceTimersByTime(9_000)
    target.dispatchEvent(new Event('mousemove'))
    vi.advanceTimersByTime(300)
    target.dispatchEvent(new Event('keydown')) // debounce restarts
    vi.advanceTimersByTime(500) // t = 9.8 s: countdown restarted here
    vi.advanceTimersByTime(9_999)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  it('fires once and stops listening', () => {
    const onIdle = vi.fn()
    const target = new EventTarget()
    const remove = vi.spyOn(target, 'removeEventListener')
    startIdleTimer({ onIdle, target, timeoutMs: 1_000 })
    vi.advanceTimersByTime(5_000)
    expect(onIdle).toHaveBeenCalledTimes(1)
    expect(remove).toHaveBeenCalled()
  })

  it('stop() cancels the countdown', () => {
    const onIdle = vi.fn()
    const stop = startIdleTimer({ onIdle, target: new EventTarget(), timeoutMs: 1_000 })
    stop()
    vi.advanceTimersByTime(5_000)
    expect(onIdle).not.toHaveBeenCalled()
  })
})
