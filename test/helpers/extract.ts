import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { extractDocument } from '../../src/crawl/extract'
import { normalizeCandidates } from '../../src/crawl/normalize'
import type { ExtractContext } from '../../src/crawl/types'
import { EventSchema, type Event } from '../../src/model/event'
import { FIXTURES } from './corpus'

export const SCRAPED_AT = '2026-05-31T12:00:00.000Z'

/** Runs the whole pipeline (extractDocument + normalizeCandidates) on a fixture document's bytes. */
export async function runFixture(name: string, ctx: ExtractContext, contentType?: string) {
  const bytes = await Bun.file(join(FIXTURES, name)).bytes()
  return runBytes(bytes, ctx, contentType)
}

export function runBytes(body: string | Uint8Array, ctx: ExtractContext, contentType?: string) {
  const extracted = extractDocument(body, ctx, contentType)
  const normalized = normalizeCandidates(extracted.candidates, ctx, { scrapedAt: SCRAPED_AT, scriptVersion: 'test' })
  return { extracted, events: normalized.events, warnings: [...extracted.warnings, ...normalized.warnings] }
}

/** Schema errors of a record (empty when it validates against EventSchema). */
export function schemaErrors(event: Event): string[] {
  return Value.Check(EventSchema, event) ? [] : [...Value.Errors(EventSchema, event)].map((e) => `${e.path}: ${e.message}`)
}

export function byTitle(events: Event[], title: string): Event[] {
  return events.filter((e) => e.title === title)
}
