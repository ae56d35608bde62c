import type { Transporter } from 'nodemailer'
import { ConfigSchema } from '../config/schema'

export type Mail = { subject: string; text: string; replyTo?: string }

/**
 * The report mail channel. `send` resolves ok when the SMTP server accepted the mail, an error (never
 * throws) otherwise; `hourlyCap` is the ceiling on mails per UTC clock hour (REPORT_MAIL_HOURLY_CAP),
 * kept by reports.ts for every sender of report mail (the request and the scheduler's retries).
 */
export type Mailer = { configured: boolean; hourlyCap: number; send(mail: Mail): Promise<{ ok: true } | { ok: false; error: string }> }

/** REPORT_MAIL_HOURLY_CAP's default, from the config schema (one home for the number). */
export const DEFAULT_MAIL_HOURLY_CAP: number = ConfigSchema.properties.REPORT_MAIL_HOURLY_CAP.default

/**
 * A mailer over SMTP_URL to REPORT_TO (nodemailer). Short timeouts so a dead mail server never holds a
 * request; a failure is reported, not thrown, because the report is already stored and will be retried.
 * Without SMTP_URL or REPORT_TO the mailer is "not configured" and reports are only stored. `hourlyCap`
 * defaults to REPORT_MAIL_HOURLY_CAP's default.
 */
export function createMailer(smtpUrl: string, to: string, hourlyCap: number = DEFAULT_MAIL_HOURLY_CAP): Mailer {
  if (!smtpUrl || !to) return { configured: false, hourlyCap, send: async () => ({ ok: false, error: 'mail is not configured (SMTP_URL, REPORT_TO)' }) }
  // nodemailer is loaded with the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined
  const connect = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl, { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 } as never)))
  return {
    configured: true,
    hourlyCap,
    async send(mail) {
      try {
        await (await connect()).sendMail({ from: `event-index <${to}>`, to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo })
        return { ok: true }
      } catch (error) {
        return { ok: false, error: (error as Error).message.slice(0, 300) }
      }
    },
  }
}
