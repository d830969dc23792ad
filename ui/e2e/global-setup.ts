import { startMailSink } from './mail-sink'

/** Starts the SMTP sink the server sends through (`BAYLINE_SMTP_URL`, set by the config). */
export default async function globalSetup() {
  const server = await startMailSink(Number(process.env.BAYLINE_E2E_SMTP_PORT), String(process.env.BAYLINE_E2E_MAIL_DIR))
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
