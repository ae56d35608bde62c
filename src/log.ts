export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type Logger = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void>

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/**
 * Structured JSON logs, one object per line, so that journald or any collector can index them.
 * Callers pass fields, never pre-formatted strings; secrets are kept out by never passing them.
 */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const min = RANK[level]
  const emit = (lvl: LogLevel) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (RANK[lvl] < min) return
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`)
  }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}

/** A logger that drops everything: the default for tests that do not look at logs. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
