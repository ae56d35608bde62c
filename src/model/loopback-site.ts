/*
 * A loopback site the dev demo may be crawled at, and a URL's effective port: plain rules shared by the
 * organization identity (model/) and the fetcher's SSRF guard (crawl/fetch), kept here so model/ imports no crawl code.
 */

/** The URL's port as a number, its scheme's default when it names none. */
export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

/**
 * One site on loopback that may be crawled although CRAWL_ALLOW_PRIVATE is off: exactly this host name
 * on exactly this port, connected to `address` (the demo organization site of `event-index dev`). No
 * other private address, name or port is opened by it.
 */
export type LoopbackSite = { host: string; port: number; address: string }

/** The loopback site `url` names exactly (host and port), if any. */
export function loopbackSiteFor(url: URL, sites: readonly LoopbackSite[] | undefined): LoopbackSite | undefined {
  if (!sites?.length) return undefined
  const host = url.hostname.toLowerCase()
  const port = effectivePort(url)
  return sites.find((s) => s.host === host && s.port === port)
}
