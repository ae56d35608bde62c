import { FetchError } from './errors'
import { readBody, send, type Exchange, type FetchOptions, type FetchResult } from './exchange'
import { withDefaults } from '../../with-defaults'
import { HostLimiter, hostDelayMs, type PolitenessClock } from './host-limiter'
import { RobotsCache } from './robots'
import { loopbackSiteFor, overrideFor, type LoopbackSite, type ResolveOverride } from './resolve-overrides'
import { isPublicAddress, resolveAllowed, systemLookup, type Lookup } from './ssrf'

export type { FetchOptions, FetchResult } from './exchange'

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

/** Largest body a POST may carry: a query, never an upload. */
const MAX_POST_BYTES = 16 * 1024

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
  const settings = withDefaults(FETCH_DEFAULTS, options)
  const ctx: FetcherContext = {
    settings,
    loopbackSites: options.loopbackSites,
    lookup: options.lookup ?? systemLookup,
    overrides: options.allowPrivate ? (options.resolve ?? []) : [],
    allowed: options.addressAllowed ?? (options.allowPrivate ? () => true : isPublicAddress),
    limiter: new HostLimiter(settings.perHostConcurrency, settings.politenessMs, options.clock),
    aborters: new WeakMap<Response, AbortController>(),
    robots: new RobotsCache(settings.userAgent, async (robotsUrl) => {
      const result = await hop(ctx, new URL(robotsUrl), { accept: 'text/plain' }, true)
      return { status: result.status, text: new TextDecoder().decode(result.body) }
    }),
  }
  const robots = ctx.robots

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
      return hop(ctx, parsed, init, false)
    },
    robots,
  }
}

export type Fetcher = ReturnType<typeof createFetcher>

type Settings = ReturnType<typeof withDefaults<typeof FETCH_DEFAULTS, FetcherOptions>>

/** What one fetcher holds across its requests: settings, the SSRF inputs, the per-host limiter, robots.txt and the exchanges in flight. */
type FetcherContext = Exchange & {
  settings: Settings
  loopbackSites?: readonly LoopbackSite[]
  lookup: Lookup
  overrides: readonly ResolveOverride[]
  allowed: (ip: string) => boolean
  limiter: HostLimiter
  robots: RobotsCache
}

type HopOutcome = { redirect: string; status: number } | { result: Omit<FetchResult, 'redirects'> }

/** Fetches `url`, following redirects; every hop passes the URL check, the SSRF guard, robots.txt (unless `skipRobots`) and politeness. */
async function hop(ctx: FetcherContext, url: URL, init: FetchOptions, skipRobots: boolean): Promise<FetchResult> {
  const o = ctx.settings
  const redirects: string[] = []
  let current = url
  let method = init.post ? 'POST' : 'GET'
  for (;;) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new FetchError('bad_url', `only http and https are crawled, not ${current.protocol}`, current.href)
    const site = loopbackSiteFor(current, ctx.loopbackSites)
    const address = site
      ? await resolveAllowed(current, { allowed: () => true, lookup: ctx.lookup, overrides: [site] })
      : await resolveAllowed(current, { allowed: ctx.allowed, lookup: ctx.lookup, overrides: ctx.overrides })
    const port = !site && ctx.overrides.length ? overrideFor(current, ctx.overrides)?.connectPort : undefined
    const delayMs = skipRobots || o.respectRobots === false ? o.politenessMs : await robotsDelay(ctx, current)
    const hopUrl = current
    const outcome = await ctx.limiter.run(
      current.host,
      async (): Promise<HopOutcome> => {
        const response = await send(ctx, hopUrl, address, port, method, init)
        const location = response.headers.get('location')
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel()
          return { redirect: location, status: response.status }
        }
        return { result: await readBody(ctx, hopUrl, response) }
      },
      delayMs,
    )
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

/** Throws when robots.txt cannot be read as it must or disallows the URL; else the host's delay (Crawl-delay counted). */
async function robotsDelay(ctx: FetcherContext, current: URL): Promise<number> {
  const rules = await ctx.robots.rules(current)
  if (rules.unreachable instanceof FetchError) throw rules.unreachable
  if (!rules.isAllowed(current.href)) throw new FetchError('robots_disallowed', `robots.txt of ${current.host} disallows ${current.pathname}`, current.href)
  return hostDelayMs(ctx.settings.politenessMs, rules.crawlDelayS)
}
