import ipaddr from 'ipaddr.js'
import { effectivePort } from '../../model/loopback-site'

/** Where a loopback site and a URL's port are defined (model/, so that org identity needs no crawl code). */
export { effectivePort, loopbackSiteFor, type LoopbackSite } from '../../model/loopback-site'

/**
 * One CRAWL_RESOLVE entry: connections to `host` (on `port`, or on every port) go to `address` (on
 * `connectPort`, or on the URL's own port). The Host header, TLS server name, robots.txt and politeness
 * keep the name; only where the connection goes changes. Plain data: it crosses the worker boundary.
 */
export type ResolveOverride = { host: string; port?: number; address: string; connectPort?: number }

const HOST = '([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)'
const PORT = '(\\d{1,5})'
const ADDRESS = '(\\d{1,3}(?:\\.\\d{1,3}){3}|\\[[0-9a-f:.]+\\])'
const ENTRY = new RegExp(`^${HOST}(?::${PORT})?:${ADDRESS}(?::${PORT})?$`, 'i')

const portOf = (text: string | undefined): number | undefined | null => {
  if (text === undefined) return undefined
  const n = Number(text)
  return n >= 1 && n <= 65535 ? n : null
}

/**
 * Parses CRAWL_RESOLVE, in the manner of curl's `--resolve` (and `--connect-to` for the port):
 * comma-separated `HOST[:PORT]:ADDRESS[:PORT]`, ADDRESS an IPv4 address or a bracketed IPv6 one. The
 * first PORT limits the entry to URLs on that port; the second sends the connection to another port
 * (so `https://calendar.google.com/…` can reach a test server on a free loopback port). A host must
 * hold a letter (an IP literal is never renamed). Undefined when any entry is malformed, so the config
 * refuses the whole value; an empty text is no override.
 */
export function parseResolveList(text: string): ResolveOverride[] | undefined {
  const out: ResolveOverride[] = []
  for (const raw of text.split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    const m = ENTRY.exec(entry)
    if (!m || !/[a-z]/i.test(m[1])) return undefined
    const address = m[3].replace(/^\[|\]$/g, '')
    if (!(ipaddr.IPv4.isValidFourPartDecimal(address) || (address.includes(':') && ipaddr.IPv6.isValid(address)))) return undefined
    const port = portOf(m[2])
    const connectPort = portOf(m[4])
    if (port === null || connectPort === null) return undefined
    const override: ResolveOverride = { host: m[1].toLowerCase(), address }
    if (port !== undefined) override.port = port
    if (connectPort !== undefined) override.connectPort = connectPort
    out.push(override)
  }
  return out
}

/** The override that applies to `url`: an entry for its host and port beats one for its host alone. */
export function overrideFor(url: URL, overrides: readonly ResolveOverride[]): ResolveOverride | undefined {
  const host = url.hostname.toLowerCase()
  const port = effectivePort(url)
  let any: ResolveOverride | undefined
  for (const o of overrides) {
    if (o.host !== host) continue
    if (o.port === port) return o
    if (o.port === undefined) any ??= o
  }
  return any
}

/**
 * The overrides a crawl may use: CRAWL_RESOLVE parsed, only with CRAWL_ALLOW_PRIVATE (a test web on
 * loopback; production never renames a host), undefined when there are none.
 */
export function crawlResolve(text: string, allowPrivate: boolean): ResolveOverride[] | undefined {
  const list = allowPrivate ? parseResolveList(text) : undefined
  return list?.length ? list : undefined
}
