// Pins the extractor's robustness promise (DESIGN §6 "one bad block never spoils the others", the brief's
// "bad input → warnings, never a crash"): random text and mutated real feeds (truncated, lines deleted,
// BEGIN/END duplicated, garbage bytes, broken VTIMEZONEs) never make extractIcs throw, and every
// candidate it returns carries valid WallTimes whose series expand within the limit (that expansion
// always ends, within a step budget, is pinned by test/crawl/normalize/recurrence-property.test.ts).
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isCalendarDate } from '../../src/model/dates'
import { extractIcs } from '../../src/crawl/extract/ical/index'
import { expandRecurrence } from '../../src/crawl/shared/rrule/expand'
import { isIanaZone, parseOffset } from '../../src/crawl/shared/time'
import type { ExtractContext, WallTime } from '../../src/crawl/candidate-types'
import { CORPUS as CORPUS_DIR } from '../helpers/corpus'

const ctx: ExtractContext = { baseUrl: 'https://example.org/feed.ics', window: { start: '2010-01-01', end: '2030-12-31' } }
const SEEDS = [
  ['icaljs', 'recur_instances.ics'],
  ['node-ical', 'ms_timezones.ics'],
  ['node-ical', 'example-rrule.ics'],
  ['node-ical', 'exchange_whole_day_moved_recurrence.ics'],
  ['recurring-ical-events', 'machbar_16_feb_2019.ics'],
].map((path) => readFileSync(join(CORPUS_DIR, 'ical', ...path), 'utf8'))

function validWallTime(w: WallTime | undefined): boolean {
  if (!w) return true
  if (!isCalendarDate(w.date)) return false
  if (w.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(w.time)) return false
  if (w.offset !== undefined && parseOffset(w.offset) === undefined) return false
  return w.zone === undefined || isIanaZone(w.zone)
}

function check(text: string): void {
  const result = extractIcs(text, ctx)
  expect(result.format).toBe('ics')
  // The extractor's last-resort catches turn an internal error into a warning; here that would be a bug.
  expect(result.warnings.filter((w) => /stopped early|^ics: VEVENT at line \d+ could not be read/.test(w))).toEqual([])
  for (const c of result.candidates) {
    expect(c.start && validWallTime(c.start)).toBe(true)
    expect(validWallTime(c.end)).toBe(true)
    const spec = c.recurrence
    if (!spec) continue
    for (const w of [...(spec.rdates ?? []), ...(spec.exdates ?? []), ...(spec.overrides ?? []).flatMap((o) => [o.recurrenceId, o.candidate.start, o.candidate.end])])
      expect(validWallTime(w)).toBe(true)
    const occ = expandRecurrence({ start: c.start!, end: c.end, duration: c.duration, recurrence: spec, window: { start: '2018-01-01', end: '2020-12-31' }, limit: 50 })
    expect(occ.length).toBeLessThanOrEqual(50)
  }
}

type Mutation = (lines: string[]) => string[]
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map((n) => (lines: string[]) => lines.slice(0, n % (lines.length + 1))),
  fc.nat().map((n) => (lines: string[]) => lines.filter((_, i) => i % (2 + (n % 7)) !== 0)),
  fc.nat().map((n) => (lines: string[]) => lines.flatMap((l, i) => (/^(BEGIN|END):/.test(l) && i % (1 + (n % 3)) === 0 ? [l, l] : [l]))),
  fc.tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 40 })).map(
    ([n, junk]) =>
      (lines: string[]) =>
        lines.map((l, i) => (i % (3 + (n % 11)) === 0 ? l + junk : l)),
  ),
  fc.tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 20 })).map(
    ([n, junk]) =>
      (lines: string[]) =>
        lines.map((l, i) => (/^(TZOFFSET|DTSTART:1|RRULE:FREQ=YEARLY|TZID)/.test(l) && i % (1 + (n % 2)) === 0 ? `${l.split(':')[0]}:${junk}` : l)),
  ),
  fc.nat().map((n) => (lines: string[]) => lines.map((l, i) => (i % (4 + (n % 9)) === 0 ? l.slice(0, Math.max(1, l.length >> 1)) : l))),
  fc.nat().map((n) => (lines: string[]) => {
    const out = [...lines]
    for (let i = out.length - 1; i > 0; i--) {
      const j = (i * 7919 + n) % (i + 1)
      ;[out[i], out[j]] = [out[j], out[i]]
    }
    return out
  }),
  fc
    .nat()
    .map(
      (n) => (lines: string[]) =>
        lines.map((l, i) => (/^(DTSTART|DTEND|EXDATE|RDATE|RECURRENCE-ID)/.test(l) && i % (1 + (n % 3)) === 0 ? l.replace(/\d/g, (d) => String((Number(d) * 7 + n) % 10)) : l)),
    ),
)

describe('extractIcs on hostile input', () => {
  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => check(text)),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'BEGIN:VCALENDAR',
            'BEGIN:VEVENT',
            'END:VEVENT',
            'BEGIN:VTIMEZONE',
            'END:VTIMEZONE',
            'BEGIN:STANDARD',
            'TZOFFSETTO:+0100',
            'DTSTART:20260101T100000',
            'DTSTART;TZID=X:20260101',
            'RRULE:FREQ=DAILY;BYMONTHDAY=-1,-2',
            'RECURRENCE-ID:20260102T100000',
            'UID:x',
            ' folded',
            'END:VCALENDAR',
            '\u0000',
            'SUMMARY:\\',
          ),
          { maxLength: 60 },
        ),
        (lines) => check(lines.join('\r\n')),
      ),
      { numRuns: 300 },
    )
  })

  it('never throws on mutated real feeds, and keeps the candidates valid', () => {
    fc.assert(
      fc.property(fc.nat({ max: SEEDS.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (seed, mutations) => {
        const lines = mutations.reduce((acc, m) => m(acc), SEEDS[seed].split(/\r?\n/))
        check(lines.join(seed % 2 ? '\n' : '\r\n'))
      }),
      { numRuns: 300 },
    )
  })
})
