import { FetchError } from './errors'
import { withDefaults } from '../../with-defaults'
import { HostLimiter, hostDelayMs, type PolitenessClock } from './host-limiter'
import { RobotsCache } from './robots'
import { effectivePort, loopbackSiteFor, overrideFor, type LoopbackSite, type ResolveOverride } from './resolve-overrides'
import { isPublicAddress, resolveAllowed, systemLookup, type Lookup } from './ssrf'

export type FetcherOptions = {
  userAgent: string
  /** CRAWL_ALLOW_PRIVATE: reach loopback/private hosts (tests and development only). */
  allowPrivate: boolean
  lookup?: Lookup
  /** Which resolved addresses may be reached; public unicast only unless `allowPrivate`. */
  addressAllowed?: (ip: string) => boolean
  /** Largest body accepted, after decompression (a decompression bomb stops here too). */
  maxBytes?: number
  maxRedirects?: number
  /** Time allowed until the response headers arrive. */
  headersTimeoutMs?: number
  /** Time allowed for the whole response, body included (a server trickling bytes stops here). */
  totalTimeoutMs?: number
  perHostConcurrency?: number
  /**
   * Minimum time between two request starts to the same host (500 ms when absent or undefined); a
   * robots.txt `Crawl-delay` that asks for more wins, up to 10 s. 0 turns politeness off (benchmarks).
   */
  politenessMs?: number
  /** What politeness waits on: the system clock unless a test passes virtual time to read the pauses asked for. */
  clock?: PolitenessClock
  respectRobots?: boolean
  /** Extra trust anchors for https (tests with a self-signed fixture certificate). */
  ca?: string
  /**
   * CRAWL_RESOLVE: where connections to some host names go instead of their DNS answer (a test web of
   * real-looking names on loopback). Honoured only with `allowPrivate`; the address still passes the
   * SSRF guard (a metadata address is refused always).
   */
  resolve?: readonly ResolveOverride[]
  /**
   * Sites on loopback reachable although `allowPrivate` is off: each exactly one host name on one port,
   * connected to its address (the demo site of `event-index dev`). Nothing else private is opened.
   */
  loopbackSites?: readonly LoopbackSite[]
}

/**
 * One request's options. `post` sends a small body (a platform's page method, e.g. eSCRIBE's calendar
 * query) instead of a GET; a 301, 302 or 303 redirect turns it into a GET of the new location, as
 * browsers do. robots.txt, politeness and the SSRF guard apply as to any request.
 */
export type FetchOptions = { accept?: string; etag?: string; lastModified?: string; post?: { body: string; contentType: string } }

/** Largest body a POST may carry: a query, never an upload. */
const MAX_POST_BYTES = 16 * 1024

export type FetchResult = {
  /** The final URL after redirects. */
  url: string
  status: number
  ok: boolean
  notModified: boolean
  contentType: string
  headers: Headers
  body: Uint8Array
  redirects: string[]
  etag?: string
  lastModified?: string
}

export const FETCH_DEFAULTS = {
  maxBytes: 8 * 1024 * 1024,
  maxRedirects: 5,
  headersTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  perHostConcurrency: 2,
  politenessMs: 500,
} as const

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The crawler's only way to the network (DESIGN §6): honest User-Agent, robots.txt, per-host concurrency
 * and politeness (robots.txt's Crawl-delay included), timeouts, a body cap, at most five redirects, conditional requests, and the SSRF guard
 * on every hop — the host is resolved, checked and connected to by that checked address (Host header and
 * TLS server name keep the original name), so a rebinding DNS answer cannot slip past the check.
 * Non-2xx answers are returned (discovery probes expect 404s); failures throw {@link FetchError}.
 */
export function createFetcher(options: FetcherOptions) {
  const o = withDefaults(FETCH_DEFAULTS, options)
  const lookup = options.lookup ?? systemLookup
  const overrides = options.allowPrivate ? (options.resolve ?? []) : []
  const allowed = options.addressAllowed ?? (options.allowPrivate ? () => true : isPublicAddress)
  const limiter = new HostLimiter(o.perHostConcurrency, o.politenessMs, options.clock)
  const aborters = new WeakMap<Response, AbortController>()
  const robots = new RobotsCache(o.userAgent, async (robotsUrl) => {
    const result = await hop(new URL(robotsUrl), { accept: 'text/plain' }, true)
    return { status: result.status, text: new TextDecoder().decode(result.body) }
  })

  async function hop(url: URL, init: FetchOptions, skipRobots: boolean): Promise<FetchResult> {
    const redirects: string[] = []
    let current = url
    let method = init.post ? 'POST' : 'GET'
    for (;;) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new FetchError('bad_url', `only http and https are crawled, not ${current.protocol}`, current.href)
      const site = loopbackSiteFor(current, options.loopbackSites)
      const address = site ? await resolveAllowed(current, { allowed: () => true, lookup, overrides: [site] }) : await resolveAllowed(current, { allowed, lookup, overrides })
      const port = !site && overrides.length ? overrideFor(current, overrides)?.connectPort : undefined
      let delayMs = o.politenessMs
      if (!skipRobots && o.respectRobots !== false) {
        const rules = await robots.rules(current)
        if (rules.unreachable instanceof FetchError) throw rules.unreachable
        if (!rules.isAllowed(current.href)) throw new FetchError('robots_disallowed', `robots.txt of ${current.host} disallows ${current.pathname}`, current.href)
        delayMs = hostDelayMs(o.politenessMs, rules.crawlDelayS)
      }
      const hopUrl = current
      const outcome = await limiter.run(current.host, async (): Promise<{ redirect: string; status: number } | { result: Omit<FetchResult, 'redirects'> }> => {
        const response = await send(hopUrl, address, port, method, init)
        const location = response.headers.get('location')
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel()
          return { redirect: location, status: response.status }
        }
        return { result: await readBody(hopUrl, response) }
      }, delayMs)
      if ('result' in outcome) return { ...outcome.result, redirects }
      if (redirects.length >= o.maxRedirects) throw new FetchError('too_many_redirects', `more than ${o.maxRedirects} redirects`, url.href)
      redirects.push(current.href)
      try {
        current = new URL(outcome.redirect, current)
      } catch {
        throw new FetchError('bad_url', `redirect to an invalid URL ${outcome.redirect.slice(0, 200)}`, current.href)
      }
      if (outcome.status === 303 || (method === 'POST' && (outcome.status === 301 || outcome.status === 302))) method = 'GET'
    }
  }

  async function send(url: URL, address: string, port: number | undefined, method: string, init: FetchOptions): Promise<Response> {
    const target = new URL(url.href)
    target.hostname = address.includes(':') ? `[${address}]` : address
    if (port !== undefined && port !== effectivePort(url)) target.port = String(port)
    const headers: Record<string, string> = { host: url.host, 'user-agent': o.userAgent, accept: init.accept ?? '*/*', 'accept-encoding': 'gzip, deflate, br' }
    if (init.etag) headers['if-none-match'] = init.etag
    if (init.lastModified) headers['if-modified-since'] = init.lastModified
    const body = method === 'POST' ? init.post?.body : undefined
    if (body !== undefined) headers['content-type'] = init.post!.contentType
    // One controller for the whole exchange: the headers timer is replaced by the body deadline once
    // the response arrives (readBody), so a slow body is cut by totalTimeoutMs, not by the headers limit.
    const controller = new AbortController()
    const headersTimer = setTimeout(() => controller.abort(new FetchError('timeout', `no response from ${url.host} within ${o.headersTimeoutMs} ms`, url.href)), o.headersTimeoutMs)
    try {
      const response = await fetch(target, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: controller.signal,
        tls: url.protocol === 'https:' ? { serverName: url.hostname, ...(o.ca ? { ca: o.ca } : {}) } : undefined,
      } as RequestInit)
      aborters.set(response, controller)
      return response
    } catch (error) {
      if (controller.signal.reason instanceof FetchError) throw controller.signal.reason
      throw new FetchError('network', `${url.host}: ${(error as Error).message.slice(0, 200)}`, url.href)
    } finally {
      clearTimeout(headersTimer)
    }
  }

  async function readBody(url: URL, response: Response): Promise<Omit<FetchResult, 'redirects'>> {
    const declared = Number(response.headers.get('content-length') ?? 0)
    if (declared > o.maxBytes) {
      await response.body?.cancel()
      throw new FetchError('too_large', `${url.href} is ${declared} bytes, more than ${o.maxBytes}`, url.href)
    }
    const chunks: Uint8Array[] = []
    let size = 0
    const controller = aborters.get(response)
    const deadline = setTimeout(() => controller?.abort(new FetchError('timeout', `${url.href} did not finish within ${o.totalTimeoutMs} ms`, url.href)), o.totalTimeoutMs)
    try {
      const reader = response.body?.getReader()
      while (reader) {
        const next = await reader.read()
        if (next.done) break
        size += next.value.length
        if (size > o.maxBytes) {
          controller?.abort()
          throw new FetchError('too_large', `${url.href} is larger than ${o.maxBytes} bytes`, url.href)
        }
        chunks.push(next.value)
      }
    } catch (error) {
      if (error instanceof FetchError) throw error
      if (controller?.signal.reason instanceof FetchError) throw controller.signal.reason
      throw new FetchError('network', `${url.host}: ${(error as Error).message.slice(0, 200)}`, url.href)
    } finally {
      clearTimeout(deadline)
    }
    const body = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      body.set(chunk, offset)
      offset += chunk.length
    }
    return {
      url: url.href,
      status: response.status,
      ok: response.status >= 200 && response.status < 300,
      notModified: response.status === 304,
      contentType: response.headers.get('content-type') ?? '',
      headers: response.headers,
      body,
      etag: response.headers.get('etag') ?? undefined,
      lastModified: response.headers.get('last-modified') ?? undefined,
    }
  }

  return {
    /** Fetches `url` under every rule above. */
    fetch(url: string, init: FetchOptions = {}): Promise<FetchResult> {
      let parsed: URL
      try {
        parsed = new URL(url)
      } catch {
        return Promise.reject(new FetchError('bad_url', `not a URL: ${url.slice(0, 200)}`, url))
      }
      if (init.post && (new TextEncoder().encode(init.post.body).length > MAX_POST_BYTES || /[\r\n]/.test(init.post.contentType)))
        return Promise.reject(new FetchError('bad_url', `a POST body of at most ${MAX_POST_BYTES} bytes with a one-line content type is sent, no more`, url))
      return hop(parsed, init, false)
    },
    robots,
  }
}

export type Fetcher = ReturnType<typeof createFetcher>
