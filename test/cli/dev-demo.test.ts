// Pins the first minutes of a newcomer (issue 15): `event-index dev` serves a built-in demo organization
// site on loopback and its banner's curl lines, run exactly as printed (with the job id put in), go index
// → 202, poll → 200 ready with events, pull → the events, search → finds them, with no network (the
// only site crawled is the demo site on 127.0.0.1). The free trial it spends is kept in
// data/dev-gateway.json, so a restart does not refill it. And `npm start` is one process a supervisor can
// stop: SIGTERM to npm's PID releases every port `dev` opened and leaves no bun process behind.
import { afterAll, describe, expect, it } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUN, ROOT, startService, type Running } from '../helpers/process'
import { tempDir } from '../helpers/tmp'
import { demoOffset, demoToday, FEED_SERIES } from '../../src/dev/demo-calendar'

/**
 * How many of the demo events the crawl stored have ended by `nowMs`: today's occurrence of the weekly
 * storytime, once over. The job, asked for at `askedAtMs`, reads from the UTC day before today: the demo
 * zone's (Los Angeles) today is stored whole when it is the UTC today too, but when it is still the UTC
 * yesterday (UTC midnight to the zone's midnight) only what had not ended at `askedAtMs` was stored.
 * Pulls and searches answer what has not ended.
 */
function endedSince(askedAtMs: number, nowMs: number): number {
  const today = demoToday(nowMs)
  if (new Date(`${today}T12:00:00Z`).getUTCDay() !== FEED_SERIES.weekday) return 0
  const end = Date.parse(`${today}T${FEED_SERIES.end}:00${demoOffset(today)}`)
  const storedAfter = today === new Date(askedAtMs).toISOString().slice(0, 10) ? -Infinity : askedAtMs
  return end > storedAfter && end <= nowMs ? 1 : 0
}

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const DEV_ENV = { PORT: '0', GATEWAY_PORT: '0', DEMO_PORT: '0', CRAWL_WORKERS: '1' }

/** Resolves once `text()` satisfies `ready`, or rejects with what was written. */
async function until(text: () => string, ready: (t: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (!ready(text())) {
    if (Date.now() > deadline) throw new Error(`no ${what} after ${timeoutMs} ms:\n${text()}`)
    await Bun.sleep(25)
  }
  return text()
}

/** The banner's numbered curl lines, as printed. */
function curlLines(banner: string): string[] {
  return banner
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '))
}

/** Runs one printed line in a shell, as a person pasting it would, with the HTTP status appended. */
async function runLine(line: string): Promise<{ status: number; body: any }> {
  const proc = Bun.spawn(['sh', '-c', `${line} -w '\\n%{http_code}'`], { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(proc.stdout).text()
  expect(await proc.exited).toBe(0)
  const at = out.lastIndexOf('\n')
  return { status: Number(out.slice(at + 1)), body: JSON.parse(out.slice(0, at)) }
}

async function startDev(database: string): Promise<Running> {
  return startService([BUN, 'src/index.ts', 'dev', '--db', database], { env: DEV_ENV, timeoutMs: 30_000 })
}

describe('event-index dev with its demo site', () => {
  it('prints curl lines that index the demo site, poll it ready, read its events and find them by search', async () => {
    const database = join(tmp.dir, 'round', 'dev.sqlite')
    const dev = await startDev(database)
    try {
      const banner = await until(dev.stderr, (t) => t.includes('4. search'), 'banner')
      const lines = curlLines(banner)
      expect(lines).toHaveLength(4)
      expect(lines[0]).toContain('"website":"http://riverside.localhost:')

      const askedAt = Date.now()
      const indexed = await runLine(lines[0])
      expect(indexed.status).toBe(202)
      const jobId = indexed.body.jobId as string
      expect(jobId).toStartWith('job_')

      let poll = await runLine(lines[1].replace('JOB_ID', jobId))
      const deadline = Date.now() + 30_000
      while (poll.status === 202 && Date.now() < deadline) poll = await runLine(lines[1].replace('JOB_ID', jobId))
      expect(poll.status).toBe(200)
      expect(poll.body.status).toBe('ready')
      expect(poll.body.eventCount).toBeGreaterThanOrEqual(15)
      // All three sources of the demo site gave events: the plain cards, the JSON-LD page and the feed.
      expect(
        poll.body.sources
          .filter((s: any) => s.eventCount > 0)
          .map((s: any) => new URL(s.url).pathname)
          .sort(),
      ).toEqual(['/calendar.ics', '/camps', '/events'])
      // Every source the crawl read is on the demo site: nothing was asked of another host.
      const demoHost = new URL(/"website":"([^"]+)"/.exec(lines[0])![1]).host
      expect(poll.body.sources.length).toBeGreaterThanOrEqual(3)
      expect(poll.body.sources.filter((s: any) => new URL(s.url).host !== demoHost)).toEqual([])
      expect(lines[2]).toContain(`/api/v1/businesses/${poll.body.orgId}/events`)

      const pulled = await runLine(lines[2])
      expect(pulled.status).toBe(200)
      // The job's count is what a pull returns, less what had ended (the pull runs on either side of that).
      expect([poll.body.eventCount, poll.body.eventCount - endedSince(askedAt, Date.now())]).toContain(pulled.body.events.length)
      const titles = new Set(pulled.body.events.map((e: any) => e.title))
      for (const title of ['Storytime at the Centre', 'Family Movie Night: The Iron Giant', 'Junior Science Workshop: Volcanoes', 'Family Swim Night']) expect(titles).toContain(title)

      const found = await runLine(lines[3])
      expect(found.status).toBe(200)
      expect([poll.body.eventCount, poll.body.eventCount - endedSince(askedAt, Date.now())]).toContain(found.body.count)
      expect(found.body.events.every((e: any) => e.city === 'Riverside')).toBe(true)
    } finally {
      expect(await dev.stop()).toBe(0)
    }
    // The trial spent is on disk: one index call and the events pulled.
    const saved = JSON.parse(readFileSync(join(tmp.dir, 'round', 'dev-gateway.json'), 'utf8'))
    expect(saved.ledger.accounts.agent_dev.trial.orgs_index).toBe(2)
    expect(saved.ledger.accounts.agent_dev.trial.events_pull).toBeLessThan(50)

    // …and a restart shows and keeps what is left instead of a fresh trial.
    const again = await startDev(database)
    try {
      const banner = await until(again.stderr, (t) => t.includes('4. search'), 'banner')
      expect(banner).toContain(`free trial left: 2 index calls, ${saved.ledger.accounts.agent_dev.trial.events_pull} events`)
    } finally {
      expect(await again.stop()).toBe(0)
    }
  }, 90_000)
})

describe('npm start', () => {
  it('stops with the SIGTERM sent to its PID, releasing the service, gateway and demo site ports', async () => {
    const dir = join(tmp.dir, 'npm-start')
    const npm = Bun.spawn(['npm', 'start', '--silent'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...DEV_ENV, DATABASE_PATH: join(dir, 'dev.sqlite'), npm_config_update_notifier: 'false' },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    let err = ''
    let out = ''
    void (async () => {
      for await (const chunk of npm.stderr) err += new TextDecoder().decode(chunk)
    })()
    void (async () => {
      for await (const chunk of npm.stdout) out += new TextDecoder().decode(chunk)
    })()
    let servicePid: number | undefined
    try {
      const banner = await until(
        () => err,
        (t) => t.includes('4. search'),
        'banner',
        30_000,
      )
      // The log line is on stdout, a pipe read apart from stderr's: wait for it too.
      const logs = await until(
        () => out,
        (t) => /"msg":"listening".*\n/.test(t),
        'listening log line',
      )
      servicePid = JSON.parse(logs.split('\n').find((l) => l.includes('"msg":"listening"'))!).pid
      const urls = [/service: +(http:\/\/\S+)/, /gateway: +(http:\/\/\S+)/, /demo site: +http:\/\/riverside\.localhost:(\d+)/].map((re) => re.exec(banner)![1])
      const addresses = [urls[0], urls[1], `http://127.0.0.1:${urls[2]}`]
      for (const address of addresses) expect((await fetch(address)).status).toBeGreaterThan(0)
      npm.kill('SIGTERM')
      await npm.exited
      for (const address of addresses)
        expect(
          await fetch(address).then(
            () => 'answered',
            () => 'refused',
          ),
        ).toBe('refused')
      // …and the bun process that served them is gone, not orphaned.
      expect(servicePid).toBeGreaterThan(0)
      expect(existsSync(`/proc/${servicePid}`)).toBe(false)
    } finally {
      // Whatever happened, leave no process behind: the bun that `dev` ran is ours.
      if (servicePid && existsSync(`/proc/${servicePid}`)) process.kill(servicePid, 'SIGKILL')
      if (npm.exitCode === null) npm.kill('SIGKILL')
    }
  }, 60_000)
})
