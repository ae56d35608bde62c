import { join } from 'node:path'
import type { Subprocess } from 'bun'

export const ROOT = join(import.meta.dir, '../..')
export const BUN = process.execPath

let built: Promise<string> | undefined

/** The arguments of `npm run build` after `bun` (one home for the entrypoints and flags), writing to `outfile`. */
export async function buildArgs(outfile: string): Promise<string[]> {
  const script = ((await Bun.file(join(ROOT, 'package.json')).json()) as { scripts: { build: string } }).scripts.build
  const args = script.split(/\s+/)
  if (args[0] !== 'bun' || args.at(-2) !== '--outfile') throw new Error(`unexpected build script: ${script}`)
  return [...args.slice(1, -1), outfile]
}

/** Compiles the binary exactly as `npm run build` does, once per test run, into a temp folder and returns its path. */
export function buildBinary(): Promise<string> {
  built ??= (async () => {
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const out = join(mkdtempSync(join(tmpdir(), 'event-index-bin-')), 'event-index')
    const proc = Bun.spawn([BUN, ...(await buildArgs(out))], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
    if ((await proc.exited) !== 0) throw new Error(`build failed: ${await new Response(proc.stderr).text()}`)
    return out
  })()
  return built
}

/** Runs a command to completion and returns its exit code and output. */
export async function run(cmd: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
  const proc = Bun.spawn(cmd, { cwd: options.cwd ?? ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...options.env }, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, stdout, stderr }
}

export type Running = {
  proc: Subprocess<'ignore', 'pipe', 'pipe'>
  url: string
  /** Every stdout line so far (JSON logs). */
  logs: string[]
  /** Everything written on stderr so far. */
  stderr(): string
  stop(signal?: NodeJS.Signals): Promise<number>
}

/**
 * Starts a long-running service command and resolves once its `listening` log line names the URL
 * (start it with PORT=0 so the system picks a free port). Rejects if it exits or stays silent.
 */
export async function startService(cmd: string[], options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number; readyMsg?: string } = {}): Promise<Running> {
  const proc = Bun.spawn(cmd, {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', ...options.env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const logs: string[] = []
  let errText = ''
  ;(async () => {
    const decoder = new TextDecoder()
    for await (const chunk of proc.stderr) errText += decoder.decode(chunk)
  })()
  const readyMsg = options.readyMsg ?? 'listening'
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line after ${options.timeoutMs ?? 15000} ms: ${logs.join('')}`)), options.timeoutMs ?? 15000)
    ;(async () => {
      const decoder = new TextDecoder()
      let buffer = ''
      for await (const chunk of proc.stdout) {
        buffer += decoder.decode(chunk)
        let newline: number
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline)
          buffer = buffer.slice(newline + 1)
          logs.push(line)
          try {
            const parsed = JSON.parse(line)
            if (parsed.msg === readyMsg) {
              clearTimeout(timer)
              resolve(parsed.url)
            }
          } catch {}
        }
      }
      clearTimeout(timer)
      reject(new Error(`exited with ${await proc.exited} before ${readyMsg}: ${errText}`))
    })()
  })
  return {
    proc,
    url,
    logs,
    stderr: () => errText,
    async stop(signal = 'SIGTERM') {
      proc.kill(signal)
      return proc.exited
    },
  }
}

/** A TCP port that was free a moment ago (bind to 0, read, release). */
export function freePort(): number {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = server.port!
  server.stop(true)
  return port
}

/**
 * The hooks every test file that drives the compiled binary needs: the binary built once (beforeAll), a
 * temporary folder, and cleanups run in reverse order after the file (afterAll).
 */
export function binarySuite() {
  const { beforeAll, afterAll } = require('bun:test') as typeof import('bun:test')
  const { tempDir } = require('./tmp') as typeof import('./tmp')
  const tmp = tempDir()
  const cleanups: (() => unknown)[] = []
  const suite = {
    tmp,
    binary: '',
    defer(cleanup: () => unknown) {
      cleanups.push(cleanup)
    },
  }
  beforeAll(async () => {
    suite.binary = await buildBinary()
  }, 120_000)
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c()
    tmp.cleanup()
  })
  return suite
}
