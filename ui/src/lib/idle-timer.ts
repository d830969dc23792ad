import { ACTIVITY_DEBOUNCE_MS, IDLE_TIMEOUT_MS } from './config'

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

export interface IdleTimerOptions {
  onIdle: () => void
  timeoutMs?: number
  debounceMs?: number
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
}

/**
 * Calls `onIdle` once after `timeoutMs` without activity. Activity events are
 * debounced (`debounceMs`) before they restart the countdown. Returns `stop`.
 */
export function startIdleTimer({
  onIdle,
  timeoutMs = IDLE_TIMEOUT_MS,
  debounceMs = ACTIVITY_DEBOUNCE_MS,
  target = window,
}: IdleTimerOptions): () => void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let debounceTimer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const restart = () => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      stop()
      onIdle()
    }, timeoutMs)
  }

  const onActivity = () => {
    clearTimeout(debounceTimer)
    debounceTimer = setTimeout(restart, debounceMs)
  }

  function stop() {
    if (stopped) return
    stopped = true
    clearTimeout(idleTimer)
    clearTimeout(debounceTimer)
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity)
  }

  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true })
  restart()
  return stop
}
