// Pins the feed rules for event dates outside event elements (src/crawl/extract/feed-content.ts, rss.ts,
// feed-dates.ts) and the hand-written JSON shapes (json-events/record.ts):
// - `<time datetime>` in an item's content is the event's date (a following `- <time>` its end), unless it
//   is the post's own stamp (class or label published/posted/created, or the pubDate's instant);
// - a prose date alone on the content's first line is the event's (The Events Calendar's feed), entities
//   inside CDATA decoded first; a date before the post's day is a report, 'begins on' a change of state;
// - pubDates carrying seconds are publication stamps, never event dates;
// - the feed's language reads its prose dates ('05.12.2026' in a German feed is 5 December);
// - an `xCal:dtend` date is exclusive; a location 'Room, Library, 80 Depot St.' splits at the street number;
// - a day in a post's title with the time alone in its content is the event (the title loses its day);
//   a title day with no time in the content, or after 'start' ('New winter hours start January 4'), is news;
// - a feed dated by event in pubDate takes the end and place its description repeats; a title headed by the
//   event's own day ('Jan 21, 2027: Faculty Recital') loses that day;
// - the place on the lines right after a heading date line (name / street / town) is the item's;
// - Atom `content type="xhtml"` reads like HTML content, in its order;
// - JSON: a "dates" list of session days is one event per day (ids kept apart);
// - JSON: {"events": [{"event": "Blood Drive", …}]} is a hand-written list titled by 'event', not Localist;
// - JSON: a time field holding a span ('5:00 PM - 7:00 PM', '9-11am') gives start and end; a place object's
//   prefixed keys (`location_address`, `location_town`) are its address; a record whose every key is
//   prefixed `event_` (`event_begin`, `event_time`) reads as unprefixed; street and town on the record itself
//   are its address; `details_link` is its page.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { contentTimes, proseWhen, titleWithoutDay } from '../../../src/crawl/extract/feed-content'
import { pubDatesAreEventDates } from '../../../src/crawl/extract/feed-dates'
import { runBytes } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://club.example.org/feed/', timezone: 'America/Chicago', window: { start: '2026-11-01', end: '2027-04-30' } }

const rss = (items: string, head = '') => `<?xml version="1.0"?><rss version="2.0"><channel><title>Club</title>${head}${items}</channel></rss>`
const item = (title: string, pubDate: string, description: string) =>
  `<item><title>${title}</title><link>https://club.example.org/${encodeURIComponent(title)}</link><pubDate>${pubDate}</pubDate><description><![CDATA[${description}]]></description></item>`
const when = (events: { title?: string; startDate?: string; endDate?: string }[]) => events.map((e) => [e.title, e.startDate, e.endDate])

describe('time elements in feed content', () => {
  it('reads start and end from <time datetime> pairs, skipping the post stamp', () => {
    const html =
      '<span class="posted-on"><time datetime="2026-11-12T08:41:17Z">12 Nov</time></span> <time datetime="2026-12-05T13:00:00Z">Sa 14:00</time> - <time datetime="2026-12-05T18:00:00Z">19:00</time>'
    expect(contentTimes(html, undefined)).toEqual({
      start: { date: '2026-12-05', time: '13:00:00', offset: 'Z' },
      end: { date: '2026-12-05', time: '18:00:00', offset: 'Z' },
    })
  })

  it('ignores a time element equal to the publication date and one not joined by a range', () => {
    const published = Date.parse('Thu, 12 Nov 2026 08:41:17 +0000')
    expect(contentTimes('<time datetime="2026-11-12T08:41:17+00:00">x</time>', published)).toBeUndefined()
    const apart = '<time datetime="2027-01-21">21 Jan</time><p>Next: <time datetime="2027-02-18">18 Feb</time></p>'
    expect(contentTimes(apart, published)).toEqual({ start: { date: '2027-01-21' } })
  })

  it('prefers the content time over pubDates that carry seconds (Drupal node save times)', () => {
    const feed = rss(
      item('Adventsmarkt', 'Thu, 12 Nov 2026 08:41:17 +0000', '<div>Datum</div><time datetime="2026-12-05T13:00:00Z">Sa, 05.12.2026 - 14:00</time>') +
        item('Vortrag', 'Fri, 20 Nov 2026 10:02:55 +0000', '<time datetime="2027-01-21T18:30:00Z">Do, 21.01.2027 - 19:30</time>'),
    )
    const { events } = runBytes(feed, { ...ctx, timezone: 'Europe/Berlin' }, 'application/rss+xml')
    expect(when(events)).toEqual([
      ['Adventsmarkt', '2026-12-05T14:00:00+01:00', undefined],
      ['Vortrag', '2027-01-21T19:30:00+01:00', undefined],
    ])
  })
})

describe('prose dates in feed content', () => {
  it('takes a date range alone on the first line, entities decoded', () => {
    const w = proseWhen(['<p>February 13 &#8211; February 14, 2027</p><p>Orchids and bulbs.</p>'], '2026-11-01', '2026-10-30')
    expect(w).toMatchObject({ start: { date: '2027-02-13' }, end: { date: '2027-02-14' } })
    expect(proseWhen(['<p>January 9, 2027 @ 10:00 am &#8211; 12:00 pm</p>'], '2026-11-01', undefined)).toMatchObject({
      start: { date: '2027-01-09', time: '10:00' },
      end: { date: '2027-01-09', time: '12:00' },
    })
  })

  it('takes the place written on the lines after the date line, only with a street line', () => {
    const html = 'Saturday 12/12/2026 - 7:00 am - 11:00 am <br/>Riverton Fire Hall <br/>120 Main Street <br/>Riverton<br/><br/>All you can eat.'
    expect(proseWhen([html], '2026-11-01', '2026-11-17').where).toBe('Riverton Fire Hall, 120 Main Street, Riverton')
    expect(proseWhen(['Saturday 12/12/2026 - 7:00 am <br/>Bring a friend <br/>and a plate.'], '2026-11-01', '2026-11-17').where).toBeUndefined()
  })

  it('skips a date before the post, a date mid-sentence without a time, and "begins on"', () => {
    expect(proseWhen(['Our Harvest Dinner on November 14 served 212 neighbors.'], '2026-11-01', '2026-11-23')).toEqual({})
    expect(proseWhen(['Advent begins on November 29 this year.'], '2026-11-01', '2026-11-18')).toEqual({})
    expect(proseWhen(['Minutes of the November 10 vestry meeting are posted.'], '2026-11-01', '2026-11-17')).toEqual({})
    expect(proseWhen(['Our bake sale is on December 5 in the hall.'], '2026-11-01', '2026-11-17')).toMatchObject({ start: { date: '2026-12-05' } })
  })

  it('reads a German feed day-first by its language', () => {
    const feed = rss(item('Vortrag', 'Fri, 20 Nov 2026 10:02:55 +0000', '<p>Sa, 05.12.2026 - 14:00 Uhr</p>'), '<language>de</language>')
    const { events } = runBytes(feed, { ...ctx, timezone: 'Europe/Berlin' }, 'application/rss+xml')
    expect(when(events)).toEqual([['Vortrag', '2026-12-05T14:00:00+01:00', undefined]])
  })
})

describe('days in post titles', () => {
  it('joins the title day to the time the content gives alone, and drops the day from the title', () => {
    const feed = rss(
      item('Sat Jan 9 - Snowshoe to Mirror Lake', 'Sun, 22 Nov 2026 18:04:00 -0800', 'Meet at the Park &amp; Ride at 8:00 am. 6 miles.') +
        item('New winter hours start January 4', 'Fri, 20 Nov 2026 09:12:00 -0800', 'All branches open at 10 am on weekdays.') +
        item('Potluck - Thursday, December 10', 'Tue, 17 Nov 2026 20:40:00 -0800', 'Bring a dish to share.') +
        item('Trip report: Sat Nov 14 on Eagle Ridge', 'Mon, 16 Nov 2026 08:00:00 -0800', 'We left at 7 am in the rain.'),
    )
    const { events } = runBytes(feed, { ...ctx, timezone: 'America/Los_Angeles' }, 'application/rss+xml')
    expect(when(events)).toEqual([['Snowshoe to Mirror Lake', '2027-01-09T08:00:00-08:00', undefined]])
  })
})

describe('feeds dated by event in pubDate', () => {
  it('takes end and place from the description and drops the day heading the title', () => {
    const feed = rss(
      item('Jan 21, 2027: Faculty Recital', 'Thu, 21 Jan 2027 19:30:00 -0500', '<p>Date &amp; Time: Thursday, January 21, 2027, 7:30&ndash;9pm<br/>Location: Harmon Hall, 40 College Ave</p>') +
        item('Feb 4, 2027: Career Fair', 'Thu, 04 Feb 2027 11:00:00 -0500', '<p>Meet 60 employers.</p>'),
      '<lastBuildDate>Wed, 25 Nov 2026 06:00:02 -0500</lastBuildDate>',
    )
    const { events } = runBytes(feed, { ...ctx, timezone: 'America/New_York' }, 'application/rss+xml')
    expect(when(events)).toEqual([
      ['Faculty Recital', '2027-01-21T19:30:00-05:00', '2027-01-21T21:00:00-05:00'],
      ['Career Fair', '2027-02-04T11:00:00-05:00', undefined],
    ])
    expect(events[0].venue).toMatchObject({ name: 'Harmon Hall', address: '40 College Ave' })
  })

  it('keeps a title whose leading day is not the event day', () => {
    expect(titleWithoutDay('Jan 21, 2027: Faculty Recital', '2027-01-21', '2026-11-01')).toBe('Faculty Recital')
    expect(titleWithoutDay('1984: A Reading', '2027-01-21', '2026-11-01')).toBe('1984: A Reading')
    expect(titleWithoutDay('Jan 28 snow date: Faculty Recital', '2027-01-21', '2026-11-01')).toBe('Jan 28 snow date: Faculty Recital')
  })
})

describe('Atom xhtml content', () => {
  it('reads dates and places written as XHTML markup', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Club</title>
      <entry><id>urn:1</id><title>Prizegiving Dinner</title><updated>2026-11-19T08:00:00+13:00</updated>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p><b>Date:</b> Saturday 20 March 2027, 7pm</p><p><b>Where:</b> Clubhouse, 3 Wharf Road</p></div></content></entry>
    </feed>`
    const { events } = runBytes(atom, { ...ctx, timezone: 'Pacific/Auckland' }, 'application/atom+xml')
    expect(when(events)).toEqual([['Prizegiving Dinner', '2027-03-20T19:00:00+13:00', undefined]])
    expect(events[0].venue).toMatchObject({ name: 'Clubhouse', address: '3 Wharf Road' })
  })
})

describe('feed-wide facts and elements', () => {
  it('never takes pubDates with seconds for event dates', () => {
    const stamps = ['Thu, 12 Nov 2026 08:41:17 +0000', 'Fri, 20 Nov 2026 10:02:55 +0000', 'Fri, 20 Nov 2026 10:05:12 +0000']
    expect(pubDatesAreEventDates(stamps, undefined, '2026-11-01')).toBe(false)
    const events = ['Thu, 03 Dec 2026 19:00:00 +0000', 'Sat, 12 Dec 2026 10:00:00 +0000', 'Sat, 19 Dec 2026 10:30:00 +0000']
    expect(pubDatesAreEventDates(events, undefined, '2026-11-01')).toBe(true)
  })

  it('reads an xCal date-only dtend as exclusive and splits a location at its street number', () => {
    const xcal = `<?xml version="1.0"?><rss version="2.0" xmlns:xCal="urn:ietf:params:xml:ns:xcal"><channel><title>Library</title>
      <item><title>Closed</title><xCal:dtstart value="DATE">20270215</xCal:dtstart><xCal:dtend value="DATE">20270216</xCal:dtend></item>
      <item><title>Carnival</title><xCal:dtstart>20270212</xCal:dtstart><xCal:dtend>20270215</xCal:dtend></item>
      <item><title>Tax Help</title><xCal:dtstart>20270203T140000Z</xCal:dtstart><xCal:location>Community Room, Millbrook Library, 80 Depot St., Millbrook, VT</xCal:location></item>
    </channel></rss>`
    const { events } = runBytes(xcal, { ...ctx, timezone: 'America/New_York' }, 'application/rss+xml')
    expect(when(events)).toEqual([
      ['Tax Help', '2027-02-03T09:00:00-05:00', undefined],
      ['Carnival', '2027-02-12', '2027-02-14'],
      ['Closed', '2027-02-15', undefined],
    ])
    expect(events[0].venue).toMatchObject({ name: 'Community Room, Millbrook Library', address: '80 Depot St., Millbrook, VT' })
  })
})

describe('hand-written and plugin JSON', () => {
  it('reads a time span in one field and prefixed place keys', () => {
    const json = JSON.stringify({
      events: [
        { title: 'Lights Walk', date: '2026-12-12', time: '5:00 PM - 7:00 PM', location: 'Pavilion' },
        { title: 'Workday', date: '2027-02-27', time: '9-11am', location: 'North trailhead' },
        {
          title: 'Guild Meeting',
          event_start_date: '2027-02-09',
          event_start_time: '18:30:00',
          event_location: { location_name: 'Fellowship Hall', location_address: '118 N. Walnut St.', location_town: 'Salina', location_state: 'KS' },
        },
      ],
    })
    const { events } = runBytes(json, ctx, 'application/json')
    expect(when(events)).toEqual([
      ['Lights Walk', '2026-12-12T17:00:00-06:00', '2026-12-12T19:00:00-06:00'],
      ['Guild Meeting', '2027-02-09T18:30:00-06:00', undefined],
      ['Workday', '2027-02-27T09:00:00-06:00', '2027-02-27T11:00:00-06:00'],
    ])
    expect(events[1].venue).toMatchObject({ name: 'Fellowship Hall', address: '118 N. Walnut St., Salina, KS' })
  })

  it('writes one event per day of a "dates" list, ids kept apart', () => {
    const json = JSON.stringify([{ id: 7, title: 'Beginner Pottery', dates: ['2027-01-05', '2027-01-12'], time: '6-8pm', location: 'Clay Studio' }])
    const { extracted } = runBytes(json, ctx, 'application/json')
    expect(extracted.candidates.map((c) => [c.title, c.start?.date, c.start?.time, c.end?.time, c.source.id])).toEqual([
      ['Beginner Pottery', '2027-01-05', '18:00', '20:00', 'json:7@2027-01-05'],
      ['Beginner Pottery', '2027-01-12', '18:00', '20:00', 'json:7@2027-01-12'],
    ])
  })

  it('reads a hand-written list titled by "event" (no Localist wrapper)', () => {
    const json = JSON.stringify({ events: [{ event: 'Blood Drive', date: '12/05/2026', start_time: '10:00 AM', end_time: '3:00 PM', where: 'VFW Post 1123, 45 Veterans Way' }] })
    const { extracted, events } = runBytes(json, ctx, 'application/json')
    expect(extracted.format).toBe('json-events')
    expect(when(events)).toEqual([['Blood Drive', '2026-12-05T10:00:00-06:00', '2026-12-05T15:00:00-06:00']])
  })

  it('reads records whose keys all carry an event_ prefix, with the street on the record', () => {
    const json = JSON.stringify([
      {
        event_id: '41',
        event_begin: '2027-01-14',
        event_end: '2027-01-14',
        event_title: 'Knitting Circle',
        event_time: '19:00:00',
        event_endtime: '21:00:00',
        event_street: '210 W. Second St.',
        event_city: 'Fairmont',
        event_state: 'MN',
        details_link: 'https://church.example.org/mc-events/knitting-circle/',
      },
    ])
    const { events } = runBytes(json, ctx, 'application/json')
    expect(when(events)).toEqual([['Knitting Circle', '2027-01-14T19:00:00-06:00', '2027-01-14T21:00:00-06:00']])
    expect(events[0]).toMatchObject({ url: 'https://church.example.org/mc-events/knitting-circle/', venue: { address: '210 W. Second St., Fairmont, MN' } })
  })
})
