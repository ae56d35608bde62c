import type { Transporter } from 'nodemailer'

export type Mail = { subject: string; text: string; replyTo?: string }

/** Sends one report mail; resolves true when the SMTP server accepted it, false (never throws) otherwise. */
export type Mailer = { configured: boolean; send(mail: Mail): Promise<{ ok: true } | { ok: false; error: string }> }

/**
 * A mailer over SMTP_URL to REPORT_TO (nodemailer). Short timeouts so a dead mail server never holds a
 * request; a failure is reported, not thrown, because the report is already stored and will be retried.
 * Without SMTP_URL or REPORT_TO the mailer is "not configured" and reports are only stored.
 */
export function createMailer(smtpUrl: string, to: string): Mailer {
  if (!smtpUrl || !to) return { configured: false, send: async () => ({ ok: false, error: 'mail is not configured (SMTP_URL, REPORT_TO)' }) }
  // nodemailer is loaded with the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined
  const connect = () =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl, { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 } as never)))
  return {
    configured: true,
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
