import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDebouncer } from './debounce'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createDebouncer', () => {
  it('runs once after things have been quiet', () => {
    const fn = vi.fn()
    const d = createDebouncer(fn, 500)
    d.schedule()
    vi.advanceTimersByTime(300)
    d.schedule()
    vi.advanceTimersByTime(499)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('with maxWait, still runs during a steady stream of calls', () => {
    const fn = vi.fn()
    const d = createDebouncer(fn, 500, 2000)
    for (let t = 0; t < 4500; t += 100) {
      d.schedule()
      vi.advanceTimersByTime(100)
    }
    expect(fn).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(500)
    expect(fn).toHaveBeenCalledTimes(3)
  })

  it('can be cancelled and flushed', () => {
    const fn = vi.fn()
    const d = createDebouncer(fn, 500)
    d.schedule()
    d.cancel()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
    d.schedule()
    d.flush()
    expect(fn).toHaveBeenCalledTimes(1)
    d.flush()
    expect(fn).toHaveBeenCalledTimes(1)
  })
})
