// Pins "add to calendar" links as a page's last resort (src/crawl/extract/html/calendar-links.ts): an event
// page whose visible text gives no readable date ("This Saturday!") still names its event in a Google
// Calendar, Outlook or Yahoo template link; a page whose text gives events never reads its links so.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2026-12-01', end: '2026-12-31' }
const read = (body: string, timezone = 'America/New_York') =>
  pageEvents(body, { lang: 'en-US', timezone, window, baseUrl: 'https://www.riversidehistory.example/events/open-house/' }).map((e) => [e.title, e.startDate, e.endDate, e.venue?.name])

const google = (dates: string, ctz = '') =>
  `<a href="https://calendar.google.com/calendar/render?action=TEMPLATE&amp;text=Holiday+Open+House&amp;dates=${dates}&amp;location=Riverside+House+Museum${ctz}">+ Google Calendar</a>`

describe('add to calendar links', () => {
  it('give the event of a page whose text names no date (Google, UTC or local with its zone)', () => {
    const page = (link: string) => `<h1>Holiday Open House</h1><p>Join us this Saturday for cider and carols!</p><p>${link}</p>`
    expect(read(page(google('20261212T180000Z/20261212T210000Z')))).toEqual([['Holiday Open House', '2026-12-12T13:00:00-05:00', '2026-12-12T16:00:00-05:00', 'Riverside House Museum']])
    expect(read(page(google('20261212T130000/20261212T160000', '&amp;ctz=America/Chicago')))).toEqual([
      ['Holiday Open House', '2026-12-12T13:00:00-06:00', '2026-12-12T16:00:00-06:00', 'Riverside House Museum'],
    ])
  })

  it('read Outlook links, and all-day links whose end is the next day, exclusive', () => {
    const outlook =
      '<a href="https://outlook.live.com/calendar/0/deeplink/compose?subject=Wreath%20Workshop&amp;startdt=2026-12-05T10:00:00&amp;enddt=2026-12-05T12:00:00&amp;location=Barn">Outlook</a>'
    expect(read(`<h1>Wreath Workshop</h1><p>Bring gloves.</p><p>${outlook}</p>`)).toEqual([['Wreath Workshop', '2026-12-05T10:00:00-05:00', '2026-12-05T12:00:00-05:00', 'Barn']])
    const allDay = '<a href="https://calendar.google.com/calendar/render?action=TEMPLATE&amp;text=Cookie+Walk&amp;dates=20261219/20261220">Google</a>'
    expect(read(`<h1>Cookie Walk</h1><p>All day!</p><p>${allDay}</p>`)).toEqual([['Cookie Walk', '2026-12-19', undefined, undefined]])
  })

  it('are not read when the text gives the events', () => {
    const body = `<h1>Holiday Open House</h1><p>Saturday, December 12, 2026, 1 – 4 pm</p><p>${google('20261213T180000Z/20261213T210000Z')}</p>`
    expect(read(body).map(([, start]) => start)).toEqual(['2026-12-12T13:00:00-05:00'])
  })
})
