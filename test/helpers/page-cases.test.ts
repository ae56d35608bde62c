// Pins the own page cases and their checker (test/helpers/page-cases.ts): the checker keeps the shared
// corpus scorer's semantics and its added checks (count_max, no_start_date, status, geo) can fail; and
// test/fixtures/pages/cases.json is well formed: files exist, only known check keys, windows hold every
// expected day, and every expected offset is the one the organization's IANA zone has on that date
// (computed with Intl, independently of the code under test), so a wrong answer cannot hide in the fixtures.
import { describe, expect, it } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Event } from '../../src/model/event'
import { CHECK_KEYS, judgeCheck, loadPageCases, PAGES_DIR, wallTime } from './page-cases'

/** The zone a careful reader infers for the cases that give no tz (from address, phone, ccTLD or language). */
const INFERRED_ZONES: Record<string, string> = {
  'en-venue-cards-doors-midnight-zone-from-address': 'America/Los_Angeles',
  'en-detail-dl-og-title-zone-from-address': 'America/New_York',
  'en-jsonld-naive-start-address-only-zone': 'America/New_York',
  'de-library-day-headings-zone-from-cctld': 'Europe/Berlin',
  'de-broken-jsonld-leipzig-zone': 'Europe/Berlin',
  'de-at-course-detail-dl-zone-from-address': 'Europe/Vienna',
  'fr-ca-prose-detail-year-from-published-zone-from-address': 'America/Toronto',
  'es-canary-council-table-zone-from-address': 'Atlantic/Canary',
  'es-mx-detail-labels-zone-no-dst': 'America/Mexico_City',
  'es-co-cards-pm-spaced-zone-from-phone': 'America/Bogota',
  'nl-be-agenda-uur-zone-from-cctld': 'Europe/Brussels',
  'it-library-list-zone-from-language': 'Europe/Rome',
  'de-parish-week-plan': 'Europe/Berlin',
  'en-table-rowspan-days': 'America/Los_Angeles',
  'de-club-month-headings-weekday-days': 'Europe/Berlin',
  'it-pro-loco-month-headings-ore': 'Europe/Rome',
  'de-theatre-run-plural-weekdays': 'Europe/Berlin',
  'en-library-list-view-day-subtitles': 'America/Chicago',
  'pt-lisbon-agenda-zone-from-phone-dst': 'Europe/Lisbon',
  'pt-br-detail-labels-og-locale-zone': 'America/Sao_Paulo',
  'en-gb-gallery-exhibitions-reception-talk': 'Europe/London',
  'en-ie-elementor-grid-day-first-dot-clock': 'Europe/Dublin',
  'en-au-events-manager-table-day-first': 'Australia/Melbourne',
  'pt-gallery-exposicoes-inauguracao-conversa': 'Europe/Lisbon',
  'en-gb-playhouse-runs-two-performances-day-first': 'Europe/London',
  'en-gb-events-manager-items-day-first-span': 'Europe/London',
  'en-au-eventon-badges-start-end-type-tag': 'Australia/Melbourne',
  'en-gb-folk-club-pipe-fields-day-first': 'Europe/London',
  'en-ie-tec-list-day-first-spans': 'Europe/Dublin',
  'pt-br-expo-visitacao-abertura-bate-papo': 'America/Sao_Paulo',
  'de-typo3-antrittsvorlesung-termin-ort-zone-from-address': 'Europe/Berlin',
}

/** UTC offset (`+02:00`) of `zone` at the instant `ms`. */
function offsetAtInstant(zone: string, ms: number): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? ''
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '')
}

/** The offset `zone` has at the local wall time `YYYY-MM-DDTHH:MM` (none of the answers sit in a DST gap). */
function offsetAtWall(zone: string, wall: string): string {
  const naive = Date.parse(`${wall}:00Z`)
  const toMinutes = (o: string) => (o.startsWith('-') ? -1 : 1) * (Number(o.slice(1, 3)) * 60 + Number(o.slice(4, 6)))
  const first = offsetAtInstant(zone, naive)
  return offsetAtInstant(zone, naive - toMinutes(first) * 60_000)
}

const ev = (fields: Partial<Event>): Event => fields as Event

describe('checker semantics', () => {
  it('compares wall time and offset as written, seconds ignored, Z as +00:00', () => {
    expect(wallTime('2026-03-10T19:00:00-04:00')).toBe('2026-03-10T19:00-04:00')
    expect(wallTime('2026-03-10T19:00Z')).toBe('2026-03-10T19:00+00:00')
    expect(wallTime('2026-03-10T19:00:30.000+0100')).toBe('2026-03-10T19:00+01:00')
    expect(wallTime('2026-03-10T19:00:00')).toBeNull()
    expect(wallTime('2026-03-10')).toBeNull()
  })

  it('field checks pass only when one title-matching event has every field right, and name the closest', () => {
    const events = [ev({ title: 'Town  Board', startDate: '2026-03-18T18:00:00-05:00' }), ev({ title: 'Town Board', startDate: '2026-03-04T18:00:00-05:00' })]
    expect(judgeCheck(events, { title: 'Town Board', start: '2026-03-04T18:00:00-05:00' }).pass).toBe(true)
    const wrongOffset = judgeCheck(events, { title: 'Town Board', start: '2026-03-18T18:00:00-04:00' })
    expect(wrongOffset.pass).toBe(false)
    expect(wrongOffset.reason).toContain('start 2026-03-18T18:00:00-05:00 != 2026-03-18T18:00:00-04:00')
    expect(judgeCheck(events, { title_contains: 'Planning', start_date: '2026-03-04' }).reason).toContain('no event titled Planning')
    expect(judgeCheck(events, { title_any: true, start_date: '2026-03-04' }).pass).toBe(true)
  })

  it('count_max needs at least one event unless the answer is no events', () => {
    const three = [ev({ title: 'a' }), ev({ title: 'b' }), ev({ title: 'c' })]
    expect(judgeCheck([], { count_max: 0 }).pass).toBe(true)
    expect(judgeCheck(three, { count_max: 0 }).pass).toBe(false)
    expect(judgeCheck([], { count_max: 3 }).pass).toBe(false)
    expect(judgeCheck(three, { count_max: 3 }).pass).toBe(true)
    expect(judgeCheck(three, { count_max: 2 }).reason).toContain('3 events > 2')
    expect(judgeCheck(three, { count_min: 4 }).pass).toBe(false)
  })

  it('no_start_date and no_title_contains need events and none on that day or with that text', () => {
    const events = [ev({ title: 'Chess', startDate: '2026-11-28T10:00:00-06:00' }), ev({ title: 'Board approves budget', startDate: '2026-11-22' })]
    expect(judgeCheck([], { no_start_date: '2026-11-22' }).pass).toBe(false)
    expect(judgeCheck(events, { no_start_date: '2026-11-22' }).reason).toContain('"Board approves budget" 2026-11-22')
    expect(judgeCheck(events, { no_start_date: '2026-11-23' }).pass).toBe(true)
    expect(judgeCheck(events, { no_title_contains: ['approves'] }).pass).toBe(false)
    expect(judgeCheck([], { no_title_contains: ['approves'] }).pass).toBe(false)
  })

  it('status ignores the schema.org prefix; geo allows 0.0001; city is case-insensitive', () => {
    const cancelled = ev({ title: 'Book Club', eventStatus: 'https://schema.org/EventCancelled', city: 'Maple Falls', venue: { name: 'Hall', address: null, latitude: 44.9123, longitude: -72.8651 } })
    expect(judgeCheck([cancelled], { title: 'Book Club', status: 'EventCancelled' }).pass).toBe(true)
    expect(judgeCheck([ev({ title: 'Book Club' })], { title: 'Book Club', status: 'EventCancelled' }).reason).toContain('status (none) != EventCancelled')
    expect(judgeCheck([cancelled], { title: 'Book Club', geo: [44.91235, -72.86505] }).pass).toBe(true)
    expect(judgeCheck([cancelled], { title: 'Book Club', geo: [44.913, -72.8651] }).pass).toBe(false)
    expect(judgeCheck([cancelled], { title: 'Book Club', city: 'maple falls' }).pass).toBe(true)
    expect(judgeCheck([cancelled], { title: 'Book Club', venue_contains: 'hall', address_contains: 'HALL' }).pass).toBe(true)
  })

  it('online compares is_online; no_venue_contains fails on a venue holding the text', () => {
    const webinar = ev({ title: 'Webinar', is_online: true })
    expect(judgeCheck([webinar], { title: 'Webinar', online: true }).pass).toBe(true)
    expect(judgeCheck([ev({ title: 'Webinar' })], { title: 'Webinar', online: true }).reason).toContain('is_online (none) != true')
    expect(judgeCheck([webinar], { title: 'Webinar', no_venue_contains: 'zoom' }).pass).toBe(true)
    const zoomRoom = ev({ title: 'Webinar', venue: { name: 'Remote (Zoom)', address: null, latitude: null, longitude: null } })
    expect(judgeCheck([zoomRoom], { title: 'Webinar', no_venue_contains: 'zoom' }).pass).toBe(false)
  })
})

describe('own page cases (test/fixtures/pages/cases.json)', () => {
  const cases = loadPageCases()

  it('has unique ids, existing files, valid windows and only known check keys', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length)
    for (const c of cases) {
      expect(existsSync(join(PAGES_DIR, c.file))).toBe(true)
      expect(c.start <= c.end).toBe(true)
      expect(c.kind.length > 0 && c.why.length > 0 && c.checks.length > 0).toBe(true)
      for (const check of c.checks) expect(Object.keys(check).filter((k) => !CHECK_KEYS.has(k))).toEqual([])
    }
  })

  it('covers English, German, French and Spanish with several cases each, and Dutch, Italian and Portuguese', () => {
    const perLanguage = (prefix: string) => cases.filter((c) => c.id.startsWith(`${prefix}-`)).length
    for (const lang of ['de', 'fr', 'es']) expect(perLanguage(lang)).toBeGreaterThanOrEqual(5)
    for (const lang of ['nl', 'it', 'pt']) expect(perLanguage(lang)).toBeGreaterThanOrEqual(2)
    expect(cases.length).toBeGreaterThanOrEqual(35)
  })

  it('gives each case a zone: its tz, or (when the zone must be inferred) the zone the page implies', () => {
    for (const c of cases) {
      const zone = c.tz ?? INFERRED_ZONES[c.id]
      expect({ id: c.id, zone }).toEqual({ id: c.id, zone: expect.any(String) })
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow()
      if (c.tz) expect(INFERRED_ZONES[c.id]).toBeUndefined()
    }
  })

  it("writes every expected start and end with the offset of the case's zone on that date, inside the window", () => {
    for (const c of cases) {
      const zone = c.tz ?? INFERRED_ZONES[c.id]
      for (const check of c.checks) {
        for (const value of [check.start, check.end]) {
          if (!value) continue
          const written = wallTime(value)
          expect({ id: c.id, value, written: written !== null }).toEqual({ id: c.id, value, written: true })
          expect({ id: c.id, value, offset: written!.slice(16) }).toEqual({ id: c.id, value, offset: offsetAtWall(zone, written!.slice(0, 16)) })
        }
        for (const day of [check.start?.slice(0, 10), check.start_date, check.no_start_date]) {
          if (day) expect({ id: c.id, day, inside: c.start <= day && day <= c.end }).toEqual({ id: c.id, day, inside: true })
        }
      }
    }
  })

  it('includes answers just after DST changes in the US and the EU', () => {
    const starts = cases.flatMap((c) => c.checks.map((k) => k.start).filter((s): s is string => !!s))
    const after = (prefix: string, offset: string) => starts.some((s) => s.startsWith(prefix) && s.endsWith(offset))
    expect(after('2026-03-09', '-06:00') || after('2026-03-10', '-04:00')).toBe(true) // US spring 2026
    expect(after('2026-11-03', '-07:00') || after('2026-11-05', '-08:00')).toBe(true) // US autumn 2026
    expect(after('2026-03-30', '+02:00') || after('2026-03-31', '+02:00')).toBe(true) // EU spring 2026
    expect(after('2026-10-26', '+01:00') || after('2026-10-27', '+01:00')).toBe(true) // EU autumn 2026
  })
})
