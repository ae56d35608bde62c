// Pins how instants and days are written (src/crawl/normalize/time.ts, src/model/dates.ts): the fast
// writers give exactly what the Date-based spelling gives (`toISOString` of the local instant plus the
// offset; `Date.UTC` over the split day), for any whole millisecond from 1970 to 9999, any offset, any
// day shift, and values outside that range or of another shape keep the Date-based answer; calendar days are
// recognised as the Date-based check recognises them.
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { addDays, isCalendarDate } from '../../../src/model/dates'
import { formatInstant, formatOffset, resolveWallTime } from '../../../src/crawl/shared/time'

const byDate = (ms: number, offset: number) => `${new Date(ms + offset * 60_000).toISOString().slice(0, 19)}${formatOffset(offset)}`
const addByDate = (date: string, days: number) => {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

describe('writing instants and days', () => {
  it('writes any instant with any offset as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), fc.integer({ min: -18 * 60, max: 18 * 60 }), (ms, offset) => {
        const local = ms + offset * 60_000
        if (local < 0 || local > 253_402_300_799_999) return
        expect(formatInstant(ms, offset)).toBe(byDate(ms, offset))
      }),
      { numRuns: 3000 },
    )
    expect(formatInstant(0, 0)).toBe('1970-01-01T00:00:00+00:00')
    expect(formatInstant(253_402_300_799_999, 0)).toBe('9999-12-31T23:59:59+00:00')
    expect(formatInstant(-1, 0)).toBe(byDate(-1, 0))
    expect(formatInstant(1.5, 0)).toBe(byDate(1.5, 0))
  })

  it('shifts days as Date.UTC does, across months, leap days and years', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 9998 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: -800, max: 800 }), (y, m, d, n) => {
        const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
        expect(addDays(date, n)).toBe(addByDate(date, n))
      }),
      { numRuns: 3000 },
    )
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31')
    expect(() => addDays('2026-06-01T10:00', 1)).toThrow(RangeError)
  })

  it('reads wall times with and without seconds alike', () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:05' }, 'America/Chicago').iso).toBe('2026-07-04T10:05:00-05:00')
    expect(resolveWallTime({ date: '2026-07-04', time: '10:05:09' }, 'America/Chicago').iso).toBe('2026-07-04T10:05:09-05:00')
    expect(resolveWallTime({ date: '2026-12-31', time: '23:59:59' }, 'Pacific/Kiritimati').iso).toBe('2026-12-31T23:59:59+14:00')
  })
})

describe('two digits', () => {
  it('pads as padStart does, numbers and digit strings alike', async () => {
    const { twoDigits } = await import('../../../src/model/dates')
    for (const v of [0, 5, 9, 10, 59, 99, 100, 123, -1, -0, 1.5, Number.NaN, '', '7', '07', '123']) expect(twoDigits(v)).toBe(String(v).padStart(2, '0'))
  })
})

describe('calendar days', () => {
  const byDate = (text: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
    if (!m) return false
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
    const date = new Date(Date.UTC(y, mo - 1, d))
    return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
  }

  it('accepts exactly the days the Date-based check accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
        expect(isCalendarDate(text)).toBe(byDate(text))
      }),
      { numRuns: 5000 },
    )
    for (const text of ['2024-02-29', '2026-02-29', '1900-02-29', '2000-02-29', '0099-12-31', '2026-04-31', '2026-1-01', ' 2026-01-01', '2026/04/30', '２０２６-01-01', ''])
      expect(isCalendarDate(text)).toBe(byDate(text))
  })
})
