// Pins lenient JSON-LD on a real-shaped event page (DESIGN §9 "JSON-LD in the wild"): an `@graph` with a
// location given by `@id` reference, `@type` arrays, a broken block next to good ones (warned, skipped),
// CDATA and trailing `;`, raw control characters and unescaped quotes in a description, HTML entities in
// names, full-URL types; the page's visible time wins over a date-only `startDate`; the page's canonical
// URL and registration link attach to its own event; calendar links are collected for the crawler.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { byTitle, runFixture, schemaErrors } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://maplewoodlibrary.org/events/lego-build-club', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-07-31' } }

describe('JSON-LD event page', async () => {
  const { extracted, events, warnings } = await runFixture('jsonld-event-page.html', ctx)

  it('reads the good blocks and reports the broken one', () => {
    expect(extracted.format).toBe('html')
    expect(events.map((e) => e.title)).toEqual(['Lego® Build Club', 'Teen Art & Zine Night'])
    expect(warnings.some((w) => /JSON-LD block 2 .*could not be repaired/.test(w))).toBe(true)
    expect(warnings.some((w) => /JSON-LD block 3 needed repair/.test(w))).toBe(true)
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('keeps the time the page shows over the date-only startDate, and follows @id references', () => {
    const [lego] = byTitle(events, 'Lego® Build Club')
    expect(lego).toMatchObject({
      startDate: '2026-06-13T10:30:00-05:00',
      endDate: '2026-06-13T12:00:00-05:00',
      description: 'Build, share and show off! Bricks provided.\nFor kids ages 6–12.',
      url: 'https://maplewoodlibrary.org/events/lego-build-club',
      website: 'https://maplewoodlibrary.org/events/lego-build-club',
      ticket_url: 'https://maplewoodlibrary.libcal.com/event/123456',
      address: '45 Elm Avenue, Maplewood, MN 55109, US',
      city: 'Maplewood',
      venue: { name: 'Maplewood Public Library', address: '45 Elm Avenue, Maplewood, MN 55109, US', latitude: 45.0153, longitude: -93.0263 },
      organizer: { name: 'Maplewood Public Library', url: 'https://maplewoodlibrary.org/' },
      isAccessibleForFree: true,
      attendanceMode: 'OfflineEventAttendanceMode',
      is_online: false,
      image_url: 'https://maplewoodlibrary.org/images/lego-club.jpg',
      category: 'children',
      categories: ['children', 'kids', 'family'],
    })
  })

  it('repairs the CDATA block with raw newline, tab and unescaped quotes', () => {
    const [zine] = byTitle(events, 'Teen Art & Zine Night')
    expect(zine).toMatchObject({
      description: 'Make a zine with local artist "Ms. Rae" and friends.\nBring your ideas and your sketchbook!',
      startDate: '2026-06-18T18:30:00-05:00',
      endDate: '2026-06-18T20:00:00-05:00',
      venue: { name: 'Maplewood Public Library', address: '45 Elm Avenue, Maplewood, MN 55109', latitude: null, longitude: null },
      city: 'Maplewood',
      categories: ['teens', 'art', 'crafts', 'social'],
      ticket_url: 'https://maplewoodlibrary.org/events/teen-zine-night/register',
      isAccessibleForFree: true,
      cost: 'Free',
    })
    expect(zine.offers).toEqual([{ name: 'Admission', price: 0, priceCurrency: 'USD', availability: 'LimitedAvailability', url: 'https://maplewoodlibrary.org/events/teen-zine-night/register' }])
  })

  it('collects the calendar feeds and event pages a crawler wants', () => {
    expect(extracted.links?.calendars).toEqual(['https://maplewoodlibrary.org/events/?ical=1', 'https://maplewoodlibrary.org/events/lego-build-club.ics'])
    expect(extracted.links?.events).toEqual(['https://maplewoodlibrary.org/events/teen-zine-night'])
  })
})

describe('The Events Calendar list page JSON-LD', async () => {
  const listCtx: ExtractContext = { baseUrl: 'https://springfieldlibrary.org/events/', timezone: 'America/New_York', window: { start: '2026-06-01', end: '2026-06-30' } }
  const { events } = await runFixture('tec-list-jsonld.html', listCtx)

  it('reads its escaped HTML description and ignores its placeholder performer and empty fields', () => {
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      title: 'Toddler Time',
      description: 'Songs and stories for ages 1–3',
      startDate: '2026-06-03T10:30:00-04:00',
      organizer: { name: 'Kids Dept', url: null },
      offers: [{ name: 'Admission', price: 0, priceCurrency: 'USD', availability: 'InStock', url: 'https://springfieldlibrary.org/event/toddler-time/2026-06-03/' }],
      categories: ['storytime', 'kids', 'family'],
    })
    expect(events[0].performers).toBeUndefined()
    // The offer points at the event's own page: that is `url`, not a separate ticket page.
    expect(events[0].ticket_url).toBeUndefined()
    expect(events[0].venue?.name).toBe('Main Library')
  })
})
