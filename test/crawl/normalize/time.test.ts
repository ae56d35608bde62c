// Pins wall-time resolution (DESIGN §6 "Normalize"): ISO 8601 with the offset of the event's zone, the
// source's zone before the fallback, UTC (Z or +00:00) shown in the event's zone, a zone's offset of the
// other season read as the wall time it labels, UTC as the last resort (never a naive time), DST gaps and
// overlaps per RFC 5545, and no invented times (date-only stays date-only).
import { describe, expect, it } from 'bun:test'
import { formatOffset, isIanaZone, offsetAt, parseOffset, resolveWallTime, wallToInstant } from '../../../src/crawl/shared/time'

describe('resolveWallTime', () => {
  it('applies the zone the source named, summer and winter', () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00', zone: 'America/New_York' }).iso).toBe('2026-07-04T10:00:00-04:00')
    expect(resolveWallTime({ date: '2026-01-04', time: '10:00:00', zone: 'America/New_York' }).iso).toBe('2026-01-04T10:00:00-05:00')
  })

  it("prefers the source's zone to the fallback, and uses the fallback when the source names none", () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00', zone: 'Europe/Berlin' }, 'America/Chicago').iso).toBe('2026-07-04T10:00:00+02:00')
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00' }, 'America/Chicago').iso).toBe('2026-07-04T10:00:00-05:00')
  })

  it('keeps a fixed offset the source wrote, and shows UTC in the event zone', () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00', offset: '+05:30' }, 'America/Chicago').iso).toBe('2026-07-04T10:00:00+05:30')
    const utc = resolveWallTime({ date: '2026-07-04', time: '15:00', offset: 'Z' }, 'America/Chicago')
    expect(utc.iso).toBe('2026-07-04T10:00:00-05:00')
    expect(utc.ms).toBe(Date.UTC(2026, 6, 4, 15))
    expect(resolveWallTime({ date: '2026-07-04', time: '15:00', offset: 'Z' }).iso).toBe('2026-07-04T15:00:00+00:00')
  })

  it('shows +00:00 in the event zone like Z: hidden microdata of a Los Angeles board', () => {
    expect(resolveWallTime({ date: '2022-08-09', time: '17:00', offset: '+00:00' }, 'America/Los_Angeles').iso).toBe('2022-08-09T10:00:00-07:00')
    expect(resolveWallTime({ date: '2022-11-08', time: '18:00', offset: '+00:00' }, 'America/Los_Angeles').iso).toBe('2022-11-08T10:00:00-08:00')
  })

  it("reads the zone's offset of the other season as the wall time it labels (a CMS that ignores daylight saving)", () => {
    expect(resolveWallTime({ date: '2026-04-17', time: '16:15', offset: '+01:00' }, 'Europe/Amsterdam').iso).toBe('2026-04-17T16:15:00+02:00')
    expect(resolveWallTime({ date: '2026-12-01', time: '19:00', offset: '-07:00' }, 'America/Los_Angeles').iso).toBe('2026-12-01T19:00:00-08:00')
    // The offset in force is kept as it is, and a foreign one too (an event elsewhere, in its own time).
    expect(resolveWallTime({ date: '2026-04-17', time: '16:15', offset: '+02:00' }, 'Europe/Amsterdam').iso).toBe('2026-04-17T16:15:00+02:00')
    expect(resolveWallTime({ date: '2026-04-17', time: '16:15', offset: '-04:00' }, 'Europe/Amsterdam').iso).toBe('2026-04-17T16:15:00-04:00')
  })

  it('keeps a date-only value date-only, sorted at local midnight', () => {
    const r = resolveWallTime({ date: '2026-07-04' }, 'America/New_York')
    expect(r).toMatchObject({ iso: '2026-07-04', allDay: true, zone: 'America/New_York' })
    expect(r.ms).toBe(Date.UTC(2026, 6, 4, 4))
  })

  it('writes a time without any zone in UTC as the last resort, and says so (never a naive time)', () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00' })).toMatchObject({ iso: '2026-07-04T10:00:00+00:00', zoned: false, zone: 'Etc/UTC' })
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00' }, 'Not/AZone')).toMatchObject({ iso: '2026-07-04T10:00:00+00:00', zoned: false })
    expect(resolveWallTime({ date: '2026-07-04' })).toMatchObject({ iso: '2026-07-04', zoned: false })
  })

  it('ignores a zone name the runtime does not know and falls back', () => {
    expect(resolveWallTime({ date: '2026-07-04', time: '10:00', zone: 'Mars/Olympus' }, 'Europe/London').iso).toBe('2026-07-04T10:00:00+01:00')
  })
})

describe('wallToInstant across DST', () => {
  it('moves a time in the spring gap forward by the gap', () => {
    const { ms, offsetMinutes } = wallToInstant('2026-03-08', '02:30:00', 'America/New_York')
    expect(new Date(ms).toISOString()).toBe('2026-03-08T07:30:00.000Z')
    expect(offsetMinutes).toBe(-240)
  })

  it('takes the first occurrence of an ambiguous autumn time', () => {
    const { ms, offsetMinutes } = wallToInstant('2026-11-01', '01:30:00', 'America/New_York')
    expect(offsetMinutes).toBe(-240)
    expect(new Date(ms).toISOString()).toBe('2026-11-01T05:30:00.000Z')
  })

  it('handles half-hour zones and the southern hemisphere', () => {
    expect(wallToInstant('2026-01-10', '12:00:00', 'Australia/Adelaide').offsetMinutes).toBe(630)
    expect(wallToInstant('2026-07-10', '12:00:00', 'Australia/Adelaide').offsetMinutes).toBe(570)
  })
})

describe('offsets and zones', () => {
  it('parses the written forms of an offset', () => {
    expect([parseOffset('Z'), parseOffset('+05:30'), parseOffset('-0800'), parseOffset('-08'), parseOffset('+25:00'), parseOffset('EST')]).toEqual([0, 330, -480, -480, undefined, undefined])
    expect([formatOffset(0), formatOffset(-210), formatOffset(345)]).toEqual(['+00:00', '-03:30', '+05:45'])
  })

  it('knows IANA zones including old aliases, and refuses others', () => {
    expect([isIanaZone('Europe/Kiev'), isIanaZone('America/Godthab'), isIanaZone('Eastern Standard Time'), isIanaZone('')]).toEqual([true, true, false, false])
    expect(offsetAt(Date.UTC(2026, 6, 1), 'Asia/Kolkata')).toBe(330)
  })
})
