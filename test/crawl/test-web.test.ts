// Pins discovery on the test web (issue 14): fixture organizations under real-looking names on loopback
// (CRAWL_RESOLVE), each indexed end to end through POST /api/v1/orgs, the job runner and the crawler
// worker: a band whose only link says "Tour dates". Each test checks the events of the site's
// expected.json, the sources the job poll lists, and the pages that must not be fetched.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { FixtureSite } from '../helpers/fixture-server'
import { startTestWeb, type TestWeb } from '../helpers/test-web'

const NAMES = ['band-tour-dates', 'club-termine', 'museum-agenda', 'city-events-subdomain', 'sitemap-only']
let web: TestWeb
beforeAll(async () => {
  web = await startTestWeb(NAMES)
})
afterAll(async () => {
  await web.stop()
})

const site = (name: string) => web.sites.find((s) => s.name === name)!
const found = (events: any[]) => events.map((e) => `${e.title} @ ${e.startDate}`).sort()
const wanted = (s: FixtureSite) => s.expected().events.map((e) => `${e.title} @ ${e.start}`).sort()
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
    expect(poll.sources.filter((s: any) => s.eventCount > 0).map((s: any) => [s.url, s.eventCount]).sort()).toEqual([
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
    expect(poll.sources.filter((s: any) => s.eventCount > 0).map((s: any) => new URL(s.url).pathname).sort()).toEqual(['/event/printmaking-open-studio/', '/event/spring-gala-auction/', '/event/winter-solstice-concert/'])
  }, 30_000)
})
