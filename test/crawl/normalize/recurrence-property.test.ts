// Pins the termination guarantee of recurrence expansion (DESIGN §9: no input may hang a crawl): random
// RRULE parts, including contradictory and never-matching ones, always return with at most `limit`
// occurrences, sorted, unique and inside the window; and the engine under it stops within its step
// budget (MAX_WORK plus one period), counted in steps rather than timed.
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { DAY_SECONDS, wallSeconds } from '../../../src/crawl/shared/calendar-math'
import { expandRecurrence } from '../../../src/crawl/shared/rrule/expand'
import { expandRule, MAX_WORK } from '../../../src/crawl/shared/rrule/engine'
import { parseRrule } from '../../../src/crawl/shared/rrule/rule'
import { resolveWallTime } from '../../../src/crawl/shared/time'

const list = (min: number, max: number) => fc.uniqueArray(fc.integer({ min, max }), { minLength: 1, maxLength: 4 }).map((xs) => xs.join(','))
const weekday = fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU')
const byDay = fc.array(fc.tuple(fc.option(fc.integer({ min: -60, max: 60 }), { nil: undefined }), weekday), { minLength: 1, maxLength: 4 }).map((xs) => xs.map(([n, d]) => `${n ?? ''}${d}`).join(','))

const rrule = fc
  .record(
    {
      FREQ: fc.constantFrom('SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'FORTNIGHTLY', ''),
      INTERVAL: fc.integer({ min: -2, max: 400 }).map(String),
      COUNT: fc.integer({ min: -1, max: 5000 }).map(String),
      UNTIL: fc.constantFrom('20261231', '20250101T000000Z', '20270615T120000', 'garbage'),
      BYMONTH: list(-1, 13),
      BYWEEKNO: list(-54, 54),
      BYYEARDAY: list(-367, 367),
      BYMONTHDAY: list(-32, 32),
      BYDAY: byDay,
      BYHOUR: list(-1, 24),
      BYMINUTE: list(0, 60),
      BYSECOND: list(0, 61),
      BYSETPOS: list(-400, 400),
      WKST: fc.constantFrom('MO', 'SU', 'XX'),
    },
    { requiredKeys: ['FREQ'] },
  )
  .map((parts) =>
    Object.entries(parts)
      .map(([k, v]) => `${k}=${v}`)
      .join(';'),
  )

const start = fc.record({
  date: fc.date({ min: new Date('1970-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  time: fc.option(fc.constantFrom('00:00', '09:30', '23:59:59', '02:30'), { nil: undefined }),
  zone: fc.option(fc.constantFrom('America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'Mars/Base'), { nil: undefined }),
})

describe('expandRecurrence on random rules', () => {
  it('always returns, within the limit, sorted and inside the window', () => {
    fc.assert(
      fc.property(rrule, start, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 400 }), (rule, dtstart, limit, days) => {
        const window = { start: '2026-01-01', end: new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10) }
        const occ = expandRecurrence({ start: dtstart, recurrence: { rrule: rule }, window, limit })
        expect(occ.length).toBeLessThanOrEqual(limit)
        const ms = occ.map((o) => resolveWallTime(o.start, 'UTC').ms)
        expect(new Set(ms).size).toBe(ms.length)
        expect([...ms].sort((a, b) => a - b)).toEqual(ms)
        for (const o of occ) expect(o.start.date >= '2025-12-31' && o.start.date <= window.end).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('the engine under it stops within its step budget', () => {
    let parsed = 0
    fc.assert(
      fc.property(rrule, start, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 400 }), (text, dtstart, limit, days) => {
        const { rule } = parseRrule(text)
        if (!rule) return
        parsed++
        const from = wallSeconds({ date: '2026-01-01' })!
        const to = wallSeconds({ date: new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10) })! + DAY_SECONDS - 1
        const startT = wallSeconds({ date: dtstart.date, time: dtstart.time })!
        const result = expandRule({ rule, start: startT, isDate: !dtstart.time, from, to, limit, startIsInstance: true })
        expect(result.work).toBeLessThanOrEqual(MAX_WORK + 366)
        expect(result.times.length).toBeLessThanOrEqual(limit)
      }),
      { numRuns: 400 },
    )
    expect(parsed).toBeGreaterThan(50)
  })
})
