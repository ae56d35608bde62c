export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type Logger = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void> & {
  /** Whether a level is written at all, so hot paths can skip building fields nobody reads. */
  enabled(level: LogLevel): boolean
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** Where buffered lines go: standard output's FileSink, or a test's stand-in. */
export type LineSink = { write(text: string): unknown; flush(): unknown }

/** Lines held before they are written at once, whatever the timer. */
const BUFFER_CHARS = 64 * 1024

/**
 * Standard output through a buffer flushed every 50 ms, when it holds 64 Ki characters, and at exit:
 * one `write` system call per request line costs more than the request itself on the search path.
 * Warnings and errors flush at once. The lines are held here, not in the sink: Bun's stdout writer
 * buffers only when standard output is a pipe, and writes each line straight through when it is a file
 * or /dev/null (measured: one write() per request under the bench).
 */
export function bufferedStdout(sink: LineSink = Bun.stdout.writer()): { write(line: string): void; flush(): void } {
  let held: string[] = []
  let chars = 0
  let timer: Timer | undefined
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (held.length === 0) return
    const text = held.length === 1 ? held[0] : held.join('')
    held = []
    chars = 0
    sink.write(text)
    sink.flush()
  }
  process.on('exit', flush)
  return {
    write(line) {
      held.push(line)
      chars += line.length
      if (chars >= BUFFER_CHARS) flush()
      else timer ??= setTimeout(flush, 50)
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
