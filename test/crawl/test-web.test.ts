// Pins discovery on the test web (issue 14): fixture organizations under real-looking names on loopback
// (CRAWL_RESOLVE), each indexed end to end through POST /api/v1/orgs, the job runner and the crawler
// worker: a band whose only link says "Tour dates". Each test checks the events of the site's
// expected.json, the sources the job poll lists, and the pages that must not be fetched.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import type { FixtureSite } from '../helpers/fixture-server'
import { startTestWeb, type TestWeb } from '../helpers/test-web'

const NAMES = ['band-tour-dates']
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
})
