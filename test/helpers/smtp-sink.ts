import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it accepts. `reject` makes it
 * refuse messages with a 451 until switched back, to drill delivery failures.
 */
export async function startSmtpSink(options: { port?: number } = {}) {
  const messages: ReceivedMail[] = []
  const state = { reject: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        if (state.reject) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }))
        messages.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)))
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A header of a raw message (unfolded), e.g. `header(raw, 'Subject')`. */
export function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]
}
