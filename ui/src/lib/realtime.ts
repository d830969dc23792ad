/**
 * The realtime stream: one shared `GET /api/events` connection per signed-in
 * session. It is read with `fetch` (EventSource cannot send the token header),
 * parsed as server-sent events and fanned out to subscribers. When it ends or
 * fails it reconnects after 1 s, 2 s, then 5 s; a 401 stops it and ends the
 * session like any other authenticated call. While the page is away (left, or
 * kept in the back/forward cache) the connection is closed, so a long-lived
 * browser never runs out of its six connections per host; it reopens when the
 * page is shown again, and screens refetch what they may have missed.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { buildHeaders } from './api-client'
import { REALTIME_BACKOFF_MS, REALTIME_URL, UNAUTHORIZED_RELOAD_DELAY_MS } from './config'
import { endSession, getUserData, type UserData } from './session'
import { SseParser, type SseMessage } from './sse-parser'

/**
 * - `off`: not started (signed out).
 * - `connecting`: the first connection is being made.
 * - `open`: events flow.
 * - `reconnecting`: the stream failed or ended; waiting or trying again. Screens fall back to polling.
 * - `polling`: the user's real-time updates are off (`realTimeSync`, spec H-R15): no stream is
 *   opened (the server would refuse it) and screens refresh on their own.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'reconnecting' | 'polling'

export interface RealtimeEvent {
  /** The SSE `event:` name, e.g. `job`. */
  event: string
  /** The `data:` payload, JSON-parsed. */
  data: unknown
}

export type RealtimeListener = (event: RealtimeEvent) => void

export interface RealtimeClientOptions {
  url?: string
  fetch?: typeof fetch
  getUser?: () => UserData | null
  /** Called once when the server answers 401 (default: end the session). */
  onUnauthorized?: () => void
  backoffMs?: readonly number[]
}

export class RealtimeClient {
  private readonly url: string
  private readonly fetchFn: typeof fetch
  private readonly getUser: () => UserData | null
  private readonly onUnauthorized: () => void
  private readonly backoffMs: readonly number[]

  private status: RealtimeStatus = 'off'
  private readonly listeners = new Set<RealtimeListener>()
  private readonly statusListeners = new Set<() => void>()
  /** Bumped by start/stop: a loop whose generation is old has been stopped. */
  private generation = 0
  private controller: AbortController | null = null
  private wakeUp: (() => void) | null = null
  /** Closed by `pause` (the page is away), to be reopened by `resume`. */
  private paused = false

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? REALTIME_URL
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.getUser = options.getUser ?? getUserData
    this.onUnauthorized = options.onUnauthorized ?? (() => endSession(UNAUTHORIZED_RELOAD_DELAY_MS))
    this.backoffMs = options.backoffMs ?? REALTIME_BACKOFF_MS
  }

  getStatus = (): RealtimeStatus => this.status

  /** Opens the stream unless it is already open or opening. */
  start(): void {
    if (this.status !== 'off') return
    const generation = ++this.generation
    this.setStatus('connecting')
    void this.loop(generation)
  }

  /** No stream for a user whose real-time updates are off: screens poll instead. */
  poll(): void {
    this.stop()
    this.setStatus('polling')
  }

  /** Closes the stream and stops reconnecting. */
  stop(): void {
    this.paused = false
    this.close()
    this.setStatus('off')
  }

  /**
   * Closes the connection while the page is away. Screens see a break
   * (`reconnecting`), so they refetch once `resume` has the stream back.
   */
  pause(): void {
    if (this.status === 'off' || this.paused) return
    this.paused = true
    this.close()
    this.setStatus('reconnecting')
  }

  /** Reopens a connection `pause` closed. */
  resume(): void {
    if (!this.paused) return
    this.paused = false
    void this.loop(++this.generation)
  }

  /** Ends the current connection and any wait to reconnect. */
  private close() {
    this.generation++
    this.controller?.abort()
    this.controller = null
    this.wakeUp?.()
  }

  /** Receives every event while subscribed. */
  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener)
    return () => {
      this.statusListeners.delete(listener)
    }
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return
    this.status = status
    for (const listener of [...this.statusListeners]) listener()
  }

  private dispatch(message: SseMessage) {
    let data: unknown
    try {
      data = JSON.parse(message.data) as unknown
    } catch {
      return // not ours to guess at
    }
    const event: RealtimeEvent = { event: message.event, data }
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        console.error('realtime listener failed', error)
      }
    }
  }

  private async loop(generation: number) {
    let failures = 0
    while (generation === this.generation) {
      const user = this.getUser()
      if (!user) {
        this.stop()
        return
      }
      const controller = new AbortController()
      this.controller = controller
      try {
        const headers = buildHeaders(user)
        headers.set('Accept', 'text/event-stream')
        const response = await this.fetchFn(this.url, { headers, cache: 'no-store', signal: controller.signal })
        if (generation !== this.generation) return
        if (response.status === 401) {
          this.stop()
          this.onUnauthorized()
          return
        }
        const type = response.headers.get('Content-Type') ?? ''
        if (response.ok && response.body && type.startsWith('text/event-stream')) {
          failures = 0
          this.setStatus('open')
          await this.read(response.body, generation)
        } else {
          void response.body?.cancel().catch(() => undefined)
        }
      } catch {
        // network error, or aborted by stop(): both end this connection
      }
      if (generation !== this.generation) return
      controller.abort()
      this.setStatus('reconnecting')
      const delay = this.backoffMs[Math.min(failures, this.backoffMs.length - 1)] ?? 5000
      failures++
      await this.sleep(delay)
    }
  }

  private async read(body: ReadableStream<Uint8Array>, generation: number) {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    const parser = new SseParser()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done || generation !== this.generation) break
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (generation !== this.generation) break
          this.dispatch(message)
        }
      }
    } finally {
      reader.releaseLock()
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wakeUp = () => {
        clearTimeout(timer)
        if (this.wakeUp === wakeUp) this.wakeUp = null
        resolve()
      }
      const timer = setTimeout(wakeUp, ms)
      this.wakeUp = wakeUp
    })
  }
}

/** The app's one connection. */
export const realtime = new RealtimeClient()

/**
 * Keeps the shared stream open while `token` is set (signed in) and the page is
 * shown; closes it on sign-out, and while the page is left or in the
 * back/forward cache (`pagehide`), reopening it when the page is back.
 */
export function useRealtimeConnection(token: string | null | undefined, client: RealtimeClient = realtime, live = true): void {
  useEffect(() => {
    if (!token) return
    if (!live) {
      client.poll()
      return () => client.stop()
    }
    client.start()
    const away = () => client.pause()
    const back = () => client.resume()
    window.addEventListener('pagehide', away)
    window.addEventListener('pageshow', back)
    return () => {
      window.removeEventListener('pagehide', away)
      window.removeEventListener('pageshow', back)
      client.stop()
    }
  }, [token, client, live])
}

export function useRealtimeStatus(client: RealtimeClient = realtime): RealtimeStatus {
  return useSyncExternalStore(client.subscribeStatus, client.getStatus, client.getStatus)
}

/** Whether events do not flow now (the stream is down, or the user's live updates are off): screens poll meanwhile. */
export function useStreamDown(client: RealtimeClient = realtime): boolean {
  const status = useRealtimeStatus(client)
  return status === 'reconnecting' || status === 'polling'
}

/** Calls the latest `listener` for every event while mounted. */
export function useRealtimeEvents(listener: RealtimeListener, client: RealtimeClient = realtime): void {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => client.subscribe((event) => latest.current(event)), [client])
}

/**
 * Calls `onItem` with what `parse` makes of every event (events it maps to null
 * are skipped), and `onResync` when the stream is back after a break (events may
 * have been missed meanwhile). Returns the unsubscribe.
 */
export function subscribeParsed<T>(
  parse: (event: RealtimeEvent) => T | null,
  onItem: (item: T) => void,
  onResync: () => void,
  client: RealtimeClient = realtime,
): () => void {
  const stopEvents = client.subscribe((event) => {
    const item = parse(event)
    if (item !== null) onItem(item)
  })
  let wasDown = client.getStatus() === 'reconnecting'
  const stopStatus = client.subscribeStatus(() => {
    const status = client.getStatus()
    if (status === 'reconnecting') wasDown = true
    else if (status === 'open' && wasDown) {
      wasDown = false
      onResync()
    }
  })
  return () => {
    stopEvents()
    stopStatus()
  }
}
