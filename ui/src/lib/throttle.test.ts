import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createThrottle } from './throttle'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createThrottle', () => {
  it('runs the first call at once and folds the next ones into one run a window later', () => {
    const fn = vi.fn()
    const t = createThrottle(fn, 1000)
    t.schedule()
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(200)
    t.schedule()
    t.schedule()
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(799)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('runs at most once per interval during a steady stream of calls', () => {
    const runs: number[] = []
    const start = Date.now()
    const t = createThrottle(() => runs.push(Date.now() - start), 1000)
    for (let ms = 0; ms < 4950; ms += 50) {
      t.schedule()
      vi.advanceTimersByTime(50)
    }
    expect(runs).toEqual([0, 1000, 2000, 3000, 4000])
  })

  it('runs at once again after a quiet interval, and cancel drops a pending run', () => {
    const fn = vi.fn()
    const t = createThrottle(fn, 1000)
    t.schedule()
    vi.advanceTimersByTime(1500)
    t.schedule()
    expect(fn).toHaveBeenCalledTimes(2)
    t.schedule()
    t.cancel()
    vi.advanceTimersByTime(2000)
    expect(fn).toHaveBeenCalledTimes(2)
  })
})
