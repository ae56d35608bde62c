/**
 * Pins parseIsoDateTime's shortcut (src/crawl/shared/datetime.ts): `2026-06-01` and `2026-06-01T10:30:00`
 * with an optional `Z` or `±HH:MM` are read by character code instead of the pattern, and read exactly as
 * the pattern reads them. The same values written in forms only the pattern reads (`20260601`, a lower-case
 * `t`) must give the same answer, over valid and impossible dates, hours 00–24, seconds up to 60 and
 * offsets in and out of range.
 */
import { describe, expect, it } from 'bun:test'
import { parseIsoDateTime } from '../../src/crawl/shared/datetime'

const DATES = ['2026-06-01', '2024-02-29', '2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '0099-01-01', '1999-12-31', '2026-06-00']
const TIMES = ['00:00:00', '10:30:00', '23:59:59', '23:59:60', '24:00:00', '24:00:01', '24:30:00', '25:00:00', '12:60:00', '12:00:61']
const ZONES = ['', 'Z', '+05:30', '-04:00', '+00:00', '+18:00', '+19:00', '-05:60', '+14:45']

describe('parseIsoDateTime read by character code', () => {
  it('reads a date as the pattern reads it', () => {
    for (const date of DATES) expect({ date, read: parseIsoDateTime(date) }).toEqual({ date, read: parseIsoDateTime(date.replace(/-/g, '')) })
  })

  it('reads a date, time and offset as the pattern reads them', () => {
    let read = 0
    for (const date of DATES)
      for (const time of TIMES)
        for (const zone of ZONES) {
          const value = `${date}T${time}${zone}`
          const fast = parseIsoDateTime(value)
          expect({ value, fast }).toEqual({ value, fast: parseIsoDateTime(`${date}t${time}${zone}`) })
          if (fast) read++
        }
    // Valid values are read (not everything refused alike), with their offsets.
    expect(read).toBeGreaterThan(100)
    expect(parseIsoDateTime('2026-06-01T24:00:00+05:30')).toEqual({ date: '2026-06-02', time: '00:00:00', offset: '+05:30' })
    expect(parseIsoDateTime(' 2026-06-01T10:30:00Z ')).toEqual({ date: '2026-06-01', time: '10:30:00', offset: 'Z' })
  })

  it('leaves other forms to the pattern', () => {
    expect(parseIsoDateTime('2026-06-01T10:30')).toEqual({ date: '2026-06-01', time: '10:30' })
    expect(parseIsoDateTime('2026-06-01T10:30:00.000-0400')).toEqual({ date: '2026-06-01', time: '10:30:00', offset: '-04:00' })
    expect(parseIsoDateTime('2026-06-01 10:30:00 UTC')).toEqual({ date: '2026-06-01', time: '10:30:00', offset: 'Z' })
    expect(parseIsoDateTime('2013-034')).toEqual({ date: '2013-02-03' })
    expect(parseIsoDateTime('2026-06-01T10:30:00-4:00')).toEqual({ date: '2026-06-01', time: '10:30:00', offset: '-04:00' })
  })
})
