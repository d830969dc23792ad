import { describe, expect, it } from 'vitest'
import { SseParser } from './sse-parser'

const jobEvent = (id: number, progress: number) =>
  `event: job\ndata: {"type":"job.updated","run":{"id":${id},"progress":${progress}}}\n\n`

describe('SseParser', () => {
  it('parses one event', () => {
    const parser = new SseParser()
    expect(parser.push(jobEvent(1, 50))).toEqual([
      { event: 'job', data: '{"type":"job.updated","run":{"id":1,"progress":50}}' },
    ])
  })

  it('parses several events in one chunk', () => {
    const parser = new SseParser()
    const messages = parser.push(jobEvent(1, 10) + jobEvent(1, 20) + jobEvent(2, 0))
    expect(messages.map((m) => JSON.parse(m.data).run)).toEqual([
      { id: 1, progress: 10 },
      { id: 1, progress: 20 },
      { id: 2, progress: 0 },
    ])
  })

  it('keeps a line split across chunks until it is complete', () => {
    const parser = new SseParser()
    const text = jobEvent(7, 42)
    const out = [
      ...parser.push(text.slice(0, 3)),
      ...parser.push(text.slice(3, 17)),
      ...parser.push(text.slice(17, 40)),
      ...parser.push(text.slice(40, -1)),
    ]
    expect(out).toEqual([])
    const [message] = parser.push(text.slice(-1))
    expect(message?.event).toBe('job')
    expect(JSON.parse(message!.data).run).toEqual({ id: 7, progress: 42 })
  })

  it('gives the same events whatever the chunking, one character at a time included', () => {
    const text = jobEvent(1, 1) + ': keep-alive\n\n' + jobEvent(2, 2)
    const whole = new SseParser().push(text)
    const parser = new SseParser()
    const bytewise = [...text].flatMap((c) => parser.push(c))
    expect(bytewise).toEqual(whole)
    expect(whole).toHaveLength(2)
  })

  it('ignores comment lines (keep-alives) and counts them', () => {
    const parser = new SseParser()
    expect(parser.push(': keep-alive\n\n:\n')).toEqual([])
    expect(parser.push(':ping\nevent: job\n: in the middle\ndata: {}\n\n')).toEqual([{ event: 'job', data: '{}' }])
    expect(parser.comments).toBe(4)
  })

  it('accepts CRLF and CR line endings, also with the CRLF split between chunks', () => {
    const parser = new SseParser()
    expect(parser.push('event: job\r\ndata: {"a":1}\r')).toEqual([])
    expect(parser.push('\n\r\n')).toEqual([{ event: 'job', data: '{"a":1}' }])
    expect(parser.push('data: x\rdata: y\r\r')).toEqual([{ event: 'message', data: 'x\ny' }])
  })

  it('joins multi-line data, strips one leading space and defaults the event name', () => {
    const parser = new SseParser()
    expect(parser.push('data:  two spaces\ndata:none\n\n')).toEqual([{ event: 'message', data: ' two spaces\nnone' }])
  })

  it('dispatches nothing for an event without data, and resets the event name after each event', () => {
    const parser = new SseParser()
    expect(parser.push('event: job\n\ndata: plain\n\n')).toEqual([{ event: 'message', data: 'plain' }])
  })

  it('remembers id and retry; ignores unknown fields and a leading BOM', () => {
    const parser = new SseParser()
    expect(parser.push('\uFEFFid: 41\nretry: 3000\nfoo: bar\ndata: 1\n\ndata: 2\n\n')).toEqual([
      { event: 'message', data: '1', id: '41' },
      { event: 'message', data: '2', id: '41' },
    ])
    expect(parser.retryMs).toBe(3000)
  })

  it('does not dispatch an event whose blank line has not arrived', () => {
    const parser = new SseParser()
    expect(parser.push('event: job\ndata: {}\n')).toEqual([])
    expect(parser.push('\n')).toEqual([{ event: 'job', data: '{}' }])
  })
})
