// Pins the iCalendar extractor plus recurrence expansion (DESIGN §6, §9) against real feeds and the
// answers their upstream tests assert, in ../shared/corpus/ical/: ical.js (RDATE, EXDATE, RECURRENCE-ID,
// expected.json), node-ical (the full 2017 expansion of example-rrule.ics printed in Europe/Berlin, Windows
// zone names, moved all-day instances), python-recurring-ical-events (expected.json). Expected values come
// from those files; where a file states its answer only in its own data (a TZID's VTIMEZONE, a moved
// RECURRENCE-ID) the value is written here literally, never computed with the code under test.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractIcs } from '../../src/crawl/extract/ical/index'
import { resolveWallTime } from '../../src/crawl/shared/time'
import { CORPUS as CORPUS_DIR } from '../helpers/corpus'
import { byStart, occurrences, utc } from '../crawl/extract/ical-occurrences'

const ICAL = join(CORPUS_DIR, 'ical')
const read = (...path: string[]) => readFileSync(join(ICAL, ...path), 'utf8')
const extract = (path: string[], window = { start: '1990-01-01', end: '2099-12-31' }) => extractIcs(read(...path), { baseUrl: 'https://example.org/calendar.ics', window })

describe('ical.js corpus (icaljs/expected.json)', () => {
  const expected = JSON.parse(read('icaljs', 'expected.json'))
  const window = { start: '2012-01-01', end: '2024-12-31' }

  it('recur_instances.ics: master occurrences, RDATEs and EXDATEs as upstream asserts them', () => {
    const result = extract(['icaljs', 'recur_instances.ics'], window)
    expect(result.candidates.length).toBe(1)
    const series = result.candidates[0]
    const firstSix = occurrences(result, window, { overrides: false })
      .slice(0, 6)
      .map((o) => utc(o.start))
    expect(firstSix).toEqual(expected['recur_instances.ics'].first_6_starts_utc)
    expect(series.recurrence!.rdates!.map(utc).sort()).toEqual([...expected['recur_instances.ics'].rdates_utc].sort())
    expect(series.recurrence!.exdates!.map(utc).sort()).toEqual([...expected['recur_instances.ics'].exdates_utc].sort())
  })

  it('recur_instances.ics: the two RECURRENCE-ID overrides move their instances (the caveat in expected.json)', () => {
    const all = occurrences(extract(['icaljs', 'recur_instances.ics'], window), window).sort(byStart)
    const starts = all.map((o) => utc(o.start))
    expect(starts).toContain('2012-10-02T22:00:00Z') // 15:00 PDT instead of 10:00 PDT
    expect(starts).not.toContain('2012-10-02T17:00:00Z')
    expect(starts).toContain('2012-11-07T04:00:00Z') // 2012-11-06T20:00 PST, replacing RECURRENCE-ID 2012-11-05T18:00Z
    expect(starts).not.toContain('2012-11-05T18:00:00Z')
    expect(all.find((o) => utc(o.start) === '2012-10-02T22:00:00Z')?.candidate.description).toBe('I HAZ CHANGED!')
  })

  it('recur_instances_finite.ics: every start', () => {
    const all = occurrences(extract(['icaljs', 'recur_instances_finite.ics'], window), window).sort(byStart)
    expect(all.map((o) => utc(o.start))).toEqual(expected['recur_instances_finite.ics'].all_starts_utc)
  })

  it('minimal.ics: one occurrence', () => {
    expect(occurrences(extract(['icaljs', 'minimal.ics'], window), window).length).toBe(expected['minimal.ics'].occurrences)
  })
})

/** `Thursday, June 1, 2017 at 4:00 PM GMT+2` → instant (ms). */
function berlinText(text: string): number {
  const m = /^\w+, (\w+) (\d+), (\d{4}) at (\d+):(\d{2}) (AM|PM) GMT([+-]\d+)$/.exec(text.trim())!
  const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].indexOf(m[1])
  const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0)
  return Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5])) - Number(m[7]) * 3600_000
}

describe('node-ical corpus', () => {
  it('example-rrule.ics: the full 2017 expansion printed in Europe/Berlin', () => {
    const blocks = read('node-ical', 'example-rrule.expected-TZ-Europe-Berlin.txt')
      .trim()
      .split(/\n\s*\n/)
    const expected = blocks.map((b) => {
      const field = (name: string) =>
        b
          .split('\n')
          .find((l) => l.startsWith(`${name}:`))!
          .slice(name.length + 1)
      return { title: field('title'), start: berlinText(field('startDate')), end: berlinText(field('endDate')) }
    })
    expect(expected.length).toBe(8)
    const window = { start: '2017-01-01', end: '2017-12-31' }
    const got = occurrences(extract(['node-ical', 'example-rrule.ics'], window), window)
      .sort(byStart)
      .map((o) => ({ title: o.title, start: resolveWallTime(o.start).ms, end: resolveWallTime(o.end!).ms }))
    expect(got).toEqual(expected)
  })

  it('ms_timezones.ics: Windows zone names (and a TZID whose quote swallowed the colon) become IANA zones', () => {
    const result = extract(['node-ical', 'ms_timezones.ics'])
    const byTitle = new Map(result.candidates.map((c) => [c.title, c]))
    // The file's own VTIMEZONEs: W. Europe is +02:00 in September and June, Pacific is -07:00 in September.
    expect(resolveWallTime(byTitle.get('test')!.start!).iso).toBe('2020-09-10T09:00:00+02:00')
    expect(byTitle.get('test')!.start!.zone).toBe('Europe/Berlin')
    expect(resolveWallTime(byTitle.get("Log Yesterday's Jira time")!.start!).iso).toBe('2020-06-09T09:00:00+02:00')
    expect(resolveWallTime(byTitle.get('Not the actual summary 1')!.start!).iso).toBe('2020-09-15T08:30:00-07:00')
    expect(byTitle.get('Not the actual summary either')!.recurrence!.exdates!.length).toBe(6)
    expect(result.warnings).toEqual([])
  })

  it('whole_day_moved_over_dst_change_berlin.ics: a moved all-day instance stays date-only', () => {
    const window = { start: '2024-10-01', end: '2024-11-30' }
    const all = occurrences(extract(['node-ical', 'whole_day_moved_over_dst_change_berlin.ics'], window), window)
    expect(all.map((o) => o.start).sort((a, b) => a.date.localeCompare(b.date))).toEqual([{ date: '2024-10-27' }, { date: '2024-10-29' }, { date: '2024-10-30' }])
  })

  it('exchange_whole_day_moved_recurrence.ics: a RECURRENCE-ID in a Windows zone moves a DATE instance', () => {
    const window = { start: '2026-02-01', end: '2026-03-05' }
    const all = occurrences(extract(['node-ical', 'exchange_whole_day_moved_recurrence.ics'], window), window)
    expect(all.map((o) => o.start.date).sort()).toEqual(['2026-02-19', '2026-02-24', '2026-02-27', '2026-03-03', '2026-03-05'])
    expect(all.every((o) => o.start.time === undefined)).toBe(true)
  })

  it('daily-count-exdate-recurrence-id.ics: COUNT, EXDATE and a moved instance', () => {
    const window = { start: '2015-07-01', end: '2015-07-31' }
    const all = occurrences(extract(['node-ical', 'daily-count-exdate-recurrence-id.ics'], window), window).sort(byStart)
    expect(all.map((o) => resolveWallTime(o.start).iso)).toEqual([
      '2015-07-06T12:00:00-07:00',
      '2015-07-09T12:00:00-07:00',
      '2015-07-09T15:00:00-07:00',
      '2015-07-11T12:00:00-07:00',
      '2015-07-12T12:00:00-07:00',
      '2015-07-13T12:00:00-07:00',
      '2015-07-14T12:00:00-07:00',
      '2015-07-15T12:00:00-07:00',
    ])
    const moved = all.find((o) => o.title === 'More Treasure Hunting')!
    expect(resolveWallTime(moved.start).iso).toBe('2015-07-09T15:00:00-07:00')
    expect(moved.candidate.place?.name).toBe('The other island')
  })

  it('google-calendar-kiev-tz.ics: an override listed before its master, UNTIL in UTC', () => {
    const window = { start: '2016-08-01', end: '2016-08-31' }
    const all = occurrences(extract(['node-ical', 'google-calendar-kiev-tz.ics'], window), window).sort(byStart)
    expect(all.map((o) => [resolveWallTime(o.start).iso, o.title])).toEqual([
      ['2016-08-25T14:00:00+03:00', 'repeated'],
      ['2016-08-26T14:00:00+03:00', 'bla bla'],
      ['2016-08-27T14:00:00+03:00', 'repeated'],
      ['2016-08-28T14:00:00+03:00', 'repeated'],
    ])
  })

  it('meetup-timed-tz.ics: GEO, LOCATION split, URL, zone', () => {
    const [c] = extract(['node-ical', 'meetup-timed-tz.ics']).candidates
    expect(resolveWallTime(c.start!).iso).toBe('2011-11-09T19:00:00-07:00')
    expect(c.place).toEqual({ name: 'Open Source Project Tempe', address: '1415 E University Dr. #103A, Tempe, AZ 85281', latitude: 33.56, longitude: -111.9 })
    expect(c.url).toBe('http://www.meetup.com/Phoenix-Drupal-User-Group/events/33627272/')
    expect(c.source.id).toBe('event_nsmxnyppbfc@meetup.com')
  })

  it('music-school-weekly-until.ics: a bare "(GMT +01:00)" TZID and a floating UNTIL', () => {
    const window = { start: '2022-10-01', end: '2022-12-31' }
    const all = occurrences(extract(['node-ical', 'music-school-weekly-until.ics'], window), window)
    expect(all.map((o) => resolveWallTime(o.start).iso)).toEqual(
      ['04', '11', '18', '25'].map((d) => `2022-10-${d}T14:00:00+01:00`).concat(['01', '08', '15', '22', '29'].map((d) => `2022-11-${d}T14:00:00+01:00`)),
    )
  })
})

describe('python-recurring-ical-events corpus (expected.json)', () => {
  const expected = JSON.parse(read('recurring-ical-events', 'expected.json'))

  it('machbar_16_feb_2019.ics: exactly one mB-onTour event on each listed local date, none else', () => {
    const window = { start: '2018-09-01', end: '2019-07-31' }
    const onTour = occurrences(extract(['recurring-ical-events', 'machbar_16_feb_2019.ics'], window), window).filter((o) => o.title?.startsWith('mB-onTour'))
    const localDates = onTour
      .map((o) => resolveWallTime(o.start).iso.slice(0, 10))
      .filter((d) => d >= window.start && d <= window.end)
      .sort()
    expect(localDates).toEqual(expected['machbar_16_feb_2019.ics']['mB-onTour_local_dates'])
  })

  it('rdate_hackerpublicradio.ics: twelve RDATE-only occurrences, 19:00Z-21:00Z', () => {
    const all = occurrences(extract(['recurring-ical-events', 'rdate_hackerpublicradio.ics']), { start: '2013-01-01', end: '2014-12-31' }).sort(byStart)
    expect(all.map((o) => utc(o.start).slice(0, 10))).toEqual(expected['rdate_hackerpublicradio.ics'].occurrence_dates)
    expect(all.every((o) => utc(o.start).endsWith('T19:00:00Z') && utc(o.end!).endsWith('T21:00:00Z'))).toBe(true)
  })

  it('fablab_cottbus.ics: mixed DATE and DATE-TIME values expand over 2018-03-04..2020-03-04 without error', () => {
    const window = { start: '2018-03-04', end: '2020-03-04' }
    const result = extract(['recurring-ical-events', 'fablab_cottbus.ics'], window)
    expect(result.warnings).toEqual([])
    const all = occurrences(result, window)
    expect(all.length).toBeGreaterThan(0)
    expect(all.every((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.start.date))).toBe(true)
  })

  it('discourse_no_dtend.ics: events without DTEND parse and expand, with no end invented', () => {
    const result = extract(['recurring-ical-events', 'discourse_no_dtend.ics'])
    expect(result.candidates.length).toBe(4)
    const noEnd = result.candidates.filter((c) => c.title === '2019-01-17 openLab')
    expect(noEnd.length).toBe(1)
    expect(noEnd[0].end).toBeUndefined()
    expect(noEnd[0].duration).toBeUndefined()
  })
})
