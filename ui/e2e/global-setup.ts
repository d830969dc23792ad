import { startFakeTwilioChat } from './fake-twilio-chat'
import { startMailSink } from './mail-sink'

/**
 * Starts the SMTP sink the server sends through (`BAYLINE_SMTP_URL`) and the fake Twilio
 * Conversations service its chat calls reach (`BAYLINE_GATEWAY_HOSTS_ALLOWED`), both set by the config.
 */
export default async function globalSetup() {
  const mail = await startMailSink(Number(process.env.BAYLINE_E2E_SMTP_PORT), String(process.env.BAYLINE_E2E_MAIL_DIR))
  const chat = await startFakeTwilioChat(Number(process.env.BAYLINE_E2E_CHAT_PORT))
  return () =>
    Promise.all([
      new Promise<void>((resolve) => mail.close(() => resolve())),
      new Promise<void>((resolve) => chat.close(() => resolve())),
    ]).then(() => undefined)
}
