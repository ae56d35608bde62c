/**
 * The platform registry (issue 14): which host belongs to which platform, which URLs on it are an
 * organization's calendar, which feeds and APIs a calendar is read through, and how an organization's
 * page gives its platform away. Discovery relies on these without knowing any platform by name.
 */
import { describe, expect, it } from 'bun:test'
import { calendarEndpoints, detectPlatforms, inScope, PLATFORMS, platformById, platformOfUrl, unreadableOnly } from '../../../src/crawl/platforms/registry'

const window = { start: '2026-06-01', end: '2026-08-29' }

describe('platformOfUrl and inScope', () => {
  it('tells an organization’s calendar from the rest of the platform’s site', () => {
    const cases: [url: string, platform: string | undefined, scoped: boolean][] = [
      ['https://example.libcal.com/calendar?cid=1234&t=d', 'libcal', true],
      ['https://example.libcal.com/event/998877', 'libcal', true],
      ['https://example.libcal.com/reserve/study-rooms', 'libcal', false],
      ['https://example.libcal.com/hours', 'libcal', false],
      ['https://www.libcal.com/calendar', 'libcal', false],
      ['https://tockify.com/riverclub', 'tockify', true],
      ['https://tockify.com/pricing', 'tockify', false],
      ['https://www.meetup.com/river-city-hikers/events/', 'meetup', true],
      ['https://www.meetup.com/find/?keywords=hiking', 'meetup', false],
      ['https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com&ctz=America%2FChicago', 'google-calendar', true],
      ['https://calendar.google.com/calendar/u/0/r', 'google-calendar', false],
      ['https://www.eventbrite.com/o/river-city-arts-12345678901', 'eventbrite', true],
      ['https://www.eventbrite.com/d/ca--fresno/events/', 'eventbrite', false],
      ['https://springfield.legistar.com/Calendar.aspx', 'legistar', true],
      ['https://springfield.legistar.com/Legislation.aspx', 'legistar', false],
      ['https://springfield.portal.civicclerk.com/', 'civicclerk', true],
      ['https://www.trumba.com/calendars/springfield-parks', 'trumba', true],
      ['https://www.trumba.com/pricing', 'trumba', false],
      ['https://indico.example.org/category/72/', 'indico', true],
      ['https://events.timely.fun/abc12345/', 'timely', true],
      ['https://lakeview.iqm2.com/Citizens/Calendar.aspx', 'iqm2', true],
      ['https://lakeview.granicus.com/ViewPublisher.php?view_id=2', 'granicus', true],
      ['https://go.boarddocs.com/mi/lakeview/Board.nsf/Public', 'boarddocs', true],
      ['https://indico.example.org/user/login', 'indico', false],
      ['https://example.org/events/', undefined, false],
    ]
    for (const [url, platform, scoped] of cases) {
      expect({ url, platform: platformOfUrl(url)?.id }).toEqual({ url, platform })
      if (platform) expect({ url, scoped: inScope(platform, url) }).toEqual({ url, scoped })
    }
  })

  it('refuses what is not a URL and platforms it does not know', () => {
    expect(platformOfUrl('not a url')).toBeUndefined()
    expect(inScope('libcal', 'javascript:alert(1)')).toBe(false)
    expect(inScope('no-such-platform', 'https://example.libcal.com/calendar')).toBe(false)
    expect(calendarEndpoints('libcal', 'https://example.org/calendar?cid=1', window)).toEqual([])
  })

  it('has one entry per id, each with a name and a reader or a reason it cannot be read', () => {
    const ids = PLATFORMS.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const p of PLATFORMS) {
      expect(p.name.length).toBeGreaterThan(2)
      expect(p.readers.length > 0 || !!p.unreadable).toBe(true)
    }
  })
})

describe('calendarEndpoints', () => {
  it('turns a Google Calendar embed into the public iCalendar export of every calendar it shows', () => {
    const url = 'https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com&src=en.usa%23holiday%40group.v.calendar.google.com&ctz=America%2FChicago'
    expect(calendarEndpoints('google-calendar', url, window).map((e) => e.url)).toEqual([
      'https://calendar.google.com/calendar/ical/abc123%40group.calendar.google.com/public/basic.ics',
      'https://calendar.google.com/calendar/ical/en.usa%23holiday%40group.v.calendar.google.com/public/basic.ics',
    ])
  })

  it('decodes a base64 cid subscription link', () => {
    const cid = btoa('club@example.org')
    expect(calendarEndpoints('google-calendar', `https://calendar.google.com/calendar/u/0?cid=${cid}`, window).map((e) => e.url)).toEqual([
      'https://calendar.google.com/calendar/ical/club%40example.org/public/basic.ics',
    ])
  })

  it('reads a LibCal calendar through its iCalendar subscription, then its list JSON from the window’s first day', () => {
    const endpoints = calendarEndpoints('libcal', 'https://example.libcal.com/calendar?cid=1234&t=d', window)
    expect(endpoints.map((e) => [e.kind, e.url])).toEqual([
      ['ics', 'https://example.libcal.com/ical_subscribe.php?src=p&cid=1234'],
      ['json', 'https://example.libcal.com/ajax/calendar/list?c=1234&date=2026-06-01&perpage=48&page=1&audience=&cats=&camps=&inc=0'],
    ])
    expect(endpoints[0].expected).toBe(true)
  })

  it('asks Legistar’s Web API and CivicClerk’s API for the window only', () => {
    const [api] = calendarEndpoints('legistar', 'https://springfield.legistar.com/Calendar.aspx', window)
    expect(decodeURIComponent(api.url)).toBe("https://webapi.legistar.com/v1/springfield/events?$filter=EventDate ge datetime'2026-06-01' and EventDate lt datetime'2026-08-30'&$orderby=EventDate")
    const [clerk] = calendarEndpoints('civicclerk', 'https://springfield.portal.civicclerk.com/', window)
    expect(decodeURIComponent(clerk.url)).toBe(
      'https://springfield.api.civicclerk.com/v1/Events?$filter=startDateTime ge 2026-06-01T00:00:00Z and startDateTime lt 2026-08-30T00:00:00Z&$orderby=startDateTime asc',
    )
  })

  it('posts eSCRIBE’s calendar request with the window', () => {
    const [e] = calendarEndpoints('escribe', 'https://pub-springfield.escribemeetings.com/', window)
    expect(e).toMatchObject({ method: 'POST', url: 'https://pub-springfield.escribemeetings.com/MeetingsCalendarView.aspx/GetCalendarMeetings' })
    expect(JSON.parse(e.body!)).toEqual({ calendarStartDate: '2026-06-01', calendarEndDate: '2026-08-29' })
  })

  it('gives Tockify’s iCalendar feed and its event JSON over the window', () => {
    const urls = calendarEndpoints('tockify', 'https://tockify.com/riverclub/agenda', window).map((e) => e.url)
    expect(urls[0]).toBe('https://tockify.com/api/feeds/ics/riverclub')
    expect(urls[1]).toContain(`calname=riverclub`)
    expect(urls[1]).toContain(`startms=${Date.parse('2026-06-01T00:00:00Z')}`)
  })

  it('gives an Indico category’s exports over the window', () => {
    expect(calendarEndpoints('indico', 'https://indico.example.org/category/72/', window).map((e) => e.url)).toEqual([
      'https://indico.example.org/export/categ/72.ics?from=2026-06-01&to=2026-08-29',
      'https://indico.example.org/export/categ/72.json?from=2026-06-01&to=2026-08-29',
    ])
  })

  it('marks BoardDocs unreadable, with no endpoints', () => {
    expect(calendarEndpoints('boarddocs', 'https://go.boarddocs.com/mi/lakeview/Board.nsf/Public', window)).toEqual([])
    expect(platformById('boarddocs')?.unreadable).toContain('browser')
  })

  it('gives a Meetup group’s iCalendar feed', () => {
    expect(calendarEndpoints('meetup', 'https://www.meetup.com/river-city-hikers/', window)[0].url).toBe('https://www.meetup.com/river-city-hikers/events/ical/')
  })
})

describe('detectPlatforms', () => {
  const page = 'https://www.example.org/events/'

  it('recognises WordPress event plugins from their asset paths and offers their site-wide exports', () => {
    const html = `<html><head><link rel="stylesheet" href="/wp-content/plugins/events-manager/includes/css/events-manager.min.css"></head><body></body></html>`
    const d = detectPlatforms(html, page, window)
    const em = d.find((x) => x.platform === 'events-manager')!
    expect(em.evidence).toContain('wp-content/plugins/events-manager')
    expect(em.endpoints.map((e) => e.url)).toEqual(['https://www.example.org/events.ics'])
    expect(d.map((x) => x.platform)).toContain('wordpress')
  })

  it('reads the namespaces of a WordPress REST index', () => {
    const index = JSON.stringify({ name: 'Example', namespaces: ['oembed/1.0', 'tribe/events/v1', 'wp/v2'] })
    const d = detectPlatforms(index, 'https://www.example.org/wp-json/', window)
    expect(d.map((x) => x.platform)).toEqual(['the-events-calendar'])
    expect(d[0].endpoints[0].url).toBe('https://www.example.org/wp-json/tribe/events/v1/events?per_page=50&start_date=2026-06-01&end_date=2026-08-29%2023:59:59')
  })

  it('follows embeds and widgets to the hosted calendar’s feeds', () => {
    const html = `<body>
      <iframe src="https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com&amp;ctz=America%2FChicago"></iframe>
      <div data-tockify-component="calendar" data-tockify-calendar="riverclub"></div>
      <script data-cfasync="false" data-tockify-script="embed" src="https://public.tockify.com/browser/embed.js"></script>
      <script src="https://www.trumba.com/scripts/spuds.js"></script><script>$Trumba.addSpud({ webName: "springfield-parks", spudType: "main" })</script>
      <a href="https://example.libcal.com/calendar?cid=4321">Library events</a>
    </body>`
    const d = detectPlatforms(html, page, window)
    const urls = (id: string) => d.find((x) => x.platform === id)?.endpoints.map((e) => e.url) ?? []
    expect(urls('google-calendar')).toEqual(['https://calendar.google.com/calendar/ical/abc123%40group.calendar.google.com/public/basic.ics'])
    expect(urls('tockify')[0]).toBe('https://tockify.com/api/feeds/ics/riverclub')
    expect(urls('trumba')[0]).toBe('https://www.trumba.com/calendars/springfield-parks.json')
    expect(urls('libcal')[0]).toBe('https://example.libcal.com/ical_subscribe.php?src=p&cid=4321')
  })

  it('reports a Wix site as unreadable, and a Facebook link only when nothing readable is beside it', () => {
    const wix = detectPlatforms('<html><head><meta name="generator" content="Wix.com Website Builder"></head></html>', page, window)
    expect(unreadableOnly(wix).map((d) => d.platform)).toEqual(['wix'])
    const fbOnly = detectPlatforms('<a href="https://www.facebook.com/riverclub/events">Events</a>', page, window)
    expect(unreadableOnly(fbOnly).map((d) => d.platform)).toEqual(['facebook-events'])
    const both = detectPlatforms('<a href="https://www.facebook.com/riverclub/events">FB</a><a href="https://tockify.com/riverclub">Calendar</a>', page, window)
    expect(unreadableOnly(both)).toEqual([])
  })

  it('finds nothing on a page without signs, and never throws on odd input', () => {
    expect(detectPlatforms('<html><body><p>Hello</p></body></html>', page, window)).toEqual([])
    expect(detectPlatforms('<a href="https://[broken">x</a>', page, window)).toEqual([])
    expect(detectPlatforms('<html></html>', 'not a url', window)).toEqual([])
    expect(platformById('libcal')?.name).toBe('Springshare LibCal')
  })
})
