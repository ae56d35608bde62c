/**
 * Platforms read through their pages' schema.org data (issue 14): Eventbrite organizer pages, Meetup group
 * event pages and EventON calendars (invented pages in each platform's markup). The registry sends the
 * crawler to these pages; the HTML reader reads them, including EventON's unpadded `2026-6-13T10:00-4:00`.
 */
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { runBytes } from '../../helpers/extract'
import { ROOT } from '../../helpers/process'
import { calendarEndpoints, detectPlatforms } from '../../../src/crawl/platforms/registry'

const DIR = join(ROOT, 'test', 'fixtures', 'platforms')
const summer = { start: '2026-06-01', end: '2026-08-31' }

async function read(file: string, baseUrl: string, timezone: string) {
  const text = await Bun.file(join(DIR, file)).text()
  return { text, ...runBytes(text, { baseUrl, timezone, window: summer }, 'text/html') }
}

describe('platform pages with schema.org data', () => {
  it('reads an Eventbrite organizer page, which the registry offers as the organizer’s calendar', async () => {
    const url = 'https://www.eventbrite.com/o/harbor-arts-council-31234567890'
    expect(calendarEndpoints('eventbrite', url, summer).map((e) => [e.kind, e.url])).toEqual([['html', url]])
    const { events } = await read('eventbrite-organizer.html', url, 'America/Los_Angeles')
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Printmaking Open Studio', '2026-06-06T13:00:00-07:00', '2026-06-06T16:00:00-07:00'],
      ['Artist Talk: Salt and Ink', '2026-06-25T18:30:00-07:00', '2026-06-25T19:30:00-07:00'],
    ])
  })

  it('reads a Meetup group’s events page', async () => {
    const { events } = await read('meetup-events.html', 'https://www.meetup.com/river-city-hikers/events/', 'America/New_York')
    expect(events.map((e) => [e.title, e.startDate])).toEqual([
      ['Ridge Trail Loop (6 miles)', '2026-06-07T08:00:00-04:00'],
      ['Waterfall Hike', '2026-06-21T07:30:00-04:00'],
    ])
  })

  it('recognises EventON from its assets and reads its events’ JSON-LD', async () => {
    const { events, text } = await read('eventon-page.html', 'https://lakesideyc.example/events/', 'America/Detroit')
    expect(detectPlatforms(text, 'https://lakesideyc.example/events/', summer).map((d) => d.platform)).toContain('eventon')
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([['Junior Sailing Open House', '2026-06-13T10:00:00-04:00', '2026-06-13T13:00:00-04:00']])
  })
})
