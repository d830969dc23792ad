import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumLaunch } from './e2e/chromium'

/**
 * End-to-end tests against the real backend (`bayline serve`) serving the built
 * UI (ui/dist, so run `npm run build` first — `npm run e2e` does) on a fresh
 * data directory. Browsers are never downloaded: Debian's chromium is used.
 */
const uiDir = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.E2E_PORT ?? 18080)
const origin = `http://127.0.0.1:${port}`
const bin = process.env.BAYLINE_BIN ?? path.resolve(uiDir, '../target/debug/bayline')

// Made once in the runner; workers inherit the variable instead of making more.
process.env.BAYLINE_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'bayline-e2e-'))
const dataDir = process.env.BAYLINE_E2E_DATA_DIR
// The server's mail goes to a sink (e2e/mail-sink.ts) on the next port, kept as files there.
process.env.BAYLINE_E2E_SMTP_PORT ??= String(port + 1)
process.env.BAYLINE_E2E_MAIL_DIR ??= path.join(dataDir, 'mail')
// A fake Twilio Conversations (e2e/fake-twilio-chat.ts) on the port after, which the server may call.
process.env.BAYLINE_E2E_CHAT_PORT ??= String(port + 2)
// Customers' e-mail replies reach the server as Mailgun posts them, signed with this key.
process.env.BAYLINE_E2E_INBOUND_MAIL_KEY ??= 'e2e-inbound-mail-key'

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: origin,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop' },
    // The journeys (tests tagged @journey) again on a phone, but for the lane drag (@desktop).
    {
      name: 'phone',
      grep: /@journey/,
      grepInvert: /@desktop/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
  webServer: {
    command: `"${bin}" serve`,
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      BAYLINE_LISTEN: `127.0.0.1:${port}`,
      BAYLINE_DATA_DIR: dataDir,
      BAYLINE_DEMO: '1',
      BAYLINE_DEMO_SCALE: '300',
      BAYLINE_UI_DIR: path.resolve(uiDir, 'dist'),
      BAYLINE_SMTP_URL: `smtp://127.0.0.1:${process.env.BAYLINE_E2E_SMTP_PORT}`,
      BAYLINE_INBOUND_MAIL_KEY: process.env.BAYLINE_E2E_INBOUND_MAIL_KEY,
      // The server calls a gateway's address only when allowed: the fake chat service's.
      BAYLINE_GATEWAY_HOSTS_ALLOWED: `http://127.0.0.1:${process.env.BAYLINE_E2E_CHAT_PORT}`,
      // One line per request would bury the test report; BAYLINE_LOG=info brings them back.
      BAYLINE_LOG: process.env.BAYLINE_LOG ?? 'warn',
    },
  },
})
