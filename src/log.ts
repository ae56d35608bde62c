export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type Logger = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void> & {
  /** Whether a level is written at all, so hot paths can skip building fields nobody reads. */
  enabled(level: LogLevel): boolean
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/**
 * Standard output through a buffer flushed every 50 ms (and at exit): one `write` system call per request
 * line costs more than the request itself on the search path. Warnings and errors flush at once.
 */
export function bufferedStdout(): { write(line: string): void; flush(): void } {
  const sink = Bun.stdout.writer({ highWaterMark: 64 * 1024 })
  let timer: Timer | undefined
  const flush = () => {
    timer = undefined
    sink.flush()
  }
  process.on('exit', flush)
  return {
    write(line) {
      sink.write(line)
      timer ??= setTimeout(flush, 50)
    },
    flush,
  }
}

let stdout: ReturnType<typeof bufferedStdout> | undefined

/**
 * Structured JSON logs, one object per line, so that journald or any collector can index them.
 * Callers pass fields, never pre-formatted strings; secrets are kept out by never passing them.
 */
export function createLogger(level: LogLevel = 'info', write?: (line: string) => void): Logger {
  const min = RANK[level]
  const out = write ?? ((line: string) => (stdout ??= bufferedStdout()).write(line))
  const emit =
    (lvl: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (RANK[lvl] < min) return
      out(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`)
      if (!write && RANK[lvl] >= RANK.warn) stdout?.flush()
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error'), enabled: (lvl) => RANK[lvl] >= min }
}

/** A logger that drops everything: the default for tests that do not look at logs. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false }
