/**
 * Event feeds of the named platforms and formats (issue 14): CivicPlus' calendar RSS (`calendarEvent:`
 * dates, times and place), Atom with Google's `gd:when` or a labelled date in the content, the RSS event
 * module (`ev:startdate`), feeds that date their items by the event (pubDate ranges; pubDates after the
 * feed was built) against news feeds whose pubDate is only the post's, and JSONP wrappers holding records
 * or HTML with microdata.
 */
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runBytes } from '../../helpers/extract'
import { ROOT } from '../../helpers/process'
import type { Event } from '../../../src/model/event'

const DIR = join(ROOT, 'test', 'fixtures', 'platforms')
const summer = { start: '2026-06-01', end: '2026-08-31' }

async function read(file: string, baseUrl: string, timezone: string, contentType?: string) {
  const bytes = await Bun.file(join(DIR, file)).bytes()
  return runBytes(bytes, { baseUrl, timezone, window: summer }, contentType)
}

const brief = (e: Event) => ({ title: e.title, start: e.startDate, ...(e.endDate ? { end: e.endDate } : {}) })

describe('RSS and Atom', () => {
  it('reads CivicPlus’ calendarEvent dates, times and place, not the pubDate', async () => {
    const { events, extracted } = await read('civicplus-calendar.rss', 'https://www.lakeviewmi.example/RSSFeed.aspx?ModID=58&CID=All-calendar.xml', 'America/Detroit', 'text/html; charset=utf-8')
    expect(extracted.format).toBe('rss')
    expect(events.map(brief)).toEqual([
      { title: 'City Council Regular Meeting', start: '2026-06-08T18:00:00-04:00', end: '2026-06-08T20:00:00-04:00' },
      { title: 'Summer Festival', start: '2026-07-17', end: '2026-07-19' },
    ])
    expect(events[0]).toMatchObject({ venue: { name: 'City Hall Council Chambers' }, url: 'https://www.lakeviewmi.example/Calendar.aspx?EID=2101' })
    expect(events[0].address).toContain('100 E Main St')
  })

  it('reads Atom entries dated by gd:when or a labelled date, and skips entries that name no event date', async () => {
    const { events, extracted } = await read('atom-events.xml', 'https://riverside-nature.example/events.atom', 'America/Chicago')
    expect(extracted.format).toBe('atom')
    expect(events.map(brief)).toEqual([
      { title: 'Bat Walk at Dusk', start: '2026-06-19T20:30:00-05:00', end: '2026-06-19T22:00:00-05:00' },
      { title: 'Pollinator Garden Tour', start: '2026-06-27T10:00:00-05:00' },
    ])
    expect(events[0].url).toBe('https://riverside-nature.example/events/bat-walk')
  })

  it('reads the RSS event module', async () => {
    const { events } = await read('rss-event-module.rss', 'https://harborarts.example/feed/events', 'America/Los_Angeles')
    expect(events.map(brief)).toEqual([{ title: 'Printmaking Open Studio', start: '2026-06-06T13:00:00-07:00', end: '2026-06-06T16:00:00-07:00' }])
    expect(events[0]).toMatchObject({ organizer: { name: 'Harbor Arts Council' } })
  })

  it('takes pubDate as the event’s date only in a feed whose pubDates lie after it was built', async () => {
    const dated = await read('rss-dated-by-event.rss', 'https://westfieldlibrary.example/events/feed', 'America/New_York')
    expect(dated.events.map(brief)).toEqual([
      { title: 'Chess Club', start: '2026-06-03T16:00:00-04:00' },
      { title: 'Maker Monday', start: '2026-06-08T15:30:00-04:00' },
      { title: 'Genealogy Help', start: '2026-06-11T10:00:00-04:00' },
    ])
    const news = await read('rss-news.rss', 'https://westfieldlibrary.example/news/feed', 'America/New_York')
    expect(news.events).toEqual([])
  })
})

describe('platform RSS elements', () => {
  it('reads Trumba’s local start and end with their tzOffset', async () => {
    const { events } = await read('trumba-calendar.rss', 'https://www.trumba.com/calendars/lakeview-parks.rss', 'America/New_York')
    expect(events.map(brief)).toEqual([{ title: 'Twilight Trail Run', start: '2026-06-04T18:00:00-04:00', end: '2026-06-04T20:00:00-04:00' }])
  })

  it('joins LibCal’s clock times to its date element', async () => {
    const { events } = await read('libcal-calendar.rss', 'https://riverside.libcal.com/rss.php?cid=4321', 'America/New_York')
    expect(events.map(brief)).toEqual([{ title: 'Toddler Storytime', start: '2026-06-09T10:30:00-04:00', end: '2026-06-09T11:00:00-04:00' }])
  })

  it('without a build date, takes pubDates as event dates only in a feed listed soonest first and ahead of the window’s start', async () => {
    const events = await read('rss-ascending-no-build-date.rss', 'https://harbormuseum.example/events/feed', 'America/Los_Angeles')
    expect(events.events.map(brief)).toEqual([
      { title: 'Ship Model Workshop', start: '2026-06-06T10:00:00-07:00' },
      { title: 'Lighthouse Lecture', start: '2026-06-11T19:00:00-07:00' },
    ])
    const news = await read('rss-news-no-build-date.rss', 'https://harbormuseum.example/news/feed', 'America/Los_Angeles')
    expect(news.events).toEqual([])
  })
})

describe('JSONP', () => {
  it('unwraps a callback and reads the records inside (date and clock-time fields, nested venue, relative links)', async () => {
    const { events, extracted } = await read(
      'jsonp-records.js',
      'https://www.dayton.example/calendar/feed.jsonp?callback=jQuery3710123456789_1717171717171',
      'America/New_York',
      'application/javascript',
    )
    expect(extracted.format).toBe('json-events')
    expect(events.map(brief)).toEqual([
      { title: 'Farmers Market', start: '2026-06-06T08:00:00-04:00', end: '2026-06-06T12:30:00-04:00' },
      { title: 'Concert on the Green', start: '2026-06-13T19:00:00-04:00' },
    ])
    expect(events[0]).toMatchObject({ url: 'https://www.dayton.example/events/farmers-market-2026-06-06', venue: { name: 'Courthouse Square' }, city: 'Dayton' })
  })

  it('hands HTML inside JSONP to the HTML reader (Active Data Calendar)', async () => {
    const { events } = await read('activedata-list.jsonp', 'https://calendar.lakeview.example/handlers/query.ashx?get=eventlist&page=0&pageSize=-1&total=-1&view=list.xslt', 'America/New_York')
    expect(events.map(brief)).toEqual([
      { title: 'Arbor Day Planting', start: '2026-06-13T10:00:00-04:00', end: '2026-06-13T12:00:00-04:00' },
      { title: 'City Council Work Session', start: '2026-06-15T18:00:00-04:00' },
    ])
    expect(events[0].url).toBe('https://calendar.lakeview.example/event/arbor-day-planting/')
  })
})
