import { useEffect } from 'react'
import { IDLE_RELOAD_DELAY_MS } from './config'
import { startIdleTimer } from './idle-timer'
import { endSession } from './session'

/** While mounted (and enabled), ends the session after the idle time-out. */
export function useIdleTimeout(enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    return startIdleTimer({ onIdle: () => endSession(IDLE_RELOAD_DELAY_MS) })
  }, [enabled])
}
