/**
 * One saved document to Event records, as `event-index extract` does it: extract, then, when the caller
 * names no zone, infer the organization's zone from the document itself (its venues, addresses, phone
 * numbers, domain and language; `documentZone`), then normalize. The chosen zone and how it was chosen
 * are returned so the caller can say it.
 */
import type { NormalizedEvent } from '../model/event'
import { documentZone } from './collect'
import type { ZoneChoice } from './discover/site-zone'
import { extractDocument } from './extract'
import { normalizeCandidates, type NormalizeOptions } from './normalize'
import type { ExtractContext, ExtractResult } from './candidate-types'

export type ReadDocumentResult = { extracted: ExtractResult; events: NormalizedEvent[]; warnings: string[]; zone?: ZoneChoice }

/**
 * What the document itself may fill in: by default (`event-index extract`) the zone when `ctx` names none
 * and the organization's address; `inferFromDocument: false` (the MCP previews) reads the events with
 * exactly the zone and place `ctx` gives.
 */
export type ReadDocumentOptions = NormalizeOptions & { inferFromDocument?: boolean }

/** Extracts and normalizes one document; `ctx.timezone` wins over any inference. Never throws for bad input. */
export function readDocument(body: Uint8Array | string, ctx: ExtractContext, contentType?: string, options: ReadDocumentOptions = {}): ReadDocumentResult {
  const { inferFromDocument = true, ...normalizeOptions } = options
  const extracted = extractDocument(body, ctx, contentType)
  const zone = ctx.timezone || !inferFromDocument ? undefined : documentZone(body, extracted.format, extracted.candidates, ctx.baseUrl)
  const organizationPlace = ctx.organizationPlace ?? (inferFromDocument ? extracted.organizationPlace : undefined)
  const normalized = normalizeCandidates(
    extracted.candidates,
    { ...ctx, ...(zone ? { timezone: zone.zone, timezoneInferred: !!zone.inferred } : {}), ...(organizationPlace ? { organizationPlace } : {}) },
    normalizeOptions,
  )
  // Said only when some event needed it: a feed whose every time carries its own zone says nothing.
  const needed = extracted.candidates.some((c) => c.start && !c.start.zone && (!c.start.offset || /^z$/i.test(c.start.offset)))
  const notes = zone && needed ? [`no zone given: ${zone.zone}, ${zone.how}`] : []
  return { extracted, events: normalized.events, warnings: [...notes, ...extracted.warnings, ...normalized.warnings], ...(zone ? { zone } : {}) }
}
