import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { BUN, freePort, ROOT } from '../../helpers/process'

/** Starts a process that prints one JSON line first (bare server, usage server, site server) and returns that line. */
export async function spawnJsonLine(cmd: string[]): Promise<{ proc: Subprocess; info: any }> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  const first = new TextDecoder().decode((await reader.read()).value)
  reader.releaseLock()
  return { proc, info: JSON.parse(first.split('\n')[0]) }
}

/** Polls the health route until the service answers 200. */
export async function waitHealthy(url: string, timeoutMs = 15_000): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return performance.now() - started
    } catch {}
    await Bun.sleep(5)
  }
  throw new Error('service did not become healthy')
}

/** Runs `event-index serve` (source, or a compiled binary) on a database with the default configuration (request logs on, to /dev/null), and waits for health. */
export async function startBenchService(options: { databasePath: string; env?: Record<string, string>; binary?: string }) {
  const port = freePort()
  const cmd = options.binary ? [options.binary, 'serve'] : [BUN, join(ROOT, 'src/index.ts'), 'serve']
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: options.databasePath, LOG_LEVEL: 'info', ...options.env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  const readyMs = await waitHealthy(url)
  return { proc, url, readyMs }
}

/** Resident set size of a process in MiB (Linux /proc). */
export async function rssMiB(pid: number): Promise<number> {
  return (await residentMiB(pid)).rss
}

/** Resident set size in MiB and its parts: anonymous memory, and pages of mapped files (the executable's code). */
export async function residentMiB(pid: number): Promise<{ rss: number; anon: number; file: number }> {
  const status = await Bun.file(`/proc/${pid}/status`).text()
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') }
}
