/**
 * Pins the JSON reader's reuse of format detection's work (src/crawl/extract/json-events/index.ts): the
 * records detection found in a parsed document are read again only when the reader's profile or base URL
 * could make them differ, so a document read through `extractDocument` (detection, then the reader on the
 * same parsed value) gives exactly the candidates the reader gives on the text alone, for the generic reader
 * and for a profile whose record rewrite depends on the base URL. A record's key index, kept per object,
 * answers as one built afresh.
 */
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractDocument } from '../../../src/crawl/extract'
import { extractJsonEvents } from '../../../src/crawl/extract/json-events'
import { keyIndex } from '../../../src/crawl/extract/json-events/keys'
import { ROOT } from '../../helpers/process'

const window = { start: '2026-06-01', end: '2026-08-31' }

const generic = JSON.stringify({
  data: {
    items: [
      { name: 'Lego Club', start: '2026-06-03T16:00:00', location: { name: 'Main Library', address: { city: 'Springfield' } } },
      { name: 'Teen Gaming', start: '2026-06-04T15:00:00', link: '/events/teen-gaming' },
      { name: 'Placeholder' },
    ],
  },
})

// Diligent's profile builds each record's URL from the base URL's origin.
const diligent = readFileSync(join(ROOT, 'test', 'fixtures', 'platforms', 'diligent-meetings.json'), 'utf8')

describe('the JSON reader after format detection', () => {
  for (const [label, text, baseUrl] of [
    ['generic records', generic, 'https://lib.example.org/api/events'],
    ['a profile that rewrites records with the base URL', diligent, 'https://lakeviewisd.community.highbond.com/Services/MeetingsService.svc/meetings?from=2026-06-01&to=2026-08-31'],
  ] as const) {
    it(`gives the candidates the reader gives on its own: ${label}`, () => {
      const ctx = { baseUrl, timezone: 'America/Chicago', window }
      const alone = extractJsonEvents(text, ctx)
      const detected = extractDocument(new TextEncoder().encode(text), ctx)
      expect(detected.format).toBe('json-events')
      expect(alone.candidates.length).toBeGreaterThan(0)
      expect(detected.candidates).toEqual(alone.candidates)
      expect(detected.warnings).toEqual(alone.warnings)
    })
  }
})

describe('key indexes kept per record', () => {
  it('answer for each object as an index built afresh from a copy', () => {
    const a = { Start_Date: '2026-06-01', title: 'A', 'start-date': 'second spelling' }
    const b = { startDate: '2026-06-02', Title: 'B' }
    for (const record of [a, b, a, b]) expect([...keyIndex(record)]).toEqual([...keyIndex({ ...record })])
    expect(keyIndex(a).get('startdate')).toBe('Start_Date')
    expect(keyIndex(b).get('startdate')).toBe('startDate')
  })
})
