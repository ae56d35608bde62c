// Pins the iCalendar path through the whole pipeline (extractDocument → the iCalendar extractor →
// normalizeCandidates): every corpus feed (`ical/*`) is detected from its content, yields events, and every
// normalized record — occurrences of expanded series included — validates against EventSchema.
import { describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { extractDocument } from '../../src/crawl/extract'
import { normalizeCandidates } from '../../src/crawl/normalize'
import { EventSchema } from '../../src/model/event'
import { CORPUS } from '../helpers/corpus'

const ctx = { baseUrl: 'https://calendar.example.org/feed.ics', window: { start: '2010-01-01', end: '2030-12-31' } }

describe('iCalendar corpus through the pipeline', () => {
  for (const dir of ['icaljs', 'node-ical', 'recurring-ical-events']) {
    for (const file of readdirSync(join(CORPUS, 'ical', dir)).filter((f) => f.endsWith('.ics'))) {
      it(`${dir}/${file} becomes valid records`, async () => {
        const extracted = extractDocument(await Bun.file(join(CORPUS, 'ical', dir, file)).bytes(), ctx, 'text/plain')
        expect(extracted.format).toBe('ics')
        const { events } = normalizeCandidates(extracted.candidates, ctx)
        expect(events.length).toBeGreaterThan(0)
        for (const e of events) expect(Value.Check(EventSchema, e), JSON.stringify([...Value.Errors(EventSchema, e)].slice(0, 2))).toBe(true)
        expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length)
      })
    }
  }
})
