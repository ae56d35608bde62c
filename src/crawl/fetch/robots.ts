import robotsParser from 'robots-parser'

export type RobotsRules = {
  isAllowed(url: string): boolean
  crawlDelayS?: number
  sitemaps: string[]
  /** Why robots.txt could not be read, when it could not (the site is then not crawled). */
  unreachable?: unknown
}

/** Fetches the raw robots.txt of an origin: status and text (the fetcher supplies it, SSRF-guarded). */
export type RobotsSource = (robotsUrl: string) => Promise<{ status: number; text: string }>

/**
 * robots.txt per origin, fetched once per crawl and honoured for every URL (RFC 9309): a 4xx means no
 * rules; a 5xx or an unreachable file means "disallow everything" for now, since a server in trouble
 * should not be crawled; the matching uses our User-Agent's product token.
 */
export class RobotsCache {
  private cache = new Map<string, Promise<RobotsRules>>()

  constructor(
    private readonly userAgent: string,
    private readonly source: RobotsSource,
  ) {}

  rules(url: URL): Promise<RobotsRules> {
    let rules = this.cache.get(url.origin)
    if (!rules) this.cache.set(url.origin, (rules = this.load(url.origin)))
    return rules
  }

  private async load(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`
    let fetched: { status: number; text: string }
    try {
      fetched = await this.source(robotsUrl)
    } catch (error) {
      return { isAllowed: () => false, sitemaps: [], unreachable: error }
    }
    if (fetched.status >= 500) return { isAllowed: () => false, sitemaps: [] }
    if (fetched.status >= 400) return { isAllowed: () => true, sitemaps: [] }
    const robot = robotsParser(robotsUrl, fetched.text)
    const token = this.userAgent.split('/')[0]
    return {
      isAllowed: (url) => robot.isAllowed(url, token) !== false,
      crawlDelayS: robot.getCrawlDelay(token),
      sitemaps: robot.getSitemaps(),
    }
  }
}
