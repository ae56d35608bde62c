/**
 * Fixture websites on loopback for crawl tests (no test may touch the internet). Each site is a folder
 * `test/fixtures/sites/<name>/` with a `site.json` manifest, the files it serves, and `expected.json`
 * (what a good crawler should find there). Files are templates expanded at serve time (see
 * `fixture-dates.ts`), so their dates stay in the future.
 *
 * Manifest (`site.json`, itself expanded with `now` before it is read, so route keys may hold dates):
 * ```
 * { "timezone": "America/New_York",
 *   "server": "http" | "silent-tcp",            // silent-tcp: accept connections, never send a byte
 *   "routes": { "/path?query": ROUTE, … },
 *   "notFound": "404.html",                    // body of every 404 (plain text when absent)
 *   "externalFeeds": { "https://host/path": ROUTE },
 *   "host": ["www.springfield-library.org", …], // the site's own names (the test web, below)
 *   "hosts": { "springfieldlib.libcal.com": { "/path?query": ROUTE, … } } }   // other hosts it plays
 * ROUTE = "file.html"
 *       | { "file": "f.json", "status": 200, "headers": { … }, "params": { "n": [1, 200] }, "vars": { "page": 1 } }
 *       | { "redirect": "http://10.0.0.7/events", "status": 302 }
 *       | { "behaviour": "never-answer" }                         // headers never sent
 *       | { "behaviour": "trickle", "file"?: "f.html", "bytes"?: 65536, "chunkBytes"?: 64, "intervalMs"?: 250 }
 *       | { "behaviour": "huge", "bytes": 20971520 }             // generated HTML, streamed
 * ```
 * Matching rule: a request matches a route when its path equals the key's path (both percent-decoded)
 * and every query parameter the key lists is present with that value; parameters the key does not list
 * are ignored. Among matches the key listing the most parameters wins, then the first in the manifest.
 * `:name` in a key (a path segment part or a query value) matches an integer within `params[name]`
 * (inclusive) and is a variable for the file's expressions, as are the route's `vars`. No match → 404.
 * A request whose Host names the host of an `externalFeeds` URL is answered from `externalFeeds` only
 * (so crawl tests can route e.g. calendar.google.com to this server); `/__external/<host>/<path>` reaches
 * the same routes without a Host header; so does a request naming a host of `hosts`, which gets that
 * host's routes. Any other Host gets the site (tests may map a fake name here).
 *
 * The test web: every site also listens with TLS (`tlsPort`, the certificate `test/fixtures/tls/test-web.crt`,
 * whose names `make-test-web-cert.sh` lists), and `resolve()` gives the CRAWL_RESOLVE entries that send
 * its names (`host`, `hosts`, `externalFeeds`) on ports 80 and 443 to this server, so a crawl reaches
 * `https://www.springfield-library.org/` and `https://springfieldlib.libcal.com/calendar?cid=…` by
 * their real-looking names. `{{origin}}` then is `https://` + the Host the request named.
 * Content types follow the file extension (`headers` overrides); file answers carry an ETag (unless the
 * route says `"etag": false`) and honour If-None-Match with 304; a route whose `headers` give a
 * `Last-Modified` also answers 304 to an If-Modified-Since not older than it (when no If-None-Match is
 * sent, as RFC 9110 says). Every request is recorded with when it arrived and the status it got,
 * including those never answered. `setRoutes` changes a running site (a re-crawl after an edit).
 */
import type { Server } from 'bun'
import { createServer, type Socket } from 'node:net'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { expandTemplate, type TemplateContext } from './fixture-dates'
import {
  compile,
  contentTypeFor,
  hugeBody,
  match,
  trickleBody,
  withoutKeys,
  type BehaviourRoute,
  type CompiledRoute,
  type FileRoute,
  type RedirectRoute,
  type RouteSpec,
  type SiteManifest,
} from './fixture-routes'

export { contentTypeFor, type BehaviourRoute, type FileRoute, type RedirectRoute, type RouteSpec, type SiteManifest } from './fixture-routes'

/** Folder holding every fixture site. */
export const SITES_DIR = join(import.meta.dir, '../fixtures/sites')

/**
 * One request as the fixture server received it (`path` includes the query string as sent), `at` its
 * arrival (`performance.now()` of this process, ms) and `status` the answer's status once it was given.
 */
export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; at: number; status?: number }

export type FixtureSite = {
  /** `http://127.0.0.1:PORT`: the site's home, without a trailing slash. */
  url: string
  /** The same scheme://host:port, the value `{{origin}}` takes for requests addressed to 127.0.0.1. */
  origin: string
  port: number
  name: string
  timezone: string
  /** The instant the site's dates are relative to. */
  now: Date
  manifest: SiteManifest
  /** Every request received, in arrival order. */
  requests: RecordedRequest[]
  /** Paths (with query) requested so far, for `toContain` / `not.toContain` assertions. */
  paths(): string[]
  /**
   * Replaces this run's route overrides (as `options.routes` at start) while the site keeps serving on the
   * same origin: the site as edited between two crawls. `{}` restores the manifest's routes.
   */
  setRoutes(routes: Record<string, RouteSpec>): void
  /** Expands a template with this site's zone, `now` and origin. */
  expand(text: string): string
  /** The site's `expected.json`, expanded against the same `now` and origin. */
  expected(): ExpectedSite
  /** Loopback URL that serves an `externalFeeds` URL without a Host header (`/__external/host/path`). */
  externalUrl(url: string): string
  /** Port of the TLS listener (same routes; certificate {@link TEST_WEB_CA}); 0 for a silent-tcp site. */
  tlsPort: number
  /** `https://` + the site's first `host` name + `/`, or `url/` when it names none. */
  home: string
  /** CRAWL_RESOLVE entries sending every name of the site (ports 80 and 443) to this server. */
  resolve(): string
  stop(): Promise<void>
}

/** The test web's certificate (PEM), its own trust anchor: what a crawl of fixture names over https trusts. */
export const TEST_WEB_CA = readFileSync(join(import.meta.dir, '../fixtures/tls/test-web.crt'), 'utf8')
const TEST_WEB_KEY = readFileSync(join(import.meta.dir, '../fixtures/tls/test-web.key'), 'utf8')

/** Names of every fixture site (folders of {@link SITES_DIR} holding a `site.json`). */
export function siteNames(): string[] {
  return readdirSync(SITES_DIR)
    .filter((name) => existsSync(join(SITES_DIR, name, 'site.json')))
    .sort()
}

/** Reads and expands a site's manifest against `now` (route keys and targets may hold date tags). */
export function loadManifest(name: string, now: Date): SiteManifest {
  const text = readFileSync(join(SITES_DIR, name, 'site.json'), 'utf8')
  const zone = (JSON.parse(text) as SiteManifest).timezone
  // `{{origin}}` stays a tag here: header values and redirect targets are expanded again per request.
  return JSON.parse(expandTemplate(text, { now, zone, origin: '{{origin}}' })) as SiteManifest
}

/** Parses the head of a raw HTTP/1.x request (for the silent TCP server, which never answers). */
function parseRawRequest(head: string): RecordedRequest {
  const [requestLine = '', ...lines] = head.split('\r\n')
  const [method = '', path = ''] = requestLine.split(' ')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return { method, path, headers, at: performance.now() }
}

async function startSilentTcp(requests: RecordedRequest[]): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    let buffered = ''
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1')
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        requests.push(parseRawRequest(buffered.slice(0, end)))
        buffered = buffered.slice(end + 4)
      }
    })
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)))
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

export type FixtureSiteOptions = {
  /** The instant the site's dates are relative to (default: the real current time). */
  now?: Date
  /**
   * Routes that replace or add to the manifest's for this run, e.g. `{ '/robots.txt': 'robots-stock.txt' }`
   * to serve a site's variant file (keys are matched as in `site.json`, and take precedence on equal
   * specificity).
   */
  routes?: Record<string, RouteSpec>
  /** The same for the routes of other hosts the site plays (`hosts` in site.json), by host name. */
  hostRoutes?: Record<string, Record<string, RouteSpec>>
  /**
   * What a `trickle` route waits on between two chunks (default `Bun.sleep`): a test passes its own to
   * read the pause asked for and release each chunk itself, instead of timing the body.
   */
  sleep?: (ms: number) => Promise<void>
}

/**
 * Serves the fixture site `name` on 127.0.0.1 (a free port) until `stop()`. Date tags in its files
 * expand relative to `options.now` (default: the real current time) in the manifest's zone.
 */
export async function startFixtureSite(name: string, options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const now = options.now ?? new Date()
  const dir = join(SITES_DIR, name)
  if (!existsSync(join(dir, 'site.json'))) throw new Error(`no fixture site "${name}" in ${SITES_DIR}`)
  const loaded = loadManifest(name, now)
  const withOverrides = (routes: Record<string, RouteSpec> = {}) => ({ ...routes, ...withoutKeys(loaded.routes, Object.keys(routes)) })
  const manifest: SiteManifest = { ...loaded, routes: withOverrides(options.routes) }
  for (const [host, routes] of Object.entries(options.hostRoutes ?? {})) {
    const own = manifest.hosts?.[host] ?? {}
    manifest.hosts = { ...manifest.hosts, [host]: { ...routes, ...withoutKeys(own, Object.keys(routes)) } }
  }
  const zone = manifest.timezone
  const requests: RecordedRequest[] = []
  const files = new Map<string, string>()
  const read = (file: string): string => {
    const path = normalize(join(dir, file))
    if (!path.startsWith(dir + '/')) throw new Error(`fixture file "${file}" is outside the site`)
    let text = files.get(path)
    if (text === undefined) files.set(path, (text = readFileSync(path, 'utf8')))
    return text
  }
  let siteRoutes = compile(manifest.routes)
  const external = new Map<string, CompiledRoute[]>()
  for (const [url, spec] of Object.entries(manifest.externalFeeds ?? {})) {
    const u = new URL(url)
    const list = external.get(u.hostname) ?? []
    list.push(...compile({ [u.pathname + u.search]: spec }))
    external.set(u.hostname, list)
  }
  for (const [host, routes] of Object.entries(manifest.hosts ?? {})) external.set(host.toLowerCase(), [...(external.get(host.toLowerCase()) ?? []), ...compile(routes)])
  const ownHosts = new Set((manifest.host ?? []).map((h) => h.toLowerCase()))
  const names = [...ownHosts, ...external.keys()]
  const pending = new Set<() => void>()
  const stopped = { value: false }

  if (manifest.server === 'silent-tcp') {
    const tcp = await startSilentTcp(requests)
    const origin = `http://127.0.0.1:${tcp.port}`
    return handle(tcp.port, 0, origin, tcp.stop)
  }

  const context = (origin: string, vars: Record<string, number> = {}): TemplateContext => ({ now, zone, origin, vars, include: read })

  function notFound(origin: string): Response {
    const body = manifest.notFound ? expandTemplate(read(manifest.notFound), context(origin)) : 'Not Found'
    return new Response(body, { status: 404, headers: { 'content-type': manifest.notFound ? contentTypeFor(manifest.notFound) : 'text/plain; charset=utf-8' } })
  }

  function answer(request: Request, spec: RouteSpec, vars: Record<string, number>, origin: string): Response | Promise<Response> {
    const route: FileRoute | RedirectRoute | BehaviourRoute = typeof spec === 'string' ? { file: spec } : spec
    if ('redirect' in route) return new Response(null, { status: route.status ?? 302, headers: { ...route.headers, location: expandTemplate(route.redirect, context(origin, vars)) } })
    if ('behaviour' in route) {
      if (route.behaviour === 'never-answer') return new Promise<Response>((resolve) => pending.add(() => resolve(new Response(null, { status: 503 }))))
      if (route.behaviour === 'huge') return new Response(hugeBody(route.bytes), { headers: { 'content-type': 'text/html; charset=utf-8', ...route.headers } })
      const content = route.file ? new TextEncoder().encode(expandTemplate(read(route.file), context(origin, vars))) : new Uint8Array(route.bytes ?? 65536).fill(0x20)
      const type = route.file ? contentTypeFor(route.file) : 'text/html; charset=utf-8'
      return new Response(trickleBody(content, route.chunkBytes ?? 64, route.intervalMs ?? 250, stopped, options.sleep), { headers: { 'content-type': type, ...route.headers } })
    }
    vars = { ...route.vars, ...vars }
    const body = expandTemplate(read(route.file), context(origin, vars))
    const etag = route.etag === false ? undefined : `"${Bun.hash(body).toString(16)}"`
    const headers: Record<string, string> = { 'content-type': contentTypeFor(route.file), ...(etag ? { etag } : {}) }
    for (const [k, v] of Object.entries(route.headers ?? {})) headers[k.toLowerCase()] = expandTemplate(v, context(origin, vars))
    const status = route.status ?? 200
    if (status === 200 && notModified(request.headers, etag, headers['last-modified'])) {
      const validators = Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'etag' || k === 'last-modified'))
      return new Response(null, { status: 304, headers: validators })
    }
    return new Response(body, { status, headers })
  }

  const serve =
    (scheme: 'http' | 'https', port: () => number) =>
    (request: Request): Response | Promise<Response> => {
      const url = new URL(request.url)
      const recorded: RecordedRequest = { method: request.method, path: url.pathname + url.search, headers: Object.fromEntries(request.headers), at: performance.now() }
      requests.push(recorded)
      const answered = (response: Response) => ((recorded.status = response.status), response)
      const reply = (response: Response | Promise<Response>) => (response instanceof Response ? answered(response) : response.then(answered))
      const host = request.headers.get('host') ?? `127.0.0.1:${port()}`
      const origin = `${scheme}://${host}`
      try {
        let routes = external.get(host.replace(/:\d+$/, '').toLowerCase())
        let pathname = url.pathname
        const via = /^\/__external\/([^/]+)(\/.*)$/.exec(url.pathname)
        if (!routes && via && (external.has(via[1]) || ownHosts.has(via[1]))) {
          routes = external.get(via[1]) ?? siteRoutes
          pathname = via[2]
        }
        const found = match(routes ?? siteRoutes, pathname, url.searchParams)
        if (!found) return reply(notFound(origin))
        if (request.method !== 'GET' && request.method !== 'HEAD') return reply(new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } }))
        return reply(answer(request, found.route.spec, found.vars, origin))
      } catch (error) {
        return reply(new Response(`fixture error: ${(error as Error).message}`, { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } }))
      }
    }
  const server: Server<undefined> = Bun.serve({ hostname: '127.0.0.1', port: 0, idleTimeout: 0, fetch: serve('http', () => server.port as number) })
  const tls: Server<undefined> = Bun.serve({ hostname: '127.0.0.1', port: 0, idleTimeout: 0, tls: { cert: TEST_WEB_CA, key: TEST_WEB_KEY }, fetch: serve('https', () => tls.port as number) })
  const port = server.port as number
  return handle(port, tls.port as number, `http://127.0.0.1:${port}`, async () => {
    stopped.value = true
    for (const release of pending) release()
    pending.clear()
    await Promise.all([server.stop(true), tls.stop(true)])
  })

  function handle(port: number, tlsPort: number, origin: string, stop: () => Promise<void>): FixtureSite {
    const home = manifest.host?.length ? `https://${manifest.host[0]}/` : `${origin}/`
    return {
      url: origin,
      origin,
      port,
      name,
      timezone: zone,
      now,
      manifest,
      requests,
      paths: () => requests.map((r) => r.path),
      setRoutes(routes) {
        manifest.routes = withOverrides(routes)
        siteRoutes = compile(manifest.routes)
      },
      expand: (text) => expandTemplate(text, { now, zone, origin, include: read }),
      expected: () => loadExpected(name, { now, origin: home.slice(0, -1) }),
      externalUrl(url) {
        const u = new URL(url)
        return `${origin}/__external/${u.hostname}${u.pathname}${u.search}`
      },
      tlsPort,
      home,
      resolve: () => names.flatMap((h) => [`${h}:80:127.0.0.1:${port}`, `${h}:443:127.0.0.1:${tlsPort}`]).join(','),
      stop,
    }
  }
}

/**
 * RFC 9110 §13.1: If-None-Match decides when sent; otherwise If-Modified-Since, when the resource has a
 * Last-Modified no later than it.
 */
function notModified(headers: Headers, etag: string | undefined, lastModified: string | undefined): boolean {
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) return etag !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
  const since = Date.parse(headers.get('if-modified-since') ?? '')
  const modified = Date.parse(lastModified ?? '')
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since
}

/** One event a good crawler should produce (titles decoded; dates as the normalizer should write them). */
export type ExpectedEvent = {
  title: string
  /** ISO 8601 with offset, or `YYYY-MM-DD` for an all-day event. */
  start: string
  end?: string
  allDay?: boolean
  eventStatus?: string
  isOnline?: boolean
  url?: string
  ticketUrl?: string
  venue?: string
  categories?: string[]
  /** Events sharing a value here are occurrences of one series. */
  series?: string
  notes?: string
}

/** Ground truth for a fixture site, written by hand in `expected.json`. */
export type ExpectedSite = {
  site: string
  description: string
  timezone: string
  platform?: string
  /** The crawl window the events assume (default: today → today + 90 days). */
  window: { start: string; end: string }
  events: ExpectedEvent[]
  /** Sources a crawler should find: feeds, APIs, listing pages (absolute URLs). */
  sources: { url: string; kind: string; notes?: string }[]
  /** Paths (with query) that must never be requested, e.g. forbidden by robots.txt. */
  mustNotFetch: string[]
  /** URLs the SSRF guard must refuse (never connected to). */
  mustRefuse: string[]
  /** How the crawl should end when it cannot succeed (`timeout`, `body_too_large`, `ssrf_blocked`, …). */
  failures?: { url: string; error: string }[]
  /** Things on the site that look like events, or dates, but are not, and other traps. */
  traps: string[]
}

type RawExpected = Omit<ExpectedSite, 'events'> & { events?: ExpectedEvent[]; eventsFrom?: { var: string; from: number; to: number; event: ExpectedEvent } }

function expandDeep(value: unknown, ctx: TemplateContext): unknown {
  if (typeof value === 'string') return expandTemplate(value, ctx)
  if (Array.isArray(value)) return value.map((v) => expandDeep(v, ctx))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, ctx)]))
  return value
}

/**
 * A site's `expected.json` with every template expanded against `now` (in the site's zone) and
 * `origin` (the fixture server's). `eventsFrom` (a hand-written rule for generated sites such as
 * bench-200) becomes one event per value of its variable.
 */
export function loadExpected(name: string, options: { now: Date; origin: string }): ExpectedSite {
  const raw = JSON.parse(readFileSync(join(SITES_DIR, name, 'expected.json'), 'utf8')) as RawExpected
  const zone = raw.timezone
  const ctx: TemplateContext = { now: options.now, zone, origin: options.origin }
  const events = [...(raw.events ?? [])].map((e) => expandDeep(e, ctx) as ExpectedEvent)
  if (raw.eventsFrom) {
    const { var: name, from, to, event } = raw.eventsFrom
    for (let v = from; v <= to; v++) events.push(expandDeep(event, { ...ctx, vars: { [name]: v } }) as ExpectedEvent)
  }
  const { eventsFrom: _, ...rest } = raw
  return { ...(expandDeep(rest, ctx) as Omit<ExpectedSite, 'events'>), events }
}
