// Pins discovery on the test web (issue 14): fixture organizations under real-looking names on loopback
// (CRAWL_RESOLVE), each indexed end to end through POST /api/v1/orgs, the job runner and the crawler
// worker: a band whose only link says "Tour dates". Each test checks the events of the site's
// expected.json, the sources the job poll lists, and the pages that must not be fetched. On both backends
// (the job runner stores each crawl).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { FixtureSite } from '../helpers/fixture-server'
import { peekRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'
import { startTestWeb, type TestWeb } from '../helpers/test-web'

const NAMES = [
  'band-tour-dates',
  'club-termine',
  'museum-agenda',
  'city-events-subdomain',
  'sitemap-only',
  'library-libcal',
  'school-google-calendar',
  'wordpress-events-manager',
  'church-planning-center',
]
forEachBackend('the test web', (open) => {
  let web: TestWeb
  beforeAll(async () => {
    web = await startTestWeb(NAMES, { storage: await open() })
  })
  afterAll(async () => {
    await web.stop()
  })

  const site = (name: string) => web.sites.find((s) => s.name === name)!
  const found = (events: any[]) => events.map((e) => `${e.title} @ ${e.startDate}`).sort()
  const wanted = (s: FixtureSite) =>
    s
      .expected()
      .events.map((e) => `${e.title} @ ${e.start}`)
      .sort()
  const requested = (s: FixtureSite, host: string) => s.requests.filter((r) => (r.headers.host ?? '').replace(/:\d+$/, '') === host).map((r) => r.path)

  describe('the test web, indexed through the API', () => {
    it('a band whose only link says "Tour dates"', async () => {
      const band = site('band-tour-dates')
      const { poll, events } = await web.index('www.lanternfish-music.com')
      expect(poll.status).toBe('ready')
      expect(found(events)).toEqual(wanted(band))
      expect(requested(band, 'www.lanternfish-music.com')).toContain('/tour')
      expect(requested(band, 'www.lanternfish-music.com')).not.toContain('/store')
      expect(poll.sources).toContainEqual(expect.objectContaining({ url: 'https://www.lanternfish-music.com/tour', eventCount: 4 }))
    }, 30_000)

    it('a German club ("Termine"), and not its archive, news, downloads or room hire', async () => {
      const club = site('club-termine')
      const { poll, events } = await web.index('https://www.tsv-lindenau.de/')
      expect(found(events)).toEqual(wanted(club))
      const paths = requested(club, 'www.tsv-lindenau.de')
      expect(paths).toContain('/termine/')
      for (const path of club.expected().mustNotFetch) expect(paths).not.toContain(path)
      expect(poll.sources).toContainEqual(expect.objectContaining({ url: 'https://www.tsv-lindenau.de/termine/', kind: 'page', status: 'ok', eventCount: 4 }))
    }, 30_000)

    it('a French museum ("Agenda", "Expositions"), and not its venue hire, past exhibitions or shop', async () => {
      const museum = site('museum-agenda')
      const { poll, events } = await web.index('musee-des-tanneurs.fr')
      expect(found(events)).toEqual(wanted(museum))
      const paths = requested(museum, 'www.musee-des-tanneurs.fr')
      expect(paths).toEqual(expect.arrayContaining(['/agenda/', '/expositions/']))
      for (const path of museum.expected().mustNotFetch) expect(paths).not.toContain(path)
      expect(
        poll.sources
          .filter((s: any) => s.eventCount > 0)
          .map((s: any) => [s.url, s.eventCount])
          .sort(),
      ).toEqual([
        ['https://www.musee-des-tanneurs.fr/agenda/', 4],
        ['https://www.musee-des-tanneurs.fr/expositions/', 2],
      ])
    }, 30_000)

    it('a city whose events live on events.<city>.gov, and not its meeting papers or bill pay', async () => {
      const city = site('city-events-subdomain')
      const { poll, events } = await web.index('https://www.rivertonoh.gov/')
      expect(found(events)).toEqual(wanted(city))
      expect(requested(city, 'events.rivertonoh.gov')).toEqual(expect.arrayContaining(['/', '/event/holiday-tree-lighting', '/event/winter-farmers-market', '/event/mlk-day-of-service']))
      expect(requested(city, 'www.rivertonoh.gov')).not.toContain('/AgendaCenter')
      expect(requested(city, 'pay.rivertonoh.gov')).toEqual([])
      const eventSources = poll.sources.filter((s: any) => s.eventCount > 0)
      expect(eventSources.every((s: any) => new URL(s.url).hostname === 'events.rivertonoh.gov')).toBe(true)
      expect(eventSources.reduce((n: number, s: any) => n + s.eventCount, 0)).toBeGreaterThanOrEqual(3)
    }, 30_000)

    it('a site whose only trace of events is the sitemap robots.txt names', async () => {
      const arts = site('sitemap-only')
      const { poll, events } = await web.index('www.hollowbrook-arts.org')
      expect(found(events)).toEqual(wanted(arts))
      expect(requested(arts, 'www.hollowbrook-arts.org')).toEqual(expect.arrayContaining(['/sitemap_index.xml', '/event-sitemap.xml', '/event/winter-solstice-concert/']))
      expect(
        poll.sources
          .filter((s: any) => s.eventCount > 0)
          .map((s: any) => new URL(s.url).pathname)
          .sort(),
      ).toEqual(['/event/printmaking-open-studio/', '/event/spring-gala-auction/', '/event/winter-solstice-concert/'])
    }, 30_000)

    it('a library whose "Programs & Events" dropdown leads to its LibCal calendar on another host, and nothing else of LibCal', async () => {
      const library = site('library-libcal')
      const { poll, events } = await web.index('https://www.springfield-library.org/')
      expect(found(events)).toEqual(wanted(library))
      const libcal = requested(library, 'springfieldlib.libcal.com')
      expect(libcal).toContain('/ical_subscribe.php?src=p&cid=4521')
      expect(libcal.filter((p) => !['/robots.txt', '/ical_subscribe.php?src=p&cid=4521'].includes(p))).toEqual([])
      expect(poll.sources).toContainEqual({ url: 'https://springfieldlib.libcal.com/ical_subscribe.php?src=p&cid=4521', kind: 'ics', platform: 'libcal', status: 'ok', httpStatus: 200, eventCount: 5 })
      // The events live on LibCal, off the library's registrable domain (DESIGN §6, `_external`).
      const external = await peekRows(web.storage, 'SELECT DISTINCT CASE WHEN is_external THEN 1 ELSE 0 END AS is_external FROM events WHERE org_id = ?', poll.orgId)
      expect(external).toEqual([{ is_external: 1 }])
    }, 30_000)

    it('a school whose calendar is a Google Calendar iframe showing two calendars', async () => {
      const school = site('school-google-calendar')
      const { poll, events } = await web.index('www.maplewood-elementary.org')
      expect(found(events)).toEqual(wanted(school))
      const feeds = school.expected().sources.map((s) => s.url)
      for (const url of feeds) expect(poll.sources).toContainEqual(expect.objectContaining({ url, platform: 'google-calendar', status: 'ok' }))
      expect(
        poll.sources
          .filter((s: any) => feeds.includes(s.url))
          .map((s: any) => s.eventCount)
          .sort(),
      ).toEqual([2, 3])
      expect(requested(school, 'calendar.google.com').filter((p) => p.includes('maplewood.elementary%40gmail.com'))).toHaveLength(1)
    }, 30_000)

    it('a WordPress site with Events Manager: its iCalendar feed, each event once', async () => {
      const club = site('wordpress-events-manager')
      const { poll, events } = await web.index('oakdale-garden-club.org')
      expect(found(events)).toEqual(wanted(club))
      expect(poll.sources).toContainEqual(expect.objectContaining({ url: 'https://oakdale-garden-club.org/events.ics', kind: 'ics', platform: 'events-manager', status: 'ok', eventCount: 3 }))
    }, 30_000)

    it('a church with a Planning Center calendar: Church Center page, then its iCalendar subscription; not giving or groups', async () => {
      const church = site('church-planning-center')
      const { poll, events } = await web.index('https://www.gracechapel-church.org/')
      expect(found(events)).toEqual(wanted(church))
      expect(requested(church, 'gracechapel.churchcenter.com').filter((p) => p !== '/robots.txt')).toEqual(['/calendar'])
      const feed = church.expected().sources[0].url
      expect(poll.sources).toContainEqual(expect.objectContaining({ url: feed, kind: 'ics', platform: 'planning-center', status: 'ok', eventCount: 4 }))
    }, 30_000)
  })
})
