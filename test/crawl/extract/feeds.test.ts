// Pins the platform feeds: Squarespace `?format=json` (epoch-ms dates shown in `website.timeZone`, the
// default map pin ignored, past items outside the window dropped), RSS 2.0 with the `ev:` event module,
// `xCal:` and dates in the content (news without an event date skipped), Localist (one record per
// instance, hybrid with a stream link online, next page) and Trumba JSON (offsets, custom fields).
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { byTitle, runBytes, runFixture, schemaErrors } from '../../helpers/extract'

describe('Squarespace events collection', async () => {
  const ctx: ExtractContext = { baseUrl: 'https://www.hillsidemuseum.org/events?format=json', window: { start: '2026-06-01', end: '2026-06-30' } }
  const { extracted, events, warnings } = await runFixture('squarespace-events.json', ctx)

  it('reads upcoming events in the site zone and drops past ones outside the window', () => {
    expect(extracted.format).toBe('squarespace-json')
    expect(warnings).toEqual([])
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Dinosaur Dig Day', '2026-06-14T10:00:00-06:00', '2026-06-14T13:00:00-06:00'],
      ['After Hours: Adults-Only Science Night', '2026-06-19T19:00:00-06:00', '2026-06-19T21:00:00-06:00'],
    ])
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('writes place, page, image and categories; adults-only events get the adults tag and no family tags (issue 18)', () => {
    expect(events[0]).toMatchObject({
      url: 'https://www.hillsidemuseum.org/events/2026/6/14/dinosaur-dig-day',
      website: 'https://www.hillsidemuseum.org/events/2026/6/14/dinosaur-dig-day',
      description: 'Dig for fossils in our outdoor sandpit and meet a real paleontologist.\nBest for ages 4–10. Included with museum admission.',
      address: '800 Canyon Blvd, Boulder, CO 80302, United States',
      city: 'Boulder',
      venue: { name: "Hillside Children's Museum", address: '800 Canyon Blvd, Boulder, CO 80302, United States', latitude: 40.0176, longitude: -105.2797 },
      image_url: 'https://images.squarespace-cdn.com/content/v1/5f1a/dino-dig.jpg',
      categories: ['family programs', 'dinosaurs', 'outdoors', 'kids', 'family'],
    })
    expect(events[1].venue).toBeUndefined()
    expect(events[1].categories).toEqual(['adults'])
  })
})

describe('RSS feed with event fields', async () => {
  const ctx: ExtractContext = { baseUrl: 'https://lincolnlibraries.org/events/feed/', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-06-30' } }
  const { extracted, events, warnings } = await runFixture('events-feed.rss', ctx)

  it('reads ev:, xCal: and prose dates, never pubDate, and skips news', () => {
    expect(extracted.format).toBe('rss')
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Teen Robotics Workshop', '2026-06-09T18:00:00-05:00', '2026-06-09T19:30:00-05:00'],
      ['Preschool Storytime & Craft', '2026-06-11T10:00:00-05:00', '2026-06-11T10:45:00-05:00'],
      ['Family Movie Night: "The Iron Giant"', '2026-06-20T18:30:00-05:00', '2026-06-20T20:15:00-05:00'],
    ])
    expect(warnings).toEqual(['feed: 1 item(s) name no event date and were skipped'])
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('takes location, organizer, categories and the registration link from the item', () => {
    const [robots] = byTitle(events, 'Teen Robotics Workshop')
    expect(robots).toMatchObject({
      url: 'https://lincolnlibraries.org/events/teen-robotics-workshop/',
      // 'Westside Branch Library, 12 Oak St, Lincoln, NE' splits where the street number begins.
      address: '12 Oak St, Lincoln, NE',
      venue: { name: 'Westside Branch Library', address: '12 Oak St, Lincoln, NE' },
      city: 'Lincoln',
      organizer: { name: 'Lincoln City Libraries Teen Services', url: null },
      categories: ['teens', 'stem', 'workshop'],
      ticket_url: 'https://lincolnlibraries.libcal.com/event/5521',
      description: 'Build and program a robot with LEGO® Spike kits. For teens in grades 7–12.\nRegister here – space is limited.',
    })
    const [storytime] = byTitle(events, 'Preschool Storytime & Craft')
    expect(storytime).toMatchObject({ description: 'Stories, songs & a simple craft for ages 3–5.', venue: { name: "Main Library Children's Room" }, categories: ['storytime', 'kids', 'family'] })
    expect(byTitle(events, 'Family Movie Night: "The Iron Giant"')[0].venue?.name).toBe('Bennett Martin Public Library')
  })

  it('reads Atom with Google gd:when and a cancelled status', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:gd="http://schemas.google.com/g/2005">
      <title>Parks</title>
      <entry><id>tag:parks,1</id><title type="text">Pond Dip for Kids</title><link rel="alternate" href="https://parks.example.gov/e/pond"/>
        <summary>Nets provided.</summary><gd:when startTime="2026-06-05T09:30:00-04:00" endTime="2026-06-05T11:00:00-04:00"/>
        <gd:where valueString="Heron Pond"/><gd:eventStatus value="http://schemas.google.com/g/2005#event.canceled"/></entry>
    </feed>`
    const { extracted, events } = runBytes(atom, { ...ctx, baseUrl: 'https://parks.example.gov/feed.atom' })
    expect(extracted.format).toBe('atom')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      title: 'Pond Dip for Kids',
      startDate: '2026-06-05T09:30:00-04:00',
      endDate: '2026-06-05T11:00:00-04:00',
      url: 'https://parks.example.gov/e/pond',
      eventStatus: 'EventCancelled',
      venue: { name: 'Heron Pond' },
    })
  })

  it('turns unreadable XML into a warning', () => {
    const { events, warnings } = runBytes('<?xml version="1.0"?><rss><channel><item><title>x</title></channel>', ctx)
    expect(events).toEqual([])
    expect(warnings.length).toBeGreaterThan(0)
  })
})

describe('Localist API page', async () => {
  const ctx: ExtractContext = { baseUrl: 'https://events.prairie.edu/api/2/events?start=2026-06-01&days=30', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-06-30' } }
  const { extracted, events, warnings } = await runFixture('localist-events.json', ctx)

  it('writes one record per instance, in start order, and offers the next page', () => {
    expect(extracted.format).toBe('localist-json')
    expect(warnings).toEqual([])
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Campus Garden Volunteer Day', '2026-06-06T09:00:00-05:00', '2026-06-06T11:00:00-05:00'],
      ['Campus Garden Volunteer Day', '2026-06-13T09:00:00-05:00', '2026-06-13T11:00:00-05:00'],
      ['Juneteenth Celebration & Storytelling', '2026-06-19', undefined],
      ['Campus Garden Volunteer Day', '2026-06-20T09:00:00-05:00', '2026-06-20T11:00:00-05:00'],
    ])
    expect(extracted.links?.next).toBe('https://events.prairie.edu/api/2/events?start=2026-06-01&days=30&page=2')
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('maps venue, audience, cost, free flag, attendance mode and the event page', () => {
    expect(events[0]).toMatchObject({
      url: 'https://events.prairie.edu/event/campus_garden_volunteer_day',
      more_info_website: 'https://gardens.prairie.edu/volunteer',
      address: '1200 College Ave, Springfield, IL 62701, US',
      city: 'Springfield',
      venue: { name: 'University Community Garden, Plot C', address: '1200 College Ave, Springfield, IL 62701, US', latitude: 39.799, longitude: -89.644 },
      cost: 'Free',
      isAccessibleForFree: true,
      open_to_public: true,
      attendanceMode: 'OfflineEventAttendanceMode',
      is_online: false,
      categories: ['volunteer', 'family friendly', 'gardening', 'family'],
    })
    expect(events[2]).toMatchObject({
      attendanceMode: 'MixedEventAttendanceMode',
      is_online: true,
      ticket_url: 'https://events.prairie.edu/event/juneteenth/register',
      categories: ['celebration', 'family'],
    })
  })
})

describe('Trumba JSON feed', () => {
  const ctx: ExtractContext = { baseUrl: 'https://www.trumba.com/calendars/cityofoakvale.json', orgDomain: 'oakvale.gov', window: { start: '2026-06-01', end: '2026-06-30' } }
  const feed = JSON.stringify([
    {
      eventID: 170001,
      title: 'Splash Pad Opening Day',
      description: '<p>Free family fun!</p>',
      location: 'Oakvale Central Park',
      startDateTime: '2026-06-06T10:00:00',
      endDateTime: '2026-06-06T14:00:00',
      startTimeZoneOffset: '-0700',
      endTimeZoneOffset: '-0700',
      allDay: false,
      permaLinkUrl: 'https://www.oakvale.gov/calendar?trumbaEmbed=eventid%3D170001',
      eventImage: { url: 'https://www.trumba.com/i/splash.jpg', size: { width: 800, height: 600 } },
      customFields: [
        { fieldID: 1, label: 'Cost', value: 'Free', type: 0 },
        { fieldID: 2, label: 'Event Type', value: 'Recreation, Kids', type: 0 },
      ],
      canceled: false,
    },
    { eventID: 170002, title: 'Council Meeting', startDateTime: '2026-06-09T00:00:00', allDay: true, canceled: true, permaLinkUrl: 'https://www.oakvale.gov/calendar?trumbaEmbed=eventid%3D170002' },
  ])

  it('reads offsets, all-day events, custom fields and cancellations', () => {
    const { extracted, events } = runBytes(feed, ctx)
    expect(extracted.format).toBe('trumba-json')
    expect(events.map((e) => [e.title, e.startDate, e.endDate, e.eventStatus])).toEqual([
      ['Splash Pad Opening Day', '2026-06-06T10:00:00-07:00', '2026-06-06T14:00:00-07:00', undefined],
      ['Council Meeting', '2026-06-09', undefined, 'EventCancelled'],
    ])
    expect(events[0]).toMatchObject({
      cost: 'Free',
      isAccessibleForFree: true,
      categories: ['recreation', 'kids', 'family'],
      venue: { name: 'Oakvale Central Park' },
      image_url: 'https://www.trumba.com/i/splash.jpg',
      _external: false,
      website: 'https://www.oakvale.gov/calendar?trumbaEmbed=eventid%3D170001',
    })
  })
})
