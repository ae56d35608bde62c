/**
 * The JSON readers of the named platforms (issue 14), on fixture documents shaped as each platform's
 * public API answers (invented data): Google Calendar API v3, Eventbrite API v3, Tockify, LibCal,
 * BiblioCommons, Communico, Legistar Web API, CivicClerk, eSCRIBE, Diligent, OpenCities, PrimeGov, WordPress
 * REST with event meta, Indico, and the generic reader's other shapes (FullCalendar feeds, ASP.NET dates,
 * Drupal JSON:API, nested ticketing dates). Pins titles, wall times with the right offset (per-event zones
 * over the organization's), places, links, statuses, skipped placeholders and drafts, and next pages.
 */
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runBytes } from '../../helpers/extract'
import { ROOT } from '../../helpers/process'
import type { Event } from '../../../src/model/event'

const DIR = join(ROOT, 'test', 'fixtures', 'platforms')
const summer = { start: '2026-06-01', end: '2026-08-31' }

async function read(file: string, baseUrl: string, timezone: string) {
  const bytes = await Bun.file(join(DIR, file)).bytes()
  return runBytes(bytes, { baseUrl, timezone, window: summer }, file.endsWith('.json') ? 'application/json' : 'application/javascript')
}

/** The fields a check looks at, for readable failures. */
function brief(e: Event) {
  const out: Record<string, unknown> = { title: e.title, start: e.startDate }
  if (e.endDate) out.end = e.endDate
  return out
}

function find(events: Event[], title: string): Event {
  const e = events.find((x) => x.title === title)
  if (!e) throw new Error(`no "${title}" among ${JSON.stringify(events.map((x) => x.title))}`)
  return e
}

describe('Google Calendar API v3', () => {
  it('reads timed, all-day (exclusive end) and cancelled events, in the calendar’s zone, and the next page', async () => {
    const { events, extracted } = await read(
      'google-calendar-api.json',
      'https://www.googleapis.com/calendar/v3/calendars/c_abc123%40group.calendar.google.com/events?key=AIzaTest&singleEvents=true',
      'America/Chicago',
    )
    expect(events.map(brief)).toEqual([
      { title: 'Library Board Meeting', start: '2026-06-10T18:30:00-05:00', end: '2026-06-10T20:00:00-05:00' },
      { title: 'Summer Reading Kickoff', start: '2026-06-13' },
      { title: 'Teen Game Night', start: '2026-06-17T18:00:00-05:00', end: '2026-06-17T20:00:00-05:00' },
      { title: 'Author Talk: Prairie Stories', start: '2026-07-01T10:00:00-05:00', end: '2026-07-01T11:30:00-05:00' },
    ])
    expect(find(events, 'Teen Game Night').eventStatus).toBe('EventCancelled')
    expect(find(events, 'Library Board Meeting')).toMatchObject({ venue: { name: 'Main Library' }, address: '100 Main St, Springfield, IL 62701, USA', city: 'Springfield' })
    expect(find(events, 'Library Board Meeting').categories).toBeUndefined()
    expect(extracted.links?.next).toContain('pageToken=CigKGjRxbTBvdjd0bmFrN2dmOTI2ZjlvcjRtZWVq')
  })
})

describe('Eventbrite API v3', () => {
  it('gives each event its own zone, skips drafts, marks cancellations and reads the expanded venue', async () => {
    const { events, extracted } = await read('eventbrite-api.json', 'https://www.eventbriteapi.com/v3/organizations/998877665544/events/?status=live&expand=venue', 'Australia/Sydney')
    expect(events.map(brief)).toEqual([
      { title: 'Coastal Birding Walk', start: '2026-06-06T08:00:00+08:00', end: '2026-06-06T10:30:00+08:00' },
      { title: 'Introduction to Research Data Management', start: '2026-06-16T13:30:00+10:00', end: '2026-06-16T15:00:00+10:00' },
      { title: 'Winter Stargazing Night', start: '2026-07-18T19:00:00+10:00', end: '2026-07-18T21:00:00+10:00' },
    ])
    expect(find(events, 'Coastal Birding Walk')).toMatchObject({ venue: { name: 'Estuary Visitor Centre' }, city: 'Mandurah' })
    expect(find(events, 'Introduction to Research Data Management').is_online).toBe(true)
    expect(find(events, 'Winter Stargazing Night').eventStatus).toBe('EventCancelled')
    expect(extracted.links?.next).toContain('continuation=eyJwYWdlIjogMn0')
  })
})

describe('Tockify', () => {
  it('reads epoch milliseconds in the event’s zone, all-day events on their local day, and builds the event link', async () => {
    const { events } = await read('tockify-ngevent.json', 'https://tockify.com/api/ngevent?calname=granghall&max=200&startms=1780272000000', 'America/Denver')
    expect(events.map(brief)).toEqual([
      { title: 'Open Mic Night', start: '2026-06-12T15:00:00-06:00', end: '2026-06-12T17:00:00-06:00' },
      { title: 'Community Garden Work Day', start: '2026-06-29', end: '2026-06-30' },
    ])
    expect(find(events, 'Open Mic Night')).toMatchObject({ url: 'https://tockify.com/granghall/detail/1718312400001/1718312400000', address: '410 Pine St, Boulder, CO 80302' })
  })
})

describe('LibCal list JSON', () => {
  it('reads local wall times and all-day rows, and asks for the next page while results remain', async () => {
    const { events, extracted } = await read(
      'libcal-list-page1.json',
      'https://riverside.libcal.com/ajax/calendar/list?c=4321&date=2026-06-01&perpage=2&page=1&audience=&cats=&camps=&inc=0',
      'America/New_York',
    )
    expect(events.map(brief)).toEqual([
      { title: 'Toddler Storytime', start: '2026-06-09T10:30:00-04:00', end: '2026-06-09T11:00:00-04:00' },
      { title: 'Tech Help Drop-In', start: '2026-06-10' },
    ])
    expect(find(events, 'Toddler Storytime')).toMatchObject({ url: 'https://riverside.libcal.com/event/11223344', venue: { name: "Children's Room" } })
    expect(extracted.links?.next).toBe('https://riverside.libcal.com/ajax/calendar/list?c=4321&date=2026-06-01&perpage=2&page=2&audience=&cats=&camps=&inc=0')
  })
})

describe('BiblioCommons, Communico', () => {
  it('reads BiblioCommons’ entity map with branch names, cancellations and the next page', async () => {
    const { events, extracted } = await read(
      'bibliocommons-events.json',
      'https://gateway.bibliocommons.com/v2/libraries/maplegrove/events?startDate=2026-06-01&endDate=2026-08-31&limit=2&page=1',
      'America/Chicago',
    )
    expect(events.map(brief)).toEqual([
      { title: 'Seed Library Workshop', start: '2026-06-15T14:00:00-05:00', end: '2026-06-15T15:30:00-05:00' },
      { title: 'Saturday Family Storytime', start: '2026-06-20T10:00:00-05:00', end: '2026-06-20T11:00:00-05:00' },
    ])
    expect(find(events, 'Seed Library Workshop')).toMatchObject({ venue: { name: 'Westbrook Branch' }, url: 'https://maplegrove.bibliocommons.com/events/6650f1a2b3c4d5e6f7a8b9c0' })
    expect(find(events, 'Saturday Family Storytime').eventStatus).toBe('EventCancelled')
    expect(extracted.links?.next).toContain('page=2')
  })

  it('reads Communico’s calendar data with its event links', async () => {
    const { events } = await read('communico-eeventcaldata.json', 'https://oakpark.libnet.info/eeventcaldata?event_type=0&req=%7B%7D', 'America/Chicago')
    expect(events.map(brief)).toEqual([
      { title: 'Lego Builders Club', start: '2026-06-11T16:00:00-05:00', end: '2026-06-11T17:00:00-05:00' },
      { title: 'Book Sale Preview', start: '2026-06-12T09:00:00-05:00', end: '2026-06-12T12:00:00-05:00' },
    ])
    expect(find(events, 'Lego Builders Club')).toMatchObject({ url: 'https://oakpark.libnet.info/event/9123456', venue: { name: 'Oak Park Branch' } })
    expect(find(events, 'Book Sale Preview').eventStatus).toBe('EventCancelled')
  })
})

describe('meeting platforms', () => {
  it('joins Legistar’s EventTime to its midnight EventDate, and keeps a meeting without a time date-only', async () => {
    const { events } = await read('legistar-webapi-events.json', 'https://webapi.legistar.com/v1/lakeview/events', 'America/Chicago')
    expect(events.map(brief)).toEqual([
      { title: 'City Council', start: '2026-06-08T18:00:00-05:00' },
      { title: 'Planning Commission', start: '2026-06-17' },
    ])
    expect(find(events, 'City Council')).toMatchObject({ url: 'https://lakeview.legistar.com/MeetingDetail.aspx?LEGID=4567&GID=312&G=ABCDEF01-2345-6789-ABCD-EF0123456789' })
  })

  it('reads CivicClerk’s false Z as local time, skips unpublished events and follows the OData next link', async () => {
    const { events, extracted } = await read('civicclerk-events.json', 'https://lakeview.api.civicclerk.com/v1/Events', 'America/Detroit')
    expect(events.map(brief)).toEqual([{ title: 'Parks and Recreation Advisory Board', start: '2026-06-04T17:30:00-04:00' }])
    expect(events[0].address).toContain('500 Lakeshore Dr')
    expect(extracted.links?.next).toBe('https://lakeview.api.civicclerk.com/v1/Events?$skip=2')
  })

  it('reads eSCRIBE’s room and street from the description', async () => {
    const { events } = await read('escribe-meetings.json', 'https://pub-lakeview.escribemeetings.com/MeetingsCalendarView.aspx/GetCalendarMeetings', 'America/Toronto')
    expect(events.map(brief)).toEqual([
      { title: 'Heritage Committee', start: '2026-06-18T16:00:00-04:00', end: '2026-06-18T17:30:00-04:00' },
      { title: 'Council', start: '2026-06-23T19:00:00-04:00', end: '2026-06-23T22:00:00-04:00' },
    ])
    expect(find(events, 'Heritage Committee')).toMatchObject({ venue: { name: 'Committee Room 2' }, address: '71 Main Street West, Lakeview, ON' })
  })

  it('reads Diligent’s local times, keeps a placeholder midnight date-only and skips unpublished meetings', async () => {
    const { events } = await read(
      'diligent-meetings.json',
      'https://lakeviewisd.community.highbond.com/Services/MeetingsService.svc/meetings?from=2026-06-01&to=2026-08-31&loadall=false',
      'America/Chicago',
    )
    expect(events.map(brief)).toEqual([
      { title: 'Regular Board Meeting - Jun 11 2026', start: '2026-06-11T18:00:00-05:00' },
      { title: 'Finance Committee - Jun 16 2026', start: '2026-06-16' },
    ])
    expect(find(events, 'Regular Board Meeting - Jun 11 2026')).toMatchObject({
      venue: { name: 'Board Room, Administration Building' },
      url: 'https://lakeviewisd.community.highbond.com/Portal/MeetingInformation.aspx?Org=Cal&Id=1401',
    })
  })

  it('reads OpenCities’ month-first DateTime beside its day-first Date, without the "No Meetings" rows', async () => {
    const { events } = await read('opencities-items.json', 'https://www.lakeview.example.gov/ocapi/calendars/getcalendaritems?Ids=0f3c1a2b-1111-4a4a-9b9b-0123456789ab', 'America/New_York')
    expect(events.map(brief)).toEqual([
      { title: 'City Commission Meeting', start: '2026-06-08T09:30:00-04:00' },
      { title: 'Zoning Board of Appeals', start: '2026-07-01T18:00:00-04:00' },
    ])
  })

  it('reads PrimeGov’s upcoming meetings', async () => {
    const { events } = await read('primegov-upcoming.json', 'https://lakeview.primegov.com/api/v2/PublicPortal/ListUpcomingMeetings', 'America/Los_Angeles')
    expect(events.map(brief)).toEqual([
      { title: 'City Council Regular Meeting', start: '2026-06-02T18:00:00-07:00' },
      { title: 'Library Board', start: '2026-06-09T16:30:00-07:00' },
    ])
  })
})

describe('WordPress REST, Indico and other JSON shapes', () => {
  it('reads event meta of WordPress REST posts, never the post’s publication date', async () => {
    const { events } = await read('wordpress-rest-events.json', 'https://www.riverarts.example/wp-json/wp/v2/event?per_page=50', 'America/New_York')
    expect(events.map(brief)).toEqual([{ title: 'Plein Air Painting – River Walk', start: '2026-06-20T09:00:00-04:00', end: '2026-06-20T12:00:00-04:00' }])
    expect(events[0].url).toBe('https://www.riverarts.example/events/plein-air-painting/')
  })

  it('reads Indico’s {date, time, tz} objects', async () => {
    const { events } = await read('indico-export.json', 'https://indico.example.org/export/categ/72.json?from=2026-06-01&to=2026-08-31', 'Europe/Zurich')
    expect(events.map(brief)).toEqual([
      { title: 'Detector Physics Seminar', start: '2026-06-10T14:00:00+02:00', end: '2026-06-10T15:00:00+02:00' },
      { title: 'Summer School on Data Analysis', start: '2026-07-06T09:00:00+02:00', end: '2026-07-10T17:30:00+02:00' },
    ])
  })

  it('reads FullCalendar feeds: local ISO times, all-day days and epoch seconds', async () => {
    const { events } = await read('fullcalendar-feed.json', 'https://www.lakeview.example/calendar/feed.php?start=2026-06-01&end=2026-08-31', 'America/New_York')
    expect(events.map(brief)).toEqual([
      { title: 'Quilting Circle', start: '2026-06-03T13:00:00-04:00', end: '2026-06-03T15:00:00-04:00' },
      { title: 'Sunset Kayak Tour', start: '2026-06-19T19:00:00-04:00', end: '2026-06-19T21:00:00-04:00' },
      { title: 'Independence Day - Closed', start: '2026-07-04' },
    ])
    expect(find(events, 'Quilting Circle').url).toBe('https://www.lakeview.example/calendar/event/71')
  })

  it('reads ASP.NET /Date(ms)/ values and M/D/YYYY h:mm:ss AM in {d: {Items: […]}}', async () => {
    const { events } = await read('aspnet-dates.json', 'https://www.lakeview.example/services/calendar.asmx/GetEvents', 'America/New_York')
    expect(events.map(brief)).toEqual([
      { title: 'Zoning Hearing', start: '2026-06-21T20:00:00-04:00', end: '2026-06-21T22:00:00-04:00' },
      { title: 'Recycling Drop-off Day', start: '2026-06-27T08:00:00-04:00', end: '2026-06-27T11:00:00-04:00' },
    ])
  })

  it('reads JSON:API attributes with a Drupal date range, and nested local dates of ticketing APIs', async () => {
    const drupal = await read('drupal-jsonapi.json', 'https://parks.example.gov/jsonapi/node/event', 'America/New_York')
    expect(drupal.events.map(brief)).toEqual([{ title: 'Night Sky Program', start: '2026-06-19T21:00:00-04:00', end: '2026-06-19T23:00:00-04:00' }])
    expect(drupal.extracted.links?.next).toContain('page%5Boffset%5D=50')
    const tickets = await read('ticketing-api.json', 'https://api.tickets.example.com/discovery/v2/events.json?venueId=KovZ917', 'America/Chicago')
    expect(tickets.events.map(brief)).toEqual([{ title: 'Riverfront Jazz Series', start: '2026-07-10T19:30:00-04:00' }])
  })
})
