import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { extractDocument } from '../../src/crawl/extract'
import { normalizeCandidates } from '../../src/crawl/normalize'
import { readDocument } from '../../src/crawl/read-document'
import type { ExtractContext } from '../../src/crawl/candidate-types'
import { EventSchema, type Event } from '../../src/model/event'
import { FIXTURES } from './corpus'

export const SCRAPED_AT = '2026-05-31T12:00:00.000Z'

/** Runs the whole pipeline (extractDocument + normalizeCandidates) on a fixture document's bytes. */
export async function runFixture(name: string, ctx: ExtractContext, contentType?: string) {
  const bytes = await Bun.file(join(FIXTURES, name)).bytes()
  return runBytes(bytes, ctx, contentType)
}

/** As `event-index extract`: the zone is inferred from the document when `ctx` names none. */
export function runBytes(body: string | Uint8Array, ctx: ExtractContext, contentType?: string) {
  const { extracted, events, warnings, zone } = readDocument(body, ctx, contentType, { scrapedAt: SCRAPED_AT, scriptVersion: 'test' })
  return { extracted, events, warnings, zone }
}

/** Schema errors of a record (empty when it validates against EventSchema). */
export function schemaErrors(event: Event): string[] {
  return Value.Check(EventSchema, event) ? [] : [...Value.Errors(EventSchema, event)].map((e) => `${e.path}: ${e.message}`)
}

export function byTitle(events: Event[], title: string): Event[] {
  return events.filter((e) => e.title === title)
}

/** What `pageEvents` wraps around a body, and reads it with. */
export type PageOptions = { lang: string; timezone: string; window: { start: string; end: string }; baseUrl: string; head?: string }

/**
 * The normalized events of an HTML fragment read as a page: `<html lang>` (the page's language), an optional
 * `<head>`, and the fragment in `<main>`, through extractDocument and normalizeCandidates with the given zone
 * and window (no zone inference: the tests that use it pin reading rules, not zones).
 */
export function pageEvents(body: string, o: PageOptions): Event[] {
  const ctx = { baseUrl: o.baseUrl, timezone: o.timezone, window: o.window }
  const html = `<!DOCTYPE html><html lang="${o.lang}">${o.head ? `<head>${o.head}</head>` : ''}<body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events
}
