/**
 * The generic JSON event-list reader (issue 14), for every calendar API without a reader of its own and,
 * through thin profiles (profiles.ts), for the named ones: Google Calendar API v3, Eventbrite API v3,
 * Tockify, LibCal, BiblioCommons, Communico, Legistar, CivicClerk, eSCRIBE, Diligent, OpenCities. JSONP
 * is unwrapped first; a JSON(P) answer that holds HTML instead of records goes to the HTML reader.
 */
import { platformOfUrl } from '../../platforms/registry'
import type { Candidate, ExtractContext, ExtractResult } from '../../candidate-types'
import { asRecord, type ParsedJson, parseJsonDocument, str } from '../feed-utils'
import { extractHtml } from '../html'
import { findEvents, fromSchemaOrg, indexIds } from '../schema-org'
import { flattenRecord } from './flatten'
import { keyIndex } from './keys'
import { PROFILES, type JsonProfile } from './profiles'
import { recordCandidate } from './record'
import { embeddedHtml, findRecords, stripXssiPrefix, unwrapJsonp } from './records'

type Json = Record<string, unknown>

function toUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** The first array among the root's values (or the root itself), for shape tests. */
function mainList(root: unknown): unknown[] | undefined {
  if (Array.isArray(root)) return root
  const o = asRecord(root)
  return o ? (Object.values(o).find(Array.isArray) as unknown[] | undefined) : undefined
}

function profileFor(root: unknown, base: URL | undefined): JsonProfile | undefined {
  const platform = base ? (platformOfUrl(base)?.id ?? (/\/ocapi\/calendars\//i.test(base.pathname) ? 'opencities' : undefined)) : undefined
  const byUrl = platform ? PROFILES.find((p) => p.platform === platform) : undefined
  if (byUrl) return byUrl
  const record = asRecord(root)
  const list = mainList(root)
  return PROFILES.find((p) => {
    try {
      return p.shape(record, list)
    } catch {
      return false
    }
  })
}

/**
 * The profile's rewrite of a record, then nested fields lifted (flatten.ts). Both are pure and nothing
 * writes to a prepared record, so a record judged while the lists are sought is prepared once, not again
 * when it is read.
 */
function preparer(profile: JsonProfile | undefined, root: unknown, base: URL | undefined): (r: Json) => Json {
  const prepared = new WeakMap<Json, Json>()
  return (r) => {
    let out = prepared.get(r)
    if (!out) prepared.set(r, (out = flattenRecord(profile?.prepare ? profile.prepare(r, root, base) : r)))
    return out
  }
}

/** Numeric dates are month-first in the Americas, day-first elsewhere. */
function dayFirstIn(zone: string | undefined): boolean {
  return !!zone && !/^(America|US|Canada|Pacific\/Honolulu)\//.test(zone) && zone !== 'Pacific/Honolulu'
}

/** Generic paging links a JSON API writes (`next`, `links.next`, `@odata.nextLink`, `next_page_url`). */
function genericNext(root: Json | undefined, base: string): string | undefined {
  if (!root) return undefined
  const links = asRecord(root.links) ?? asRecord(root._links)
  const raw =
    str(root.next) ?? str(root['@odata.nextLink']) ?? str(root.nextLink) ?? str(root.next_page_url) ?? str(links?.next) ?? str(asRecord(links?.next)?.href) ?? str(asRecord(root.paging)?.next)
  if (!raw) return undefined
  try {
    const u = new URL(raw, base)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined
  } catch {
    return undefined
  }
}

/** schema.org events of a JSON-LD document served on its own (`application/ld+json`), or undefined. */
function schemaOrgCandidates(data: unknown, ctx: ExtractContext): Candidate[] | undefined {
  const index = indexIds([data])
  const found = findEvents([data], index)
  return found.length ? found.map((f) => fromSchemaOrg(f, { url: ctx.baseUrl, format: 'json-events', method: 'json-ld' }, index)) : undefined
}

/** The records format detection found in a parsed document, with the profile and preparer they were sought with. */
type Found = { profile: JsonProfile | undefined; base: string | undefined; prepare: (r: Json) => Json; records: Json[] }

/**
 * What detection found, by the parsed root it was found in: the reader takes the same root from the
 * detection (see `ParsedJson`) and, when it picks the same profile, reads the records found then instead
 * of walking the document again. The records are a pure function of the root, the profile and (for a
 * profile that rewrites records) the base URL, and nothing writes to a parsed document, so the answer is
 * the same.
 */
const foundInRoot = new WeakMap<object, Found>()

function recordsOf(root: unknown, profile: JsonProfile | undefined, base: URL | undefined): Found {
  const known = typeof root === 'object' && root !== null ? foundInRoot.get(root) : undefined
  if (known && known.profile === profile && (!profile?.prepare || known.base === base?.href)) return known
  const prepare = preparer(profile, root, base)
  const found = { profile, base: base?.href, prepare, records: profile?.records?.(root) ?? findRecords(root, prepare) }
  if (typeof root === 'object' && root !== null) foundInRoot.set(root, found)
  return found
}

/** True when a parsed JSON value holds a list of event records (format detection asks this). */
export function looksLikeEventJson(value: unknown): boolean {
  if (asRecord(value)?.kind === 'calendar#events') return true
  if (findEvents([value], undefined, 5_000).some((f) => '@type' in f.item)) return true
  return recordsOf(value, profileFor(value, undefined), undefined).records.length > 0
}

/**
 * A record written once for several session days ({"title": "Beginner Pottery", "dates": ["2027-01-05",
 * "2027-01-12"], "time": "6-8pm"}, as sites write their lists by hand): one record per day.
 */
function sessions(record: Json): Json[] {
  const key = keyIndex(record).get('dates')
  const days = key === undefined ? undefined : record[key]
  if (!Array.isArray(days) || days.length < 2 || days.length > 366 || !days.every((d) => typeof d === 'string')) return [record]
  return days.map((day) => ({ ...record, [key as string]: day }))
}

/**
 * `extractJsonEvents(text, ctx)`: the events of a JSON or JSONP document. Records that are drafts,
 * placeholders or have no start are skipped and counted in one warning; an unexpected shape is a
 * warning, never a throw.
 */
export function extractJsonEvents(text: string, ctx: ExtractContext, parsed?: ParsedJson): ExtractResult {
  const warnings: string[] = []
  const inner = unwrapJsonp(text)
  const data = parseJsonDocument(inner ?? stripXssiPrefix(text), inner ? 'JSONP' : 'JSON', warnings, parsed)
  if (data === undefined) return { format: 'json-events', candidates: [], warnings }
  const schema = text.includes('"@type"') && /"@type"\s*:/.test(text) ? schemaOrgCandidates(data, ctx) : undefined
  if (schema) return { format: 'json-events', candidates: schema, warnings }
  const base = toUrl(ctx.baseUrl)
  const profile = profileFor(data, base)
  const { prepare, records } = recordsOf(data, profile, base)
  if (!records.length) {
    const html = embeddedHtml(data)
    if (html) {
      const result = extractHtml(html, ctx)
      return { ...result, format: 'json-events', warnings: [...warnings, ...result.warnings] }
    }
    warnings.push('JSON: no list of events found (no objects with a title and a start)')
    return { format: 'json-events', candidates: [], warnings }
  }
  const opts = { dayFirst: profile?.dayFirst ?? dayFirstIn(ctx.timezone), ref: ctx.window.start, platform: profile?.platform ?? (base && platformOfUrl(base)?.id), zone: ctx.timezone }
  const candidates: Candidate[] = []
  let skipped = 0
  for (const record of records) {
    const days = sessions(prepare(record))
    for (const one of days) {
      const c = recordCandidate(one, ctx, opts)
      // Sessions share the record's id; each day is its own event.
      if (c?.source.id && c.start && days.length > 1) c.source.id = `${c.source.id}@${c.start.date}`
      if (c) candidates.push(c)
      else skipped++
    }
  }
  if (skipped) warnings.push(`JSON: ${skipped} record(s) skipped (placeholder, draft, or no start)`)
  const root = asRecord(data)
  const next = base && root ? (profile?.next?.(root, base) ?? genericNext(root, ctx.baseUrl)) : undefined
  const result: ExtractResult = { format: 'json-events', candidates, warnings }
  if (next && next !== ctx.baseUrl) result.links = { calendars: [], events: [], next }
  return result
}
