// Pins the listing heuristic for pages without structured data: repeated cards become events (title,
// day and time in prose read in the organization's zone, link, place, categories, image, ticket link,
// a "cancelled" card), navigation, footers and news posts never do, the next page is found, and a year
// left out is inferred from the window and the weekday ("Sat, June 13" read in November is next June).
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { runBytes, runFixture, schemaErrors } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://oakdalelibrary.org/events', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-08-31' } }

describe('library listing page', async () => {
  const { extracted, events, warnings } = await runFixture('library-listing.html', ctx)

  it('finds the four cards and nothing in the menu, news or footer', () => {
    expect(extracted.candidates.every((c) => c.source.method === 'listing')).toBe(true)
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Baby Rhyme Time', '2026-06-13T10:30:00-05:00', '2026-06-13T11:00:00-05:00'],
      ['Chess Club', '2026-06-16T16:00:00-05:00', '2026-06-16T17:30:00-05:00'],
      ['Author Talk: Local History of Oakdale', '2026-06-18T19:00:00-05:00', undefined],
      ['Summer Reading Finale Party', '2026-07-25', undefined],
    ])
    expect(warnings).toEqual([])
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('reads each card’s link, place, image, categories and summary', () => {
    expect(events[0]).toMatchObject({
      url: 'https://oakdalelibrary.org/events/baby-rhyme-time-0613',
      website: 'https://oakdalelibrary.org/events/baby-rhyme-time-0613',
      venue: { name: "Children's Room", address: null, latitude: null, longitude: null },
      image_url: 'https://oakdalelibrary.org/images/events/baby-rhyme.jpg',
      description: 'Songs, rhymes and bounces for babies 0–18 months with a caregiver.',
      category: 'storytime',
      categories: ['storytime', 'early literacy', 'kids', 'family'],
    })
    expect(events[1]).toMatchObject({ rsvp_required: true, categories: ['teens'] })
    expect(events[2].eventStatus).toBe('EventCancelled')
    expect(events[3]).toMatchObject({ ticket_url: 'https://www.eventbrite.com/e/oakdale-finale-98765', categories: ['family'], description: 'Games, prizes and popsicles for the whole family.' })
  })

  it('offers the next page and the event pages to the crawler', () => {
    expect(extracted.links?.next).toBe('https://oakdalelibrary.org/events?page=2')
    expect(extracted.links?.events).toEqual([
      'https://oakdalelibrary.org/events/baby-rhyme-time-0613',
      'https://oakdalelibrary.org/events/chess-club-0616',
      'https://oakdalelibrary.org/events/author-talk-0618',
      'https://oakdalelibrary.org/events/summer-reading-finale',
    ])
  })
})

describe('year inference', () => {
  const page = (cards: string[]) =>
    `<html><body><ul class="events">${cards.map((c, i) => `<li class="event"><a href="/e/${i}">${c.split('|')[0]}</a><span>${c.split('|')[1]}</span></li>`).join('')}</ul></body></html>`
  const november: ExtractContext = { baseUrl: 'https://parks.example.gov/events', timezone: 'America/Denver', window: { start: '2025-11-15', end: '2026-12-31' } }

  it('reads a day without a year as the next one whose weekday agrees', () => {
    const { events } = runBytes(page(['Nature Walk|Sat, June 13 · 9:00 AM', 'Bird Count|Sun, June 14 · 8 am', 'Holiday Lights|Fri, Dec 5, 6pm']), november)
    expect(events.map((e) => [e.title, e.startDate])).toEqual([
      ['Holiday Lights', '2025-12-05T18:00:00-07:00'],
      ['Nature Walk', '2026-06-13T09:00:00-06:00'],
      ['Bird Count', '2026-06-14T08:00:00-06:00'],
    ])
  })

  it('does not move a day to a year where its weekday is wrong (a stale card stays in the past)', () => {
    // June 7 is a Saturday in 2025 and a Sunday in 2026: the card is last June's, outside the window.
    const { events, extracted } = runBytes(page(['Old Picnic|Sat, June 7 · 11:00 AM', 'Star Party|Sat, June 13 · 9:00 PM']), november)
    expect(extracted.candidates.find((c) => c.title === 'Old Picnic')?.start).toEqual({ date: '2025-06-07', time: '11:00' })
    expect(events.map((e) => e.title)).toEqual(['Star Party'])
  })

  it('invents nothing from a navigation menu or a footer of dated links', () => {
    const html = `<html><body><nav><ul><li><a href="/a">June 5 Newsletter</a></li><li><a href="/b">June 12 Newsletter</a></li><li><a href="/c">June 19 Newsletter</a></li></ul></nav>
      <main><p>Welcome!</p></main><footer><ul><li><a href="/x">Closed June 19, 2026</a></li><li><a href="/y">Closed July 4, 2026</a></li></ul></footer></body></html>`
    expect(runBytes(html, { ...november, window: { start: '2026-06-01', end: '2026-07-31' } }).events).toEqual([])
  })
})

describe('days written only in the title', () => {
  it('reads "Sat June 13: Lego Club" cards, leaving the date out of the title', () => {
    const html = '<ul class="upcoming"><li><a href="/e/1">Sat June 13: Lego Club</a></li><li><a href="/e/2">Tue June 16: Teen Anime Night</a></li></ul>'
    const { events } = runBytes(html, ctx)
    expect(events.map((e) => [e.title, e.startDate, e.url])).toEqual([
      ['Lego Club', '2026-06-13', 'https://oakdalelibrary.org/e/1'],
      ['Teen Anime Night', '2026-06-16', 'https://oakdalelibrary.org/e/2'],
    ])
  })

  it('does not read notices with a day inside their title as events', () => {
    const html = '<ul class="news"><li><a href="/n/1">Library closed June 19 for Juneteenth</a></li><li><a href="/n/2">New hours begin June 22</a></li></ul>'
    expect(runBytes(html, ctx).events).toEqual([])
  })
})
