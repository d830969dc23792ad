import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/**
 * A stand-in for Twilio Conversations (the server's "twilio chat", decision 0023) for the e2e
 * server: only the calls Bayline makes, with HTTP basic auth as Twilio checks it. The server
 * reaches it because the config allows its address (`BAYLINE_GATEWAY_HOSTS_ALLOWED`) and the
 * test saves it as the chat's API base URL.
 *
 * - GET  /v1/Services/{sid}: 200 `{sid}` for the right key, 401 otherwise (the credential test);
 * - POST /v1/Services/{sid}/Conversations: 201 `{sid: CH…}` (a user's notification conversation);
 * - POST /v1/Services/{sid}/Conversations/{sid}/Participants: 201 `{}`;
 * - GET  /v1/Services/{sid}/Conversations/{uniqueName}: 200 `{sid: CH…}`;
 * - POST /v1/Services/{sid}/Conversations/{sid}/Messages: 201 `{}` (a notification posted).
 */

/** The one secret the fake takes, with any API key SID (SK…). */
export const CHAT_SECRET = 'the-right-secret'

function authorized(request: IncomingMessage): boolean {
  const header = request.headers.authorization ?? ''
  if (!header.startsWith('Basic ')) return false
  const [user, ...rest] = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8').split(':')
  return !!user?.startsWith('SK') && rest.join(':') === CHAT_SECRET
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify(body))
}

const conversationSid = () => `CH${randomBytes(16).toString('hex')}`

export function startFakeTwilioChat(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    // The form bodies are not read: drain them so the connection is reused.
    request.resume()
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname
      const parts = path.split('/').filter(Boolean)
      if (parts[0] !== 'v1' || parts[1] !== 'Services' || !parts[2]) return answer(response, 404, { message: 'Not found' })
      if (!authorized(request)) return answer(response, 401, { code: 20003, message: 'Authenticate' })
      const [, , serviceSid, collection, conversation, sub] = parts
      const method = request.method ?? 'GET'
      if (method === 'GET' && !collection) return answer(response, 200, { sid: serviceSid })
      if (collection !== 'Conversations') return answer(response, 404, { message: 'Not found' })
      if (method === 'POST' && !conversation) return answer(response, 201, { sid: conversationSid() })
      if (method === 'POST' && (sub === 'Participants' || sub === 'Messages')) return answer(response, 201, {})
      if (method === 'GET' && conversation && !sub) return answer(response, 200, { sid: conversationSid() })
      return answer(response, 404, { message: 'Not found' })
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}
