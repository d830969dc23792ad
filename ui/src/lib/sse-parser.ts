/**
 * Incremental parser for `text/event-stream` (the WHATWG "server-sent events"
 * format). Text is fed in chunks as it arrives; a chunk may end anywhere, even
 * between the `\r` and `\n` of a line ending.
 */

export interface SseMessage {
  /** The `event:` field, `message` when none was given. */
  event: string
  /** The `data:` lines joined by `\n`. */
  data: string
  /** The last `id:` seen so far, if any. */
  id?: string
}

export class SseParser {
  private buffer = ''
  /** The previous chunk ended with `\r`: a `\n` starting the next one belongs to it. */
  private afterCR = false
  private started = false
  private eventType = ''
  private dataLines: string[] = []
  private lastId: string | undefined
  /** The last valid `retry:` field (ms), if any. */
  retryMs: number | undefined
  /** Comment lines (`: …`) seen so far: the server's keep-alives. */
  comments = 0

  /** Feeds the next piece of decoded text; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    let text = chunk
    if (!this.started && text !== '') {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1)
    this.afterCR = false
    this.buffer += text

    const messages: SseMessage[] = []
    let start = 0
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i]
      if (c !== '\n' && c !== '\r') continue
      const line = this.buffer.slice(start, i)
      if (c === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++
        } else {
          this.afterCR = true
        }
      }
      start = i + 1
      const message = this.line(line)
      if (message) messages.push(message)
    }
    this.buffer = this.buffer.slice(start)
    return messages
  }

  /** Drops a half-received message, e.g. before reading a new connection. */
  reset(): void {
    this.buffer = ''
    this.afterCR = false
    this.started = false
    this.eventType = ''
    this.dataLines = []
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch()
    if (line.startsWith(':')) {
      this.comments++
      return null
    }
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'event':
        this.eventType = value
        break
      case 'data':
        this.dataLines.push(value)
        break
      case 'id':
        if (!value.includes('\0')) this.lastId = value
        break
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value)
        break
      default:
        // Unknown fields are ignored (spec).
        break
    }
    return null
  }

  private dispatch(): SseMessage | null {
    const eventType = this.eventType
    const dataLines = this.dataLines
    this.eventType = ''
    this.dataLines = []
    if (dataLines.length === 0) return null
    const message: SseMessage = { event: eventType || 'message', data: dataLines.join('\n') }
    if (this.lastId !== undefined) message.id = this.lastId
    return message
  }
}
