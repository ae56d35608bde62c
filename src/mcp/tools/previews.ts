import { Type as t } from '@sinclair/typebox'
import { CrawlFailure, crawlSite } from '../../crawl/pipeline'
import type { CrawlWindow } from '../../crawl/candidate-types'
import { SCRIPT_VERSION } from '../../crawl/version'
import { assertDateWindow } from '../../services/date-window'
import { addDays, crawlWindow, utcToday } from '../../model/dates'
import { EventSchema } from '../../model/event'
import { identifyWebsite } from '../../model/org-identity'
import { CREDIT_PRICES } from '../../services/credits'
import { DEFAULT_WINDOW_DAYS } from '../../services/index-jobs'
import { previewDocument } from '../../services/preview-document'
import { ensureCredits, paidCall } from '../credits'
import { defineTool, ToolError, type ToolContext } from './define'
import { Charge, DateArg, IdempotencyKeyArg } from './schemas'
import { withDefaults } from '../../with-defaults'

/** A preview crawl is small: a look at the site, not an index (which has its own budget and job). */
export const PREVIEW_BUDGET = { maxPages: 15, budgetMs: 30_000 } as const

const OPEN = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }
const UrlArg = t.String({ minLength: 1, maxLength: 2048, pattern: '^https?://', description: 'an http(s) URL' })

/** The window a preview reads: the one an index job would (a window starting today keeps tonight's events west of UTC). */
const window = (args: { startDate?: string; endDate?: string }, nowMs: number) => {
  const start = args.startDate ?? utcToday(nowMs)
  return crawlWindow(start, args.endDate ?? addDays(start, DEFAULT_WINDOW_DAYS), nowMs)
}

/** How a preview tool fetches: the service's user agent and SSRF guard, with the test seams. */
const fetcherOf = (ctx: ToolContext) => withDefaults({ userAgent: ctx.deps.userAgent, allowPrivate: ctx.deps.allowPrivate }, ctx.deps.fetcher)

/** The events a preview shows: exactly the zone the caller gave (nothing inferred from the document), stamped now. */
const previewOptions = (ctx: ToolContext, timezone: string | undefined, window: CrawlWindow) => ({
  timezone,
  window,
  inferFromDocument: false,
  stamp: { scrapedAt: new Date(ctx.deps.now()).toISOString(), scriptVersion: SCRIPT_VERSION },
  fetcher: fetcherOf(ctx),
})

export const discoverCalendarsTool = defineTool({
  name: 'discover_calendars',
  title: 'Discover calendars on a website',
  description: `Looks at a website (at most ${PREVIEW_BUDGET.maxPages} pages) and reports the calendar sources it finds: iCalendar feeds, platform APIs, listing pages, with the platform and the events each yields. Nothing is stored. 4 credits when a source is found, else free.`,
  access: 'events:read',
  input: t.Object({ website: t.String({ minLength: 1, maxLength: 2048, description: 'a domain or an http(s) URL' }), idempotencyKey: IdempotencyKeyArg }),
  output: t.Object({
    website: t.String(),
    domain: t.String(),
    orgId: t.String(),
    platform: t.Union([t.String(), t.Null()]),
    timezone: t.Union([t.String(), t.Null()]),
    pagesFetched: t.Integer({ minimum: 0 }),
    eventsFound: t.Integer({ minimum: 0 }),
    sources: t.Array(
      t.Object({
        url: t.String(),
        kind: t.String(),
        platform: t.Optional(t.String({ description: 'the calendar platform that serves it (libcal, google-calendar, …), when recognised' })),
        status: t.String(),
        eventCount: t.Integer({ minimum: 0 }),
        httpStatus: t.Optional(t.Integer()),
        error: t.Optional(t.String()),
      }),
    ),
    refused: t.Array(t.Object({ url: t.String(), reason: t.String() })),
    charge: Charge,
  }),
  annotations: OPEN,
  run(args, ctx) {
    return paidCall(ctx, 'discover_calendars', args, async () => {
      let identity
      try {
        identity = identifyWebsite(args.website, { allowPrivate: ctx.deps.allowPrivate })
      } catch (error) {
        throw new ToolError('invalid_request', `website: ${(error as Error).message}`)
      }
      await ensureCredits(ctx, CREDIT_PRICES.preview)
      let result
      try {
        result = await crawlSite(
          {
            startUrl: identity.startUrl,
            orgDomain: identity.domain,
            window: window({}, ctx.deps.now()),
            hints: { calendarUrls: [], eventUrls: [] },
            maxPages: Math.min(PREVIEW_BUDGET.maxPages, ctx.deps.maxPages),
            budgetMs: PREVIEW_BUDGET.budgetMs,
            userAgent: ctx.deps.userAgent,
            allowPrivate: ctx.deps.allowPrivate,
            scriptVersion: SCRIPT_VERSION,
          },
          { fetcher: ctx.deps.fetcher, now: ctx.deps.now },
        )
      } catch (error) {
        if (error instanceof CrawlFailure) throw new ToolError('fetch_failed', `${error.message} (nothing was charged)`)
        throw error
      }
      const sources = result.sources.map((s) => ({
        url: s.url,
        kind: s.kind,
        ...(s.platform ? { platform: s.platform } : {}),
        status: s.status,
        eventCount: s.eventCount,
        ...(s.httpStatus ? { httpStatus: s.httpStatus } : {}),
        ...(s.error ? { error: s.error } : {}),
      }))
      const found = result.sources.some((s) => s.status === 'ok') || result.events.length > 0
      const data = {
        website: identity.startUrl,
        domain: identity.domain,
        orgId: identity.orgId,
        platform: result.organization.platform ?? null,
        timezone: result.organization.timezone ?? null,
        pagesFetched: result.progress.pagesFetched,
        eventsFound: result.events.length,
        sources,
        refused: result.refused.slice(0, 20),
      }
      return { data, amount: found ? CREDIT_PRICES.preview : 0 }
    })
  },
})

export const previewExtractionTool = defineTool({
  name: 'preview_extraction',
  title: 'Preview the extraction of one page or feed',
  description:
    'Fetches one URL (a calendar page, an iCalendar feed, a calendar API answer, RSS/Atom) and shows the normalized events the crawler would extract from it, with warnings. Nothing is stored. 4 credits when events are found, else free.',
  access: 'events:read',
  input: t.Object({
    url: UrlArg,
    timezone: t.Optional(t.String({ maxLength: 64, description: "the organization's IANA zone, used when the document names none" })),
    startDate: t.Optional(DateArg('window start (default: today)')),
    endDate: t.Optional(DateArg('window end (default: startDate + 90 days)')),
    limit: t.Optional(t.Integer({ minimum: 1, maximum: 50, description: 'events shown (default 20); eventCount counts them all' })),
    idempotencyKey: IdempotencyKeyArg,
  }),
  output: t.Object({ url: t.String(), finalUrl: t.String(), format: t.String(), eventCount: t.Integer({ minimum: 0 }), events: t.Array(EventSchema), warnings: t.Array(t.String()), charge: Charge }),
  annotations: OPEN,
  run(args, ctx) {
    assertDateWindow(args)
    return paidCall(ctx, 'preview_extraction', args, async () => {
      await ensureCredits(ctx, CREDIT_PRICES.preview)
      const { document, extracted, events, warnings } = await previewDocument({ url: args.url }, previewOptions(ctx, args.timezone, window(args, ctx.deps.now())))
      const data = {
        url: args.url,
        finalUrl: document.url,
        format: extracted.format,
        eventCount: events.length,
        events: events.slice(0, args.limit ?? 20),
        warnings: warnings.slice(0, 20),
      }
      return { data, amount: events.length ? CREDIT_PRICES.preview : 0 }
    })
  },
})

export const validateFeedTool = defineTool({
  name: 'validate_feed',
  title: 'Validate a calendar feed',
  description:
    'Checks a calendar feed (iCalendar, RSS/Atom, calendar JSON) given by URL or pasted as content: its format, how many events it yields, a sample, and what is wrong with it. Pasted content is free; fetching a URL costs 4 credits when the feed yields events.',
  access: 'events:read',
  input: t.Object({
    url: t.Optional(UrlArg),
    content: t.Optional(t.String({ minLength: 1, maxLength: 1_000_000, description: 'the feed itself, instead of a URL' })),
    contentType: t.Optional(t.String({ maxLength: 200, description: 'the content type of pasted content, e.g. text/calendar' })),
    timezone: t.Optional(t.String({ maxLength: 64 })),
    idempotencyKey: IdempotencyKeyArg,
  }),
  output: t.Object({
    valid: t.Boolean({ description: 'the format is known and at least one event could be read' }),
    format: t.String(),
    fetched: t.Boolean(),
    eventCount: t.Integer({ minimum: 0 }),
    sample: t.Array(EventSchema),
    warnings: t.Array(t.String()),
    charge: Charge,
  }),
  annotations: OPEN,
  run(args, ctx) {
    if ((args.url === undefined) === (args.content === undefined)) throw new ToolError('invalid_request', 'give exactly one of url or content')
    return paidCall(ctx, 'validate_feed', args, async () => {
      if (args.url) await ensureCredits(ctx, CREDIT_PRICES.preview)
      const source = args.url ? { url: args.url } : { url: 'https://feed.invalid/', body: args.content!, contentType: args.contentType ?? '' }
      const { extracted, events, warnings } = await previewDocument(source, previewOptions(ctx, args.timezone, window({}, ctx.deps.now())))
      const data = {
        valid: extracted.format !== 'unknown' && events.length > 0,
        format: extracted.format,
        fetched: !!args.url,
        eventCount: events.length,
        sample: events.slice(0, 5),
        warnings: warnings.slice(0, 20),
      }
      return { data, amount: args.url && events.length ? CREDIT_PRICES.preview : 0 }
    })
  },
})

export const previewTools = [discoverCalendarsTool, previewExtractionTool, validateFeedTool]
