import { loadConfig } from '../config'
import type { CrawlProgress, CrawlResult } from '../crawl/crawl-types'
import { crawlSite, CrawlFailure } from '../crawl/pipeline'
import { defaultWindowEnd, isCalendarDate, utcToday } from '../model/dates'
import { identifyWebsite } from '../model/org-identity'
import { crawlSettings } from '../service'
import { parseFlags, UsageError } from './flags'

/** Shows crawl progress on stderr: one live line on a terminal, a line a second otherwise, JSON with --json. */
function progressDisplay(json: boolean) {
  const tty = process.stderr.isTTY && !json
  let last = 0
  return {
    update(p: CrawlProgress) {
      const now = Date.now()
      if (!tty && now - last < 1000) return
      last = now
      if (json) process.stderr.write(`${JSON.stringify({ progress: p })}\n`)
      else process.stderr.write(`${tty ? '\r\x1b[K' : ''}pages ${p.pagesFetched} · sources ${p.sourcesFound} · events ${p.eventsFound}${tty ? '' : '\n'}`)
    },
    done() {
      if (tty) process.stderr.write('\n')
    },
  }
}

/** The crawl's summary as one JSON object (`--json`): what the text summary says, for scripts. */
function jsonSummary(result: CrawlResult) {
  return {
    events: result.events.length,
    pages: result.progress.pagesFetched,
    organization: { name: result.organization.name ?? null, platform: result.organization.platform ?? null, timezone: result.organization.timezone ?? null },
    sources: result.sources.map((s) => ({
      url: s.url,
      kind: s.kind,
      status: s.status,
      eventCount: s.eventCount,
      ...(s.platform ? { platform: s.platform } : {}),
      ...(s.error ? { error: s.error } : {}),
    })),
    refused: result.refused.slice(0, 20),
    warnings: result.warnings.slice(0, 20),
  }
}

/**
 * `event-index crawl <website>`: the indexing pipeline in the foreground, without a database or a
 * gateway: progress on stderr, the normalized events as a JSON array on stdout, then a summary of the
 * sources found and the URLs refused (with `--json`, progress and summary are JSON lines too). Exit 1
 * when the site cannot be crawled at all.
 */
export async function crawlCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, { json: { type: 'boolean' }, start: { type: 'string' }, end: { type: 'string' } })
  if (positionals.length !== 1) throw new UsageError('crawl needs exactly one website, e.g. event-index crawl library.example.org')
  const config = loadConfig()
  let identity
  try {
    identity = identifyWebsite(positionals[0], { allowPrivate: config.CRAWL_ALLOW_PRIVATE })
  } catch (error) {
    throw new UsageError(`${positionals[0]}: ${(error as Error).message}`)
  }
  const start = (values.start as string | undefined) ?? utcToday(Date.now())
  const end = (values.end as string | undefined) ?? defaultWindowEnd(start)
  if (!isCalendarDate(start) || !isCalendarDate(end) || end < start) throw new UsageError('--start and --end must be dates written YYYY-MM-DD, end not before start')
  const display = progressDisplay(values.json === true)
  const settings = crawlSettings(config)
  try {
    const result = await crawlSite(
      { startUrl: identity.startUrl, orgDomain: identity.domain, window: { start, end }, hints: { calendarUrls: [], eventUrls: [] }, ...settings },
      { onProgress: (p) => display.update(p) },
    )
    display.done()
    process.stdout.write(
      `${JSON.stringify(
        result.events.map((f) => f.event),
        null,
        2,
      )}\n`,
    )
    if (values.json === true) {
      process.stderr.write(`${JSON.stringify({ summary: jsonSummary(result) })}\n`)
      return 0
    }
    const summary = [
      `${result.events.length} event(s) from ${result.progress.pagesFetched} page(s); organization: ${result.organization.name ?? '?'} (${result.organization.platform ?? 'no known platform'}, ${result.organization.timezone ?? 'zone unknown'})`,
      ...result.sources.map((s) => `  source ${s.status.padEnd(12)} ${String(s.eventCount).padStart(4)}  ${s.kind.padEnd(16)} ${s.url}${s.error ? `  (${s.error})` : ''}`),
      ...result.refused.slice(0, 20).map((r) => `  refused ${r.url}: ${r.reason}`),
      ...(result.warnings.length ? [`  ${result.warnings.length} warning(s); first: ${result.warnings[0]}`] : []),
    ]
    process.stderr.write(`${summary.join('\n')}\n`)
    return 0
  } catch (error) {
    display.done()
    if (error instanceof CrawlFailure) {
      process.stderr.write(`crawl failed${error.retryable ? ' (may succeed later)' : ''}: ${error.message}\n`)
      return 1
    }
    throw error
  }
}
