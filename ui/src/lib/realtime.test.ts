import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RealtimeClient, subscribeParsed, type RealtimeEvent } from './realtime'
import type { UserData } from './session'
import { accessWith } from '../test/access'

const user = {
  authToken: 'tok-123',
  expiresAt: '2999-01-01T00:00:00Z',
  userId: 1,
  username: 'super-admin',
  roles: ['SUPER_ADMIN'],
  access: accessWith({ platform: true, tenant: true, users: true }),
  roleDtos: [{ name: 'SUPER_ADMIN' }],
  empLevel: 'PLATFORM',
  enterprise: { id: 7, name: 'Bayline Demo Motors' },
  realTimeSync: false,
  callingFeature: false,
  colorCode: '#123456',
} as unknown as UserData

/** A streaming response whose body the test writes to. */
function streamResponse() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  const response = {
    status: 200,
    ok: true,
    headers: new Headers({ 'Content-Type': 'text/event-stream' }),
    body,
  } as unknown as Response
  return {
    response,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    writeBytes: (bytes: Uint8Array) => controller.enqueue(bytes),
    end: () => controller.close(),
  }
}

function plainResponse(status: number, contentType = 'application/json'): Response {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ 'Content-Type': contentType }),
    body: null,
  } as unknown as Response
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('RealtimeClient', () => {
  it('sends the session headers and hands parsed events to subscribers', async () => {
    const stream = streamResponse()
    const fetch = vi.fn().mockResolvedValue(stream.response)
    const client = new RealtimeClient({ fetch, getUser: () => user, url: '/api/events' })
    const events: RealtimeEvent[] = []
    client.subscribe((event) => events.push(event))

    client.start()
    expect(client.getStatus()).toBe('connecting')
    await flush()
    expect(client.getStatus()).toBe('open')
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/events')
    const headers = init.headers as Headers
    expect(headers.get('Authorization')).toBe('Bearer tok-123')
    expect(headers.get('enterpriseId')).toBe('7')
    expect(headers.get('Accept')).toBe('text/event-stream')

    stream.write(': hello\n\nevent: job\ndata: {"type":"job.updated","ru')
    stream.write('n":{"id":1,"progress":40}}\n\nevent: job\ndata: not json\n\n')
    await flush()
    expect(events).toEqual([{ event: 'job', data: { type: 'job.updated', run: { id: 1, progress: 40 } } }])

    // A multi-byte character split between chunks survives.
    const bytes = new TextEncoder().encode('data: {"line":"é"}\n\n')
    const cut = bytes.indexOf(0xc3) + 1
    stream.writeBytes(bytes.slice(0, cut))
    stream.writeBytes(bytes.slice(cut))
    await flush()
    expect(events.at(-1)).toEqual({ event: 'message', data: { line: 'é' } })
    client.stop()
  })

  it('reconnects after 1 s, 2 s, then every 5 s, and resets after a good connection', async () => {
    const first = streamResponse()
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(first.response)
      .mockResolvedValueOnce(plainResponse(404))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(plainResponse(502))
      .mockResolvedValueOnce(plainResponse(200, 'text/html'))
    const client = new RealtimeClient({ fetch, getUser: () => user })
    client.start()
    await flush()
    expect(client.getStatus()).toBe('open')

    first.end()
    await flush()
    expect(client.getStatus()).toBe('reconnecting')
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1) // 1 s → 404
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000) // 2 s → network error
    expect(fetch).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(4999)
    expect(fetch).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(1) // 5 s → 502
    expect(fetch).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(5000) // 5 s → an HTML page is not a stream
    expect(fetch).toHaveBeenCalledTimes(5)
    expect(client.getStatus()).toBe('reconnecting')

    const again = streamResponse()
    fetch.mockResolvedValueOnce(again.response)
    await vi.advanceTimersByTimeAsync(5000)
    expect(client.getStatus()).toBe('open')
    again.end()
    fetch.mockResolvedValueOnce(plainResponse(404))
    await vi.advanceTimersByTimeAsync(1000) // back to 1 s after a good connection
    expect(fetch).toHaveBeenCalledTimes(7)
    client.stop()
  })

  it('stops on 401 and hands over to the usual 401 handling', async () => {
    const onUnauthorized = vi.fn()
    const fetch = vi.fn().mockResolvedValue(plainResponse(401))
    const client = new RealtimeClient({ fetch, getUser: () => user, onUnauthorized })
    client.start()
    await flush()
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(client.getStatus()).toBe('off')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('poll() opens no stream for a user whose live updates are off, and says screens refresh themselves', async () => {
    const fetch = vi.fn()
    const client = new RealtimeClient({ fetch, getUser: () => user })
    client.poll()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).not.toHaveBeenCalled()
    expect(client.getStatus()).toBe('polling')
    client.stop()
    expect(client.getStatus()).toBe('off')
  })

  it('stop() closes the stream and cancels reconnecting', async () => {
    const stream = streamResponse()
    let signal: AbortSignal | undefined
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined
      return Promise.resolve(stream.response)
    })
    const client = new RealtimeClient({ fetch, getUser: () => user })
    const statuses: string[] = []
    client.subscribeStatus(() => statuses.push(client.getStatus()))
    client.start()
    client.start() // already running: no second connection
    await flush()
    client.stop()
    expect(signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(statuses).toEqual(['connecting', 'open', 'off'])
  })

  it('closes while the page is away and reopens, with a resync, when it is back', async () => {
    const first = streamResponse()
    const second = streamResponse()
    const signals: AbortSignal[] = []
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal)
      return Promise.resolve(signals.length === 1 ? first.response : second.response)
    })
    const client = new RealtimeClient({ fetch, getUser: () => user })
    let resyncs = 0
    subscribeParsed(() => null, () => undefined, () => resyncs++, client)
    client.start()
    await flush()
    client.pause()
    client.pause() // once is enough
    expect(signals[0]?.aborted).toBe(true)
    expect(client.getStatus()).toBe('reconnecting')
    // Away for a minute: no reconnecting meanwhile.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetch).toHaveBeenCalledTimes(1)

    client.resume()
    client.resume()
    await flush()
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(client.getStatus()).toBe('open')
    expect(resyncs).toBe(1)
    client.stop()
    expect(signals[1]?.aborted).toBe(true)
    // A stopped client (signed out) is not reopened by the page coming back.
    client.resume()
    await flush()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('does not connect without a session', async () => {
    const fetch = vi.fn()
    const client = new RealtimeClient({ fetch, getUser: () => null })
    client.start()
    await flush()
    expect(fetch).not.toHaveBeenCalled()
    expect(client.getStatus()).toBe('off')
  })
})

describe('subscribeParsed', () => {
  /** `event: n` with a number as data; anything else is not ours. */
  const parseNumber = (event: RealtimeEvent) =>
    event.event === 'n' && typeof event.data === 'number' ? event.data : null

  it('passes on what parses, and resyncs only when the stream is back after a break', async () => {
    const first = streamResponse()
    const second = streamResponse()
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response)
    const client = new RealtimeClient({ fetch, getUser: () => user })
    const seen: number[] = []
    let resyncs = 0
    const stop = subscribeParsed(parseNumber, (n) => seen.push(n), () => resyncs++, client)

    client.start()
    await flush()
    expect(client.getStatus()).toBe('open')
    expect(resyncs).toBe(0) // the first connection is no comeback

    first.write('event: n\ndata: 0\n\nevent: job\ndata: 2\n\nevent: n\ndata: "3"\n\nevent: n\ndata: 4\n\n')
    await flush()
    expect(seen).toEqual([0, 4]) // 0 is a value, not a miss

    first.end()
    await flush()
    expect(client.getStatus()).toBe('reconnecting')
    expect(resyncs).toBe(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(client.getStatus()).toBe('open')
    expect(resyncs).toBe(1)

    stop()
    second.write('event: n\ndata: 5\n\n')
    await flush()
    second.end()
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen).toEqual([0, 4])
    expect(resyncs).toBe(1)
    client.stop()
  })
})
