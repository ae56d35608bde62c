// Pins robustness (issue 4: bad input → warnings, never a crash): random bytes and mutated fixture
// documents (truncation, byte flips, tag deletions, duplicated blocks) go through extractDocument +
// normalizeCandidates without throwing, and every record that comes out validates against EventSchema;
// markup nested tens of thousands deep is read without any reader failing.
import { describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { Value } from '@sinclair/typebox/value'
import { extractDocument } from '../../../src/crawl/extract'
import { normalizeCandidates } from '../../../src/crawl/normalize'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { EventSchema } from '../../../src/model/event'
import { FIXTURES } from '../../helpers/corpus'

const ctx: ExtractContext = { baseUrl: 'https://lib.example.org/events/', timezone: 'America/Chicago', window: { start: '2026-05-01', end: '2026-08-31' } }
const fixtures = await Promise.all(readdirSync(FIXTURES).map(async (name) => Bun.file(join(FIXTURES, name)).bytes()))

/** Runs the pipeline; returns the records, failing the property on a throw or an invalid record. */
function pipeline(body: string | Uint8Array): boolean {
  const extracted = extractDocument(body, ctx)
  const { events, warnings } = normalizeCandidates(extracted.candidates, ctx, { scrapedAt: '2026-05-31T12:00:00.000Z' })
  expect(Array.isArray(warnings)).toBe(true)
  for (const e of events) if (!Value.Check(EventSchema, e)) throw new Error(`invalid record: ${JSON.stringify([...Value.Errors(EventSchema, e)].slice(0, 2))}`)
  return true
}

type Mutation = { kind: 'truncate' | 'flip' | 'delete-tag' | 'duplicate'; at: number; len: number; byte: number }

function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  const at = bytes.length ? m.at % bytes.length : 0
  switch (m.kind) {
    case 'truncate':
      return bytes.slice(0, at)
    case 'flip': {
      const copy = bytes.slice()
      for (let i = 0; i < 8 && at + i * 97 < copy.length; i++) copy[at + i * 97] = (copy[at + i * 97] ^ m.byte) & 0xff
      return copy
    }
    case 'delete-tag': {
      const text = new TextDecoder().decode(bytes)
      const start = text.indexOf('<', at % Math.max(1, text.length))
      const end = start < 0 ? -1 : text.indexOf('>', start)
      return start < 0 || end < 0 ? bytes : new TextEncoder().encode(text.slice(0, start) + text.slice(end + 1))
    }
    case 'duplicate': {
      const slice = bytes.slice(at, at + m.len)
      const out = new Uint8Array(bytes.length + slice.length)
      out.set(bytes.slice(0, at))
      out.set(slice, at)
      out.set(bytes.slice(at), at + slice.length)
      return out
    }
  }
}

const mutation = fc.record({
  kind: fc.constantFrom('truncate', 'flip', 'delete-tag', 'duplicate'),
  at: fc.nat(),
  len: fc.integer({ min: 1, max: 4000 }),
  byte: fc.integer({ min: 1, max: 255 }),
}) as fc.Arbitrary<Mutation>

describe('extractDocument + normalizeCandidates never throw', () => {
  it('on random bytes and random text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => pipeline(bytes)),
      { numRuns: 150 },
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => pipeline(text)),
      { numRuns: 150 },
    )
  })

  it('on text built from the grammar of the formats', () => {
    const token = fc.constantFrom(
      '<script type="application/ld+json">',
      '</script>',
      '{"@type":"Event",',
      '"startDate":"2026-06-0',
      '"name":"x"',
      '}',
      ']',
      '[',
      '<div itemscope itemtype="https://schema.org/Event">',
      '<span itemprop="startDate" content="2026-06-10T10:00">',
      '</div>',
      'BEGIN:VCALENDAR',
      '<rss><channel><item>',
      '<ev:startdate>2026-06-10</ev:startdate>',
      '<time datetime="2026-06-10T10:00">',
      '"events":[',
      '"utc_start_date":"2026-06-10 14:00:00"',
      'Sat, June 13 · 10:30 AM',
      '<li class="event">',
      '&amp;',
      '\u0000',
      '"',
    )
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (parts) => pipeline(parts.join(''))),
      { numRuns: 200 },
    )
  })

  it('on pathologically deep markup, without a reader failing', () => {
    const depth = 40_000
    const html = `<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Deep</span>${'<div class="h-event"><span>'.repeat(depth)}<time itemprop="startDate" datetime="2026-06-05">x</time>${'</span></div>'.repeat(depth)}</div>`
    const extracted = extractDocument(html, ctx)
    expect(extracted.warnings.filter((w) => /failed/.test(w))).toEqual([])
    expect(pipeline(html)).toBe(true)
  })

  it('on mutated fixture documents', () => {
    fc.assert(
      fc.property(fc.nat({ max: fixtures.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, mutations) => pipeline(mutations.reduce(mutate, fixtures[i]))),
      { numRuns: 250 },
    )
  })
})
