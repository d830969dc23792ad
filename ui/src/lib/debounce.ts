export interface Debouncer {
  /** (Re)starts the wait; the call runs once things have been quiet for `delayMs`. */
  schedule: () => void
  /** Drops a pending call. */
  cancel: () => void
  /** Runs a pending call now. */
  flush: () => void
}

/**
 * Trailing debounce. With `maxWaitMs`, a steady stream of `schedule()` calls
 * still runs the function at least that often.
 */
export function createDebouncer(fn: () => void, delayMs: number, maxWaitMs?: number): Debouncer {
  let timer: ReturnType<typeof setTimeout> | undefined
  let firstScheduledAt: number | undefined

  const run = () => {
    clearTimeout(timer)
    timer = undefined
    firstScheduledAt = undefined
    fn()
  }

  return {
    schedule() {
      const now = Date.now()
      firstScheduledAt ??= now
      clearTimeout(timer)
      const wait =
        maxWaitMs === undefined ? delayMs : Math.max(0, Math.min(delayMs, firstScheduledAt + maxWaitMs - now))
      timer = setTimeout(run, wait)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      firstScheduledAt = undefined
    },
    flush() {
      if (timer !== undefined) run()
    },
  }
}
