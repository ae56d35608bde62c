// Pins what "today" means to event search after UTC midnight, on both backends. Windows are local days of
// each event's own zone and "today" is the UTC date; at 04:00 UTC on 2 December it is still the evening of
// 1 December in Los Angeles, so a search starting today (by default or by naming the UTC date) still finds
// that evening's 21:00 film, never the morning's class that is over, and echoes the day it was asked for.
// A start the caller chose on another day is read as given.
import { expect, it } from 'bun:test'
import { call, makeApp } from '../helpers/app'
import type { Storage } from '../../src/db/storage'
import { seedOrganization } from '../helpers/seed'
import { forEachBackend } from '../helpers/storage'

const NOW = Date.parse('2026-12-02T04:00:00Z') // 20:00 on 1 December in Los Angeles

async function world(storage: Storage) {
  const ctx = makeApp({ storage, deps: { now: () => NOW } })
  await seedOrganization(ctx.storage, {
    domain: 'westside-library.org',
    name: 'Westside Library',
    timezone: 'America/Los_Angeles',
    nowMs: NOW,
    events: [
      { title: 'Morning Yoga', startDate: '2026-12-01T09:00:00-08:00', endDate: '2026-12-01T10:00:00-08:00', event_id: 'y', city: 'Westside' },
      { title: 'Late Film', startDate: '2026-12-01T21:00:00-08:00', endDate: '2026-12-01T23:00:00-08:00', event_id: 'f', city: 'Westside', categories: ['film'] },
      { title: 'Toddler Storytime', startDate: '2026-12-02T10:00:00-08:00', event_id: 's', city: 'Westside', categories: ['kids'] },
      { title: 'Book Club', startDate: '2026-12-03T18:00:00-08:00', event_id: 'b', city: 'Westside' },
    ],
  })
  return ctx
}

let nonce = 0
const get = (app: Awaited<ReturnType<typeof world>>['app'], path: string) => call(app, 'GET', `${path}${path.includes('?') ? '&' : '?'}n=${nonce++}`, { sign: { t: Math.floor(NOW / 1000) } })
const titles = (json: any) => json.events.map((e: any) => e.title)

forEachBackend('event search after UTC midnight', (open) => {
  it("finds tonight's events west of UTC in a window starting today, and echoes the UTC date", async () => {
    const { app } = await world(await open())
    for (const path of ['/api/v1/search/events', '/api/v1/search/events?startDate=2026-12-02', '/api/v1/search/events?city=Westside', '/api/v1/search/events?category=film&city=westside']) {
      const res = await get(app, path)
      expect(res.status).toBe(200)
      expect(titles(res.json)[0]).toBe('Late Film')
      expect(titles(res.json)).not.toContain('Morning Yoga')
      expect(res.json.filters.startDate).toBe('2026-12-02')
    }
    expect(titles((await get(app, '/api/v1/search/events')).json)).toEqual(['Late Film', 'Toddler Storytime', 'Book Club'])
  })

  it('reads a start chosen on another day as given', async () => {
    const { app } = await world(await open())
    expect(titles((await get(app, '/api/v1/search/events?startDate=2026-12-03')).json)).toEqual(['Book Club'])
    // The text search path (issue 18) keeps the same rule.
    expect(titles((await get(app, '/api/v1/search/events?q=film')).json)).toEqual(['Late Film'])
    expect(titles((await get(app, '/api/v1/search/events?q=film&startDate=2026-12-03')).json)).toEqual([])
  })
})
