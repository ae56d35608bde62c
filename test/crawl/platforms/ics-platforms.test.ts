/**
 * The iCalendar exports the registry sends the crawler to (issue 14), one per platform, each with its
 * exporter's habits (invented data): Google's basic.ics (VTIMEZONE, monthly RRULE, all-day), Events
 * Manager, Event Organiser (weekly rule with EXDATE in a custom VTIMEZONE), Modern Events Calendar and
 * Tockify and Drupal (UTC instants shown in the zone), All-in-One Event Calendar, Meetup, CivicPlus
 * (Windows zone name), Planning Center, JEvents (floating times in X-WR-TIMEZONE), Finalsite and LibCal.
 */
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runBytes } from '../../helpers/extract'
import { ROOT } from '../../helpers/process'

const DIR = join(ROOT, 'test', 'fixtures', 'platforms')
const summer = { start: '2026-06-01', end: '2026-08-31' }

type Case = { file: string; url: string; tz: string; events: { title: string; start: string; end?: string }[] }

const CASES: Case[] = [
  {
    file: 'google-basic.ics',
    url: 'https://calendar.google.com/calendar/ical/garden%40group.calendar.google.com/public/basic.ics',
    tz: 'America/Chicago',
    events: [
      { title: 'Garden Club Meeting', start: '2026-06-02T19:00:00-05:00', end: '2026-06-02T20:30:00-05:00' },
      { title: 'Plant Sale', start: '2026-06-20' },
      { title: 'Garden Club Meeting', start: '2026-07-07T19:00:00-05:00', end: '2026-07-07T20:30:00-05:00' },
      { title: 'Garden Club Meeting', start: '2026-08-04T19:00:00-05:00', end: '2026-08-04T20:30:00-05:00' },
    ],
  },
  {
    file: 'events-manager.ics',
    url: 'https://www.riverarts.example/events.ics',
    tz: 'America/New_York',
    events: [{ title: 'Gallery Opening: Tidewater', start: '2026-06-11T18:00:00-04:00', end: '2026-06-11T20:00:00-04:00' }],
  },
  {
    file: 'event-organiser.ics',
    url: 'https://riversidechorale.example/?feed=eo-events',
    tz: 'Europe/London',
    events: [
      { title: 'Chorale Rehearsal', start: '2026-06-03T19:30:00+01:00', end: '2026-06-03T21:30:00+01:00' },
      { title: 'Chorale Rehearsal', start: '2026-06-17T19:30:00+01:00', end: '2026-06-17T21:30:00+01:00' },
      { title: 'Chorale Rehearsal', start: '2026-06-24T19:30:00+01:00', end: '2026-06-24T21:30:00+01:00' },
    ],
  },
  {
    file: 'modern-events-calendar.ics',
    url: 'https://hilltop.example/?mec-ical-feed=1',
    tz: 'Europe/Amsterdam',
    events: [{ title: 'Repair Café', start: '2026-06-18T19:00:00+02:00', end: '2026-06-18T21:00:00+02:00' }],
  },
  {
    file: 'all-in-one-event-calendar.ics',
    url: 'https://northside.example/?plugin=all-in-one-event-calendar&controller=ai1ec_exporter_controller&action=export_events',
    tz: 'America/Denver',
    events: [{ title: 'Neighborhood Association Meeting', start: '2026-06-09T18:30:00-06:00', end: '2026-06-09T20:00:00-06:00' }],
  },
  {
    file: 'meetup-group.ics',
    url: 'https://www.meetup.com/river-city-hikers/events/ical/',
    tz: 'America/New_York',
    events: [{ title: 'Ridge Trail Loop (6 miles)', start: '2026-06-07T08:00:00-04:00', end: '2026-06-07T12:00:00-04:00' }],
  },
  {
    file: 'civicplus.ics',
    url: 'https://www.lakeviewmi.example/common/modules/iCalendar/iCalendar.aspx?catID=14&feed=calendar',
    tz: 'America/Detroit',
    events: [{ title: 'City Council Regular Meeting', start: '2026-06-08T18:00:00-04:00', end: '2026-06-08T20:00:00-04:00' }],
  },
  {
    file: 'tockify.ics',
    url: 'https://tockify.com/api/feeds/ics/granghall',
    tz: 'America/Denver',
    events: [{ title: 'Open Mic Night', start: '2026-06-12T15:00:00-06:00', end: '2026-06-12T17:00:00-06:00' }],
  },
  {
    file: 'planning-center.ics',
    url: 'https://calendar.planningcenteronline.com/icals/eJxj4ah-1234',
    tz: 'America/Chicago',
    events: [
      { title: 'Sunday Worship', start: '2026-06-14T10:00:00-05:00', end: '2026-06-14T11:30:00-05:00' },
      { title: 'Vacation Bible School', start: '2026-06-22', end: '2026-06-26' },
    ],
  },
  {
    file: 'joomla-jevents.ics',
    url: 'https://www.musikverein.example/index.php?option=com_jevents&task=icals.export&format=ical&catids=0&years=0&icf=1',
    tz: 'Europe/Berlin',
    events: [{ title: 'Sommerkonzert im Park', start: '2026-07-05T17:00:00+02:00', end: '2026-07-05T19:00:00+02:00' }],
  },
  {
    file: 'drupal-views.ics',
    url: 'https://parks.example.gov/events.ics',
    tz: 'America/New_York',
    events: [{ title: 'Night Sky Program', start: '2026-06-19T21:00:00-04:00', end: '2026-06-19T23:00:00-04:00' }],
  },
  {
    file: 'finalsite.ics',
    url: 'https://www.hillcrestacademy.example/fs/calendar-manager/events.ics?calendar_ids[]=12',
    tz: 'America/Los_Angeles',
    events: [{ title: 'Fall Sports Orientation', start: '2026-08-15T10:00:00-07:00', end: '2026-08-15T12:00:00-07:00' }],
  },
  {
    file: 'libcal.ics',
    url: 'https://riverside.libcal.com/ical_subscribe.php?src=p&cid=4321',
    tz: 'America/New_York',
    events: [{ title: 'Toddler Storytime', start: '2026-06-09T10:30:00-04:00', end: '2026-06-09T11:00:00-04:00' }],
  },
]

describe('platform iCalendar exports', () => {
  for (const c of CASES) {
    it(`${c.file}: every event at its wall time in the right zone`, async () => {
      const bytes = await Bun.file(join(DIR, c.file)).bytes()
      const { events, extracted } = runBytes(bytes, { baseUrl: c.url, timezone: c.tz, window: summer }, 'text/calendar')
      expect(extracted.format).toBe('ics')
      const got = events.map((e) => ({ title: e.title, start: e.startDate, ...(e.endDate ? { end: e.endDate } : {}) }))
      expect(got).toEqual(c.events)
    })
  }
})
