// Pins discovery (DESIGN §6 "Discover", issue 14) over the platform registry: the endpoints a home page
// leads to (WordPress and The Events Calendar, LibCal in a dropdown, Trumba, Squarespace collections) in
// fallback chains with their platform label, Wix and Facebook-only calendars reported as unreadable,
// platform hosts never crawled beyond the organization's own calendar, POST endpoints left out; the
// organization's name; calendar pages by link text and URL; sitemaps; the frontier's order.
import { describe, expect, it } from 'bun:test'
import { endpointTasks, mayFollow } from '../../../src/crawl/discover/platform-tasks'
import { calendarPages } from '../../../src/crawl/discover/navigation'
import { DiscoverySession } from '../../../src/crawl/discover/session'
import { siteName } from '../../../src/crawl/discover/site-name'
import { eventPagesOf, readSitemap } from '../../../src/crawl/discover/sitemap'
import { Frontier, type Task } from '../../../src/crawl/frontier'
import { calendarEndpoints } from '../../../src/crawl/platforms/registry'
import { parse } from 'parse5'

const window = { start: '2026-12-02', end: '2027-03-02' }
const org = { siteHost: 'www.riverbend.org', orgDomain: 'riverbend.org' }
/** A discovery session over the home page `html`, and the tasks it planned. */
function home(html: string, headers: Record<string, string> = {}) {
  const tasks: Task[] = []
  const session = new DiscoverySession(org, window, 200, (t) => tasks.push(t))
  session.fromHome(`<!DOCTYPE html><html lang="en"><head>${html}</head><body>${html}</body></html>`, 'https://www.riverbend.org/', new Headers(headers))
  return { session, tasks, urls: tasks.map((t) => t.url) }
}

describe('discovery with the platform registry', () => {
  it('WordPress with The Events Calendar: its REST API first, the iCalendar export as its fallback, and the REST index to read', () => {
    const { session, tasks } = home('<meta name="generator" content="WordPress 6.6.2"><link rel="stylesheet" href="/wp-content/plugins/the-events-calendar/src/resources/css/x.css">')
    const rest = tasks.find((t) => t.url.startsWith('https://www.riverbend.org/wp-json/tribe/events/v1/events'))!
    expect(rest).toMatchObject({ kind: 'probe', probeKind: 'tec-rest', expected: true, platform: 'the-events-calendar' })
    expect(rest.fallbacks?.map((f) => f.url)).toEqual(['https://www.riverbend.org/?post_type=tribe_events&ical=1&eventDisplay=list'])
    expect(tasks.find((t) => t.detect)?.url).toBe('https://www.riverbend.org/wp-json/')
    expect(session.platform).toBe('the-events-calendar')
  })

  it('a LibCal calendar in a dropdown: its iCalendar subscription, its list JSON as the fallback, labelled libcal', () => {
    const { tasks, session } = home(
      '<nav><ul><li><a href="#">Programs &amp; Events</a><ul><li><a href="https://riverbend.libcal.com/calendar?cid=4521&amp;t=d">Events Calendar</a></li></ul></li></ul></nav>',
    )
    const ics = tasks.find((t) => t.url === 'https://riverbend.libcal.com/ical_subscribe.php?src=p&cid=4521')!
    expect(ics).toMatchObject({ kind: 'probe', probeKind: 'ics', expected: true, platform: 'libcal' })
    expect(ics.fallbacks?.[0].url).toStartWith('https://riverbend.libcal.com/ajax/calendar/list?c=4521&date=2026-12-02')
    expect(session.platformOf(ics)).toBe('libcal')
    expect(session.platform).toBe('libcal')
  })

  it('a calendar hint on a platform host gives that platform’s feeds; a hint elsewhere gives nothing more', () => {
    const tasks: Task[] = []
    const session = new DiscoverySession(org, window, 200, (t) => tasks.push(t))
    session.fromHint('https://riverbend.libcal.com/calendar?cid=77')
    session.fromHint('https://www.riverbend.org/calendar')
    session.fromHint('https://riverbend.libcal.com/reserve/rooms')
    expect(tasks.map((t) => [t.url, t.platform, t.expected])).toEqual([['https://riverbend.libcal.com/ical_subscribe.php?src=p&cid=77', 'libcal', true]])
  })

  it('labels the organization’s own pages with its on-site platform, and nothing else with it', () => {
    const { session } = home('<meta name="generator" content="WordPress 6.6.2"><link rel="stylesheet" href="/wp-content/plugins/events-manager/x.css">')
    expect(session.platformOf({ url: 'https://www.riverbend.org/events/', kind: 'calendar-page', depth: 1 })).toBe('events-manager')
    expect(session.platformOf({ url: 'https://events.riverbend.org/e/1', kind: 'detail', depth: 2 })).toBeUndefined()
    expect(session.platformOf({ url: 'https://calendar.google.com/calendar/ical/a%40b.org/public/basic.ics', kind: 'ics', depth: 2 })).toBe('google-calendar')
  })

  it('a Trumba spud: its JSON, then its iCalendar feed', () => {
    const { tasks } = home('<script src="https://www.trumba.com/scripts/spuds.js"></script><script>$Trumba.addSpud({ webName: "riverbend-events", spudType: "main" })</script>')
    expect(tasks.find((t) => t.platform === 'trumba')).toMatchObject({
      url: 'https://www.trumba.com/calendars/riverbend-events.json',
      probeKind: 'trumba',
      fallbacks: [expect.objectContaining({ url: 'https://www.trumba.com/calendars/riverbend-events.ics' })],
    })
  })

  it('reports Wix and Facebook-only calendars as unreadable, never silently empty; not a Facebook link beside a calendar that gave events', () => {
    expect(home('<meta name="generator" content="Wix.com Website Builder">').session.unreadableSources(0)).toEqual([
      { url: 'https://www.riverbend.org/', kind: 'wix', platform: 'wix', status: 'unreadable', error: expect.stringContaining('Wix'), eventCount: 0 },
    ])
    expect(
      home('<p>x</p>', { 'x-wix-request-id': '123' })
        .session.unreadableSources(0)
        .map((s) => s.platform),
    ).toEqual(['wix'])
    expect(
      home('<a href="https://www.facebook.com/riverbend/events">Our events</a>')
        .session.unreadableSources(0)
        .map((s) => s.platform),
    ).toEqual(['facebook-events'])
    const beside = home('<a href="https://facebook.com/x/events">fb</a><iframe src="https://calendar.google.com/calendar/embed?src=a%40b.org"></iframe>')
    expect(beside.session.unreadableSources(12)).toEqual([])
    expect(beside.urls).toContain('https://calendar.google.com/calendar/ical/a%40b.org/public/basic.ics')
  })

  it('a Squarespace listing page gives its collection JSON', () => {
    const tasks: Task[] = []
    const session = new DiscoverySession(org, window, 200, (t) => tasks.push(t))
    session.fromHome('<!-- This is Squarespace. --><p>x</p>', 'https://www.riverbend.org/', new Headers())
    const planned = session.fromListing({ url: 'https://www.riverbend.org/events', kind: 'calendar-page', depth: 1 }, '<p>events</p>', 'https://www.riverbend.org/events', new Headers())
    expect(planned).toContainEqual(expect.objectContaining({ url: 'https://www.riverbend.org/events?format=json', kind: 'probe', probeKind: 'squarespace-json', platform: 'squarespace' }))
  })

  it('never follows a platform host beyond the organization’s own calendar', () => {
    const task: Task = { url: 'https://riverbend.libcal.com/ajax/calendar/list?c=4521&date=2026-12-02&page=1', kind: 'probe', depth: 1, platform: 'libcal' }
    expect(mayFollow(task, 'https://riverbend.libcal.com/ajax/calendar/list?c=4521&date=2026-12-02&page=2', org)).toBe(true)
    expect(mayFollow(task, 'https://riverbend.libcal.com/event/123456', org)).toBe(true)
    expect(mayFollow(task, 'https://riverbend.libcal.com/reserve/rooms', org)).toBe(false)
    expect(mayFollow(task, 'https://otherlib.libcal.com/calendar?cid=9', org)).toBe(true)
    expect(mayFollow(task, 'https://www.libcal.com/pricing', org)).toBe(false)
    expect(mayFollow(task, 'https://www.riverbend.org/events', org)).toBe(true)
    expect(mayFollow(task, 'https://www.example.com/', org)).toBe(false)
    expect(mayFollow({ url: 'https://www.riverbend.org/events', kind: 'calendar-page', depth: 1 }, 'https://www.example.com/', org)).toBe(true)
  })

  it('sends a POST endpoint with its body (eSCRIBE), the list page as its fallback; a POST without a body is left out', () => {
    const { tasks, skipped } = endpointTasks(calendarEndpoints('escribe', 'https://pub-riverbend.escribemeetings.com/', window), 'escribe', 1)
    expect(skipped).toEqual([])
    expect(tasks).toEqual([
      expect.objectContaining({
        url: 'https://pub-riverbend.escribemeetings.com/MeetingsCalendarView.aspx/GetCalendarMeetings',
        post: { body: JSON.stringify({ calendarStartDate: window.start, calendarEndDate: window.end }), contentType: 'application/json; charset=utf-8' },
        fallbacks: [expect.objectContaining({ url: 'https://pub-riverbend.escribemeetings.com/', kind: 'calendar-page' })],
      }),
    ])
    const bodiless = endpointTasks([{ url: 'https://x.escribemeetings.com/m', kind: 'json', format: 'json-events', expected: true, method: 'POST', note: 'n' }], 'escribe', 1)
    expect([bodiless.tasks, bodiless.skipped.length]).toEqual([[], 1])
  })

  it('reads the organization name from og:site_name, else the title', () => {
    expect(siteName('<meta property="og:site_name" content="Riverbend Public Library &amp; Archive">')).toBe('Riverbend Public Library & Archive')
    expect(siteName('<title>Events | Eastside Community Centre</title>')).toBe('Eastside Community Centre')
  })

  it('listing pages from the home page too', () => {
    expect(
      home('<nav><a href="/termine/">Termine</a></nav>')
        .tasks.filter((t) => t.kind === 'calendar-page')
        .map((t) => t.url),
    ).toEqual(['https://www.riverbend.org/termine/'])
  })
})

describe('calendarPages', () => {
  const page = `<nav><a href="/about">About</a><a href="/whats-on">What's On</a><a href="/programs/">Kids programs and classes</a>
    <a href="https://other.example.com/events">Partner events</a><a href="/events/past">Past events</a><a href="mailto:x@a.org">Events email</a>
    <a href="/news/2026/events-roundup">read more</a></nav>`

  it('finds same-site listing pages by link text first, then by URL, and skips archives and other sites', () => {
    expect(calendarPages(parse(page), 'https://a.org/')).toEqual(['https://a.org/whats-on', 'https://a.org/programs/'])
  })
})

describe('sitemaps', () => {
  it('reads an index and a urlset, and keeps pages that look like events', () => {
    const index = readSitemap(
      '<?xml version="1.0"?><sitemapindex><sitemap><loc>https://a.org/page-sitemap.xml</loc></sitemap><sitemap><loc>https://a.org/tribe_events-sitemap.xml</loc></sitemap></sitemapindex>',
    )
    expect(index.sitemaps).toEqual(['https://a.org/tribe_events-sitemap.xml', 'https://a.org/page-sitemap.xml'])
    const set = readSitemap('<urlset><url><loc>https://a.org/event/lego-club/</loc></url><url><loc>https://a.org/about/</loc></url></urlset>')
    expect(eventPagesOf(set.pages, 10)).toEqual(['https://a.org/event/lego-club/'])
    expect(readSitemap('<not xml')).toEqual({ sitemaps: [], pages: [] })
  })
})

describe('Frontier', () => {
  it('hands out each URL once, highest priority first, in order within a priority', () => {
    const f = new Frontier()
    f.add({ url: 'https://a.org/e/1', kind: 'detail', depth: 1 })
    f.add({ url: 'https://a.org/events', kind: 'calendar-page', depth: 1 })
    f.add({ url: 'https://a.org/feed.ics', kind: 'ics', depth: 1 })
    f.add({ url: 'https://a.org/events#top', kind: 'calendar-page', depth: 1 })
    f.add({ url: 'https://a.org/e/2', kind: 'detail', depth: 1 })
    expect([f.next(), f.next(), f.next(), f.next(), f.next()].map((t) => t?.url)).toEqual(['https://a.org/feed.ics', 'https://a.org/events', 'https://a.org/e/1', 'https://a.org/e/2', undefined])
  })
})
