import { join } from 'node:path'
import { tempDir } from '../../helpers/tmp'

/**
 * Load generation with wrk (Debian's package), requests prepared before the run: a request file holds
 * one request per line (path, then headers, tab-separated); a Lua script formats them once at start,
 * gives each wrk thread its own share and walks it, so the generator does the same little work for the
 * service and for the bare server. Signed requests are single-use (replay protection), so a run that
 * may not reuse them stops a thread when its share is spent and reports it (`ranOut`). Latency in µs.
 */
export type WrkResult = {
  requests: number
  seconds: number
  rps: number
  meanUs: number
  p50Us: number
  p90Us: number
  p99Us: number
  p999Us: number
  maxUs: number
  non2xx: number
  errors: number
  bytes: number
  ranOut: boolean
}

export type PreparedRequest = { path: string; headers: Record<string, string> }

const DELAY_LUA = `
function delay()
  return pause
end
`

const LUA = `
local share = {}
local n = 0
local count = 0
local wrap = false
local pause = 0
ran_out = 0
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  local file, nthreads = args[1], tonumber(args[2])
  wrap = args[3] == "wrap"
  pause = tonumber(args[4] or "0")
  local i = 0
  for line in io.lines(file) do
    if i % nthreads == id then
      local parts = {}
      for part in string.gmatch(line, "[^\\t]+") do table.insert(parts, part) end
      local headers = {}
      for k = 2, #parts do
        local colon = string.find(parts[k], ":", 1, true)
        headers[string.sub(parts[k], 1, colon - 1)] = string.sub(parts[k], colon + 2)
      end
      table.insert(share, wrk.format("GET", parts[1], headers))
    end
    i = i + 1
  end
  count = #share
end

function request()
  n = n + 1
  if n > count then
    if wrap then n = 1 else
      ran_out = 1
      wrk.thread:stop()
      return share[count]
    end
  end
  return share[n]
end

function done(summary, latency, requests)
  local out = 0
  for _, t in ipairs(threads) do out = out + (t:get("ran_out") or 0) end
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"mean":%f,"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"ran_out":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max, out))
end
`

let wrkPath: string | undefined
const scratch = tempDir('event-index-wrk-')
process.on('exit', () => scratch.cleanup())

/** The wrk executable, or an error saying how to install it. */
export function requireWrk(): string {
  wrkPath ??= Bun.which('wrk') ?? undefined
  if (!wrkPath)
    throw new Error('wrk is not installed. The benchmarks drive the service with wrk (HTTP load generator): on Debian or Ubuntu run `sudo apt-get install -y wrk`, on macOS `brew install wrk`.')
  return wrkPath
}

let fileCount = 0

/** Writes prepared requests to a request file for {@link runWrk}. */
export async function writeRequests(requests: PreparedRequest[]): Promise<string> {
  const file = join(scratch.dir, `requests-${fileCount++}.tsv`)
  const lines = requests.map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)].join('\t'))
  await Bun.write(file, `${lines.join('\n')}\n`)
  return file
}

/**
 * One wrk run against `origin` with the requests of `file`. `wrap` lets threads reuse their share (the
 * bare server checks no signature); without it a spent share stops its thread and `ranOut` is set.
 * `pauseMs` paces each connection (think time between its requests) for latency under moderate load.
 */
export async function runWrk(options: {
  origin: string
  file: string
  connections: number
  threads?: number
  seconds: number
  wrap: boolean
  pauseMs?: number
  /** Ends the run early (SIGINT: wrk stops and reports what it measured) when this settles; `seconds` is then the longest it may run. */
  stopWhen?: Promise<unknown>
}): Promise<WrkResult> {
  const paced = (options.pauseMs ?? 0) > 0
  const script = join(scratch.dir, paced ? 'walk-paced.lua' : 'walk.lua')
  if (!(await Bun.file(script).exists())) await Bun.write(script, paced ? LUA + DELAY_LUA : LUA)
  const threads = Math.min(options.threads ?? 2, options.connections)
  const proc = Bun.spawn(
    [
      requireWrk(),
      '-t',
      String(threads),
      '-c',
      String(options.connections),
      '-d',
      `${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      options.origin,
      '--',
      options.file,
      String(threads),
      options.wrap ? 'wrap' : 'once',
      String(options.pauseMs ?? 0),
    ],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const stop = () => proc.kill('SIGINT')
  options.stopWhen?.then(stop, stop)
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '))
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`)
  const j = JSON.parse(line.slice('WRK_JSON '.length))
  const seconds = j.duration_us / 1e6
  return {
    requests: j.requests,
    seconds,
    rps: j.requests / seconds,
    meanUs: j.mean,
    p50Us: j.p50,
    p90Us: j.p90,
    p99Us: j.p99,
    p999Us: j.p999,
    maxUs: j.max,
    non2xx: j.status,
    errors: j.connect + j.read + j.write + j.timeout,
    bytes: j.bytes,
    ranOut: j.ran_out > 0,
  }
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** The median of each figure over rounds (rps, latencies), with the worst error counts. */
export function medianOf(results: WrkResult[]): WrkResult {
  const m = (k: keyof WrkResult) => median(results.map((r) => r[k] as number))
  return {
    requests: m('requests'),
    seconds: m('seconds'),
    rps: m('rps'),
    meanUs: m('meanUs'),
    p50Us: m('p50Us'),
    p90Us: m('p90Us'),
    p99Us: m('p99Us'),
    p999Us: m('p999Us'),
    maxUs: m('maxUs'),
    non2xx: Math.max(...results.map((r) => r.non2xx)),
    errors: Math.max(...results.map((r) => r.errors)),
    bytes: m('bytes'),
    ranOut: results.some((r) => r.ranOut),
  }
}

const ms = (us: number) => (us >= 10_000 ? `${(us / 1000).toFixed(0)} ms` : us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`)

/** One line: throughput, mean and percentiles, errors. */
export function describe(name: string, r: WrkResult): string {
  const flags = `${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}${r.errors ? `  socket errors ${r.errors}` : ''}${r.ranOut ? '  RAN OUT OF SIGNED REQUESTS' : ''}`
  return `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  mean ${ms(r.meanUs).padStart(7)}  p50 ${ms(r.p50Us).padStart(7)}  p99 ${ms(r.p99Us).padStart(7)}  p99.9 ${ms(r.p999Us).padStart(7)}  ~${Math.round(r.bytes / Math.max(1, r.requests))} B/answer${flags}`
}
