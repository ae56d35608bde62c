// Pins extractIcs (DESIGN §6 "Extract: iCalendar", §9 iCalendar pitfalls): text repairs (BOM, CR/LF,
// folding, Outlook quoting), zones (TZID → IANA, X-WR-TIMEZONE for floating times, UTC kept, custom
// VTIMEZONEs to fixed offsets), all-day values stay date-only, the VEVENT fields the Event record uses,
// series with their overrides, pre-expanded feeds, private events skipped, and warnings (never a throw)
// for broken components. A candidate holds only the fields its VEVENT states (no key left undefined).
import { describe, expect, it } from 'bun:test'
import { extractIcs } from '../../../src/crawl/extract/ical/index'
import { resolveWallTime } from '../../../src/crawl/shared/time'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { occurrences } from './ical-occurrences'

const ctx: ExtractContext = { baseUrl: 'https://library.example.org/events.ics', window: { start: '2026-01-01', end: '2026-12-31' } }
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n')
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n')
const only = (text: string, c = ctx) => {
  const result = extractIcs(text, c)
  expect(result.candidates.length).toBe(1)
  return result.candidates[0]
}

describe('the fields of a candidate', () => {
  it('holds only what the VEVENT states, no key left undefined', () => {
    const c = only(calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'SUMMARY:Story')))
    expect(Object.keys(c)).toEqual(['source', 'title', 'start'])
    const full = only(calendar(vevent('UID:b', 'DTSTART:20260601T170000Z', 'DTEND:20260601T180000Z', 'SUMMARY:Talk', 'DESCRIPTION:About', 'URL:https://x.example/t', 'STATUS:CANCELLED')))
    expect(Object.keys(full)).toEqual(['source', 'title', 'description', 'url', 'start', 'end', 'status'])
  })
})

describe('text repairs', () => {
  it('reads a BOM, CRLF line ends, folded lines and escaped text', () => {
    const c = only(`\uFEFF${calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'SUMMARY:Story', ' time for kids', 'DESCRIPTION:Bring a book\\, or two.\\nAges 3\\;5'))}`)
    expect(c.title).toBe('Storytime for kids')
    expect(c.description).toBe('Bring a book, or two.\nAges 3;5')
  })

  it('reads bare LF and bare CR line ends alike', () => {
    const lf = calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'SUMMARY:LF')).replace(/\r\n/g, '\n')
    const cr = calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'SUMMARY:CR')).replace(/\r\n/g, '\r')
    expect([only(lf).title, only(cr).title]).toEqual(['LF', 'CR'])
  })

  it('keeps text that lost its folding space, and drops other stray lines with a warning', () => {
    const text = calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'DESCRIPTION:First line', 'second line lost its space', 'SUMMARY:Talk'), 'this is not a content line')
    const result = extractIcs(text, ctx)
    expect(result.candidates[0].description).toBe('First line\nsecond line lost its space')
    expect(result.warnings.some((w) => /not content lines/.test(w))).toBe(true)
  })

  it("repairs Outlook's quoted TZID that swallowed the colon", () => {
    const c = only(calendar(vevent('UID:a', 'DTSTART;TZID="Eastern Standard Time:20260601T100000"', 'SUMMARY:x')))
    expect(c.start).toEqual({ date: '2026-06-01', time: '10:00:00', zone: 'America/New_York' })
  })

  it("never takes an alarm's DESCRIPTION or SUMMARY for the event's", () => {
    const c = only(calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Reminder', 'SUMMARY:Alarm', 'END:VALARM', 'SUMMARY:Concert')))
    expect([c.title, c.description]).toEqual(['Concert', undefined])
  })
})

describe('dates and zones', () => {
  it('maps TZIDs to IANA, keeps UTC as Z, and gives floating times the X-WR-TIMEZONE', () => {
    const text = calendar(
      'X-WR-TIMEZONE:America/Chicago',
      vevent('UID:a', 'DTSTART;TZID=/mozilla.org/20050126_1/Europe/Paris:20260601T100000', 'SUMMARY:zoned'),
      vevent('UID:b', 'DTSTART:20260601T150000Z', 'SUMMARY:utc'),
      vevent('UID:c', 'DTSTART:20260601T100000', 'SUMMARY:floating'),
    )
    const [zoned, utc, floating] = extractIcs(text, ctx).candidates
    expect(zoned.start).toEqual({ date: '2026-06-01', time: '10:00:00', zone: 'Europe/Paris' })
    expect(utc.start).toEqual({ date: '2026-06-01', time: '15:00:00', offset: 'Z', zone: 'America/Chicago' })
    expect(resolveWallTime(utc.start!).iso).toBe('2026-06-01T10:00:00-05:00')
    expect(floating.start).toEqual({ date: '2026-06-01', time: '10:00:00', zone: 'America/Chicago' })
  })

  it('keeps all-day events date-only, with an inclusive last day only when they span days', () => {
    const text = calendar(
      vevent('UID:a', 'DTSTART;VALUE=DATE:20260704', 'DTEND;VALUE=DATE:20260705', 'SUMMARY:one day'),
      vevent('UID:b', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260713', 'SUMMARY:three days'),
      vevent('UID:c', 'DTSTART;VALUE=DATE:20260720', 'DURATION:P2D', 'SUMMARY:two days'),
    )
    const [one, three, two] = extractIcs(text, ctx).candidates
    expect([one.start, one.end]).toEqual([{ date: '2026-07-04' }, undefined])
    expect([three.start, three.end]).toEqual([{ date: '2026-07-10' }, { date: '2026-07-12' }])
    expect([two.end, two.duration]).toEqual([{ date: '2026-07-21' }, undefined])
  })

  it('uses DURATION when there is no DTEND, and invents no end when there is neither', () => {
    const [withDuration, bare] = extractIcs(calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'DURATION:PT1H30M'), vevent('UID:b', 'DTSTART:20260602T170000Z')), ctx).candidates
    expect([withDuration.end, withDuration.duration]).toEqual([undefined, 'PT1H30M'])
    expect([bare.end, bare.duration]).toEqual([undefined, undefined])
  })

  it('converts a custom VTIMEZONE without an IANA name with its own rules, per occurrence, and says so', () => {
    const customZone = [
      'BEGIN:VTIMEZONE',
      'TZID:Custom Central Europe',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:19700329T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n')
    const text = calendar(
      customZone,
      vevent('UID:a', 'DTSTART;TZID=Custom Central Europe:20260316T190000', 'DTEND;TZID=Custom Central Europe:20260316T200000', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Choir'),
    )
    const result = extractIcs(text, ctx)
    const [series] = result.candidates
    expect(series.start).toEqual({ date: '2026-03-16', time: '19:00:00', offset: '+01:00' })
    expect(series.recurrence?.expanded).toBe(true)
    expect(result.warnings.some((w) => /Custom Central Europe.*own VTIMEZONE rules/.test(w))).toBe(true)
    const all = occurrences(result, ctx.window)
    expect(all.map((o) => resolveWallTime(o.start).iso)).toEqual(['2026-03-16T19:00:00+01:00', '2026-03-23T19:00:00+01:00', '2026-03-30T19:00:00+02:00'])
    expect(resolveWallTime(all[2].end!).iso).toBe('2026-03-30T20:00:00+02:00')
  })

  it('warns about a broken VTIMEZONE and an unknown TZID, and still keeps the event (floating)', () => {
    const broken = ['BEGIN:VTIMEZONE', 'TZID:Office Time', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETTO:banana', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n')
    const result = extractIcs(calendar(broken, vevent('UID:a', 'DTSTART;TZID=Office Time:20260601T090000', 'SUMMARY:Staff')), ctx)
    expect(result.candidates[0].start).toEqual({ date: '2026-06-01', time: '09:00:00' })
    expect(result.warnings.some((w) => /VTIMEZONE "Office Time".*TZOFFSETTO/.test(w))).toBe(true)
    expect(result.warnings.some((w) => /TZID "Office Time" is neither/.test(w))).toBe(true)
  })
})

describe('event fields', () => {
  it('reads status, place, coordinates, link, categories, organizer and image', () => {
    const c = only(
      calendar(
        vevent(
          'UID:evt-1@library.example.org',
          'DTSTART;TZID=America/Denver:20260601T100000',
          'STATUS:CANCELLED',
          'LOCATION:Main Library\\, 123 Elm St\\, Boulder\\, CO 80302',
          'GEO:40.015;-105.27',
          'URL:https://library.example.org/events/1',
          'CATEGORIES:Kids,Storytime',
          'CATEGORIES:Family',
          'ORGANIZER;CN="Youth Services":mailto:youth@library.example.org',
          'ATTACH;FMTTYPE=application/pdf:https://library.example.org/flyer.pdf',
          'ATTACH;FMTTYPE=image/jpeg:https://library.example.org/storytime.jpg',
          'SUMMARY:Storytime',
        ),
      ),
    )
    expect(c.source).toEqual({ url: ctx.baseUrl, format: 'ics', method: 'ics', id: 'evt-1@library.example.org' })
    expect(c.status).toBe('EventCancelled')
    expect(c.place).toEqual({ name: 'Main Library', address: '123 Elm St, Boulder, CO 80302', latitude: 40.015, longitude: -105.27 })
    expect(c.url).toBe('https://library.example.org/events/1')
    expect(c.categories).toEqual(['Kids', 'Storytime', 'Family'])
    expect(c.organizer).toEqual({ name: 'Youth Services', url: 'mailto:youth@library.example.org' })
    expect(c.image).toBe('https://library.example.org/storytime.jpg')
  })

  it('takes a meeting link in LOCATION as the online URL, and an organizer without CN by address', () => {
    const c = only(calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'STATUS:TENTATIVE', 'LOCATION:https://meet.example.com/abc', 'ORGANIZER:mailto:host@example.org')))
    expect([c.onlineUrl, c.place, c.status]).toEqual(['https://meet.example.com/abc', undefined, 'EventScheduled'])
    expect(c.organizer).toEqual({ name: 'host@example.org', url: 'mailto:host@example.org' })
  })

  it('skips CLASS:PRIVATE and CONFIDENTIAL events', () => {
    const result = extractIcs(
      calendar(
        vevent('UID:a', 'DTSTART:20260601T170000Z', 'CLASS:PRIVATE'),
        vevent('UID:b', 'DTSTART:20260601T170000Z', 'CLASS:CONFIDENTIAL'),
        vevent('UID:c', 'DTSTART:20260601T170000Z', 'CLASS:PUBLIC'),
      ),
      ctx,
    )
    expect(result.candidates.map((c) => c.source.id)).toEqual(['c'])
    expect(result.warnings).toContain('ics: 2 private or confidential event(s) skipped')
  })
})

describe('series and feeds', () => {
  it('keeps a series as one candidate with RRULE, RDATE, EXDATE and its overrides (fields it leaves out come from the master)', () => {
    const text = calendar(
      vevent(
        'UID:s',
        'DTSTART;TZID=America/New_York:20260601T100000',
        'DTEND;TZID=America/New_York:20260601T110000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO, WE',
        'EXDATE;TZID=America/New_York:20260603T100000',
        'RDATE;TZID=America/New_York:20260606T100000',
        'LOCATION:Room 1',
        'SUMMARY:Yoga',
      ),
      vevent('UID:s', 'RECURRENCE-ID;TZID=America/New_York:20260608T100000', 'DTSTART;TZID=America/New_York:20260609T100000', 'SEQUENCE:1', 'SUMMARY:Yoga (moved)'),
      vevent('UID:s', 'RECURRENCE-ID;TZID=America/New_York:20260608T100000', 'DTSTART;TZID=America/New_York:20260609T120000', 'SEQUENCE:2', 'SUMMARY:Yoga (moved again)'),
    )
    const result = extractIcs(text, ctx)
    expect(result.candidates.length).toBe(1)
    const spec = result.candidates[0].recurrence!
    expect(spec.rrule).toBe('FREQ=WEEKLY;BYDAY=MO, WE')
    expect(spec.overrides?.map((o) => [o.candidate.title, o.candidate.place?.name])).toEqual([['Yoga (moved again)', 'Room 1']])
    const all = occurrences(result, { start: '2026-06-01', end: '2026-06-10' })
    expect(all.map((o) => [resolveWallTime(o.start).iso, o.title])).toEqual([
      ['2026-06-01T10:00:00-04:00', 'Yoga'],
      ['2026-06-06T10:00:00-04:00', 'Yoga'],
      ['2026-06-09T12:00:00-04:00', 'Yoga (moved again)'],
      ['2026-06-10T10:00:00-04:00', 'Yoga'],
    ])
  })

  it('gives a pre-expanded feed (one UID, no RRULE) one candidate per VEVENT, identified by the UID', () => {
    const result = extractIcs(calendar(...['20260601', '20260608', '20260615'].map((d) => vevent('UID:weekly-class', `DTSTART:${d}T170000Z`, 'SUMMARY:Class'))), ctx)
    expect(result.candidates.map((c) => [c.source.id, c.start?.date])).toEqual([
      ['weekly-class', '2026-06-01'],
      ['weekly-class', '2026-06-08'],
      ['weekly-class', '2026-06-15'],
    ])
  })

  it('turns an override whose master is missing into an event of its own', () => {
    const c = only(calendar(vevent('UID:orphan', 'RECURRENCE-ID:20260601T170000Z', 'DTSTART:20260602T170000Z', 'SUMMARY:Moved')))
    expect([c.title, c.start?.date, c.recurrence]).toEqual(['Moved', '2026-06-02', undefined])
  })

  it('drops one-off events outside the window but keeps series for the normalizer', () => {
    const result = extractIcs(
      calendar(vevent('UID:old', 'DTSTART:20200601T170000Z'), vevent('UID:series', 'DTSTART:20200601T170000Z', 'RRULE:FREQ=YEARLY'), vevent('UID:now', 'DTSTART:20260601T170000Z')),
      ctx,
    )
    expect(result.candidates.map((c) => c.source.id)).toEqual(['series', 'now'])
  })

  it('reads a webcal: calendar like any other', () => {
    const text = calendar(vevent('UID:a', 'DTSTART:20260601T170000Z', 'SUMMARY:x'))
    const webcal = extractIcs(text, { ...ctx, baseUrl: 'webcal://library.example.org/events.ics' })
    expect(webcal.candidates.map((c) => [c.title, c.source.url])).toEqual([['x', 'webcal://library.example.org/events.ics']])
  })
})

describe('broken input', () => {
  it('keeps what can be saved from broken VEVENTs, with warnings', () => {
    const text = calendar(
      vevent('UID:bad-start', 'DTSTART:not-a-date', 'SUMMARY:lost'),
      vevent('UID:bad-rule', 'DTSTART:20260601T170000Z', 'RRULE:FREQ=SOMETIMES', 'SUMMARY:single'),
      vevent('UID:bad-geo', 'DTSTART:20260601T170000Z', 'GEO:north;west', 'SUMMARY:no coordinates'),
      'BEGIN:VEVENT',
      'UID:no-end',
      'DTSTART:20260602T170000Z',
      'SUMMARY:unterminated',
      vevent('UID:next', 'DTSTART:20260603T170000Z', 'SUMMARY:after'),
    )
    const result = extractIcs(text, ctx)
    expect(result.candidates.map((c) => c.title)).toEqual(['single', 'no coordinates', 'unterminated', 'after'])
    expect(result.candidates[0].recurrence).toBeUndefined()
    expect(result.candidates[1].place).toBeUndefined()
    for (const pattern of [/"not-a-date" is not a date/, /no usable DTSTART/, /RRULE FREQ/, /GEO "north;west"/, /has no END:VEVENT/]) expect(result.warnings.some((w) => pattern.test(w))).toBe(true)
  })

  it('gives a warning and no candidates for text that is not iCalendar', () => {
    for (const text of ['', '<html><body>Events</body></html>', '{"events": []}']) {
      const result = extractIcs(text, ctx)
      expect(result.candidates).toEqual([])
      expect(result.warnings.length).toBeGreaterThan(0)
    }
  })
})
