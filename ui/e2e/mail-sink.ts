import { createServer, type Server } from 'node:net'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The e2e server's SMTP server: takes every e-mail Bayline sends (no TLS, no auth, the few
 * commands lettre uses) and keeps each as `<n>.eml` in `dir`, so a test reads what a user
 * would find in their mailbox (a log-in code, a password link).
 */
export function startMailSink(port: number, dir: string): Promise<Server> {
  mkdirSync(dir, { recursive: true })
  let count = 0
  const server = createServer((socket) => {
    let buffered = ''
    let inData = false
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 bayline-e2e mail sink')
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffered.indexOf('\r\n.\r\n')
          if (end < 0) return
          count += 1
          writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.eml`), buffered.slice(0, end))
          buffered = buffered.slice(end + 5)
          inData = false
          reply('250 kept')
          continue
        }
        const lineEnd = buffered.indexOf('\r\n')
        if (lineEnd < 0) return
        const command = buffered.slice(0, lineEnd).toUpperCase()
        buffered = buffered.slice(lineEnd + 2)
        if (command.startsWith('EHLO')) socket.write('250-bayline-e2e\r\n250 8BITMIME\r\n')
        else if (command.startsWith('DATA')) {
          inData = true
          reply('354 go on')
        } else if (command.startsWith('QUIT')) {
          reply('221 bye')
          socket.end()
          return
        } else reply('250 ok')
      }
    })
    socket.on('error', () => socket.destroy())
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/** The newest e-mail to `address` in the sink's folder, its quoted-printable soft breaks undone. */
export function newestMailTo(dir: string, address: string): string | null {
  const names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort().reverse()
  for (const name of names) {
    const text = readFileSync(path.join(dir, name), 'utf8')
    if (text.includes(address)) return text.replace(/=\r\n/g, '').replace(/=3D/g, '=')
  }
  return null
}
