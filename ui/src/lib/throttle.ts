export interface Throttle {
  /** Runs the function now, or once at the end of the current window if it ran within the last `intervalMs`. */
  schedule: () => void
  /** Drops a pending run. */
  cancel: () => void
}

/**
 * Leading and trailing throttle: the first call runs at once, calls within the
 * next `intervalMs` are folded into one run when that time is up. The function
 * never runs more than once per `intervalMs`.
 */
export function createThrottle(fn: () => void, intervalMs: number, now: () => number = Date.now): Throttle {
  let lastRun = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined

  const run = () => {
    timer = undefined
    lastRun = now()
    fn()
  }

  return {
    schedule() {
      if (timer !== undefined) return
      const wait = lastRun + intervalMs - now()
      if (wait <= 0) run()
      else timer = setTimeout(run, wait)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}
