// Pins the 400 contract: every constraint the spec puts on a request answers
// 400 {error:"invalid_request", message} naming the field, never Elysia's 422 shape and never a 500.
// Refusals are decided before storage is read, on the default (SQLite) app; the one request stored
// (hints sanitized, not refused) is checked on both backends.
import { describe, expect, it } from 'bun:test'
import { call, makeApp } from '../helpers/app'
import { jobRow } from '../helpers/jobs'
import { forEachBackend } from '../helpers/storage'

async function expect400(method: string, path: string, body: string | object | undefined, field: string) {
  const { app } = makeApp()
  const res = await call(app, method, path, body === undefined ? {} : { body })
  expect(res.status).toBe(400)
  expect(res.json.error).toBe('invalid_request')
  expect(typeof res.json.message).toBe('string')
  expect(res.json.message).toContain(field)
  expect(Object.keys(res.json).sort()).toEqual(['error', 'message'])
}

describe('GET /api/v1/search/events', () => {
  const cases: [string, string][] = [
    ['startDate=2026-1-5', 'startDate'],
    ['startDate=05/01/2026', 'startDate'],
    ['startDate=2026-02-30', 'startDate'],
    ['endDate=2026-13-01', 'endDate'],
    ['endDate=tomorrow', 'endDate'],
    ['startDate=2026-06-10&endDate=2026-06-01', 'endDate'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
  ]
  for (const [query, field] of cases) it(`refuses ${query}`, () => expect400('GET', `/api/v1/search/events?${query}`, undefined, field))

  for (const query of ['limit=1', 'limit=200', 'startDate=2028-02-29&endDate=2028-03-01', 'city=Springfield&category=family', 'unknown=1']) {
    it(`accepts ${query}`, async () => {
      const { app } = makeApp()
      const res = await call(app, 'GET', `/api/v1/search/events?${query}`)
      expect(res.status).toBe(200)
      expect(res.json.count).toBe(0)
    })
  }
})

describe('GET /api/v1/businesses/{id}/events', () => {
  for (const id of ['bad-id', 'org%20x', 'org.1', "org'1", 'x'.repeat(65)]) {
    it(`refuses the id ${id.slice(0, 12)}`, () => expect400('GET', `/api/v1/businesses/${id}/events`, undefined, 'id'))
  }
})

describe('GET /api/v1/search/businesses', () => {
  it('refuses a missing q', () => expect400('GET', '/api/v1/search/businesses', undefined, 'q'))
  it('refuses an empty q', () => expect400('GET', '/api/v1/search/businesses?q=', undefined, 'q'))
  it('refuses limit 101', () => expect400('GET', '/api/v1/search/businesses?q=library&limit=101', undefined, 'limit'))
})

describe('GET /api/v1/orgs/{jobId}', () => {
  it('refuses a job id with other characters', () => expect400('GET', '/api/v1/orgs/job!1', undefined, 'jobId'))
})

describe('POST /api/v1/orgs', () => {
  const cases: [string, string | object, string][] = [
    ['a body that is not JSON', '{"website":', 'JSON'],
    ['an empty body', '', 'empty'],
    ['a JSON array', '[]', 'body'],
    ['a JSON string', '"example.org"', 'body'],
    ['no website and no domain', {}, 'website'],
    ['a website that is not a string', { website: 42 }, 'website'],
    ['an empty website', { website: '' }, 'website'],
    ['a domain that is not a string', { domain: ['a.org'] }, 'domain'],
    ['hints as a string', { website: 'a.org', hints: 'https://a.org/events' }, 'hints'],
    ['hints as an array', { website: 'a.org', hints: ['https://a.org/events'] }, 'hints'],
    ['calendarUrls as a string', { website: 'a.org', hints: { calendarUrls: 'https://a.org/cal' } }, 'hints.calendarUrls'],
    ['eventUrls holding a number', { website: 'a.org', hints: { eventUrls: ['https://a.org/e', 7] } }, 'hints.eventUrls[1]'],
    ['a startDate of the wrong form', { website: 'a.org', startDate: '2026/06/01' }, 'startDate'],
    ['an endDate that does not exist', { website: 'a.org', endDate: '2026-04-31' }, 'endDate'],
    ['an endDate before the startDate', { website: 'a.org', startDate: '2026-06-02', endDate: '2026-06-01' }, 'endDate'],
  ]
  for (const [name, body, field] of cases) it(`refuses ${name}`, () => expect400('POST', '/api/v1/orgs', body, field))

  for (const website of ['ftp://a.org', 'localhost', 'http://10.0.0.1/', 'no-suffix', 'https://user:pw@a.org/']) {
    it(`refuses the website ${website}`, () => expect400('POST', '/api/v1/orgs', { website }, 'website'))
  }

  it('refuses a window longer than a year and a day', () => expect400('POST', '/api/v1/orgs', { website: 'a.org', startDate: '2026-01-01', endDate: '2027-01-03' }, 'window'))
})

describe('POST /api/v1/report', () => {
  it('refuses a missing message', () => expect400('POST', '/api/v1/report', { email: 'a@b.org' }, 'message'))
  it('refuses an empty message', () => expect400('POST', '/api/v1/report', { message: '' }, 'message'))
  it('refuses a message that is not a string', () => expect400('POST', '/api/v1/report', { message: { text: 'x' } }, 'message'))
  it('refuses an email that is not an address', () => expect400('POST', '/api/v1/report', { message: 'wrong times', email: 'nobody' }, 'email'))
  it('refuses a body that is not JSON', () => expect400('POST', '/api/v1/report', 'message=hello', 'JSON'))
})

describe('dropped hints', () => {
  it('are reported by the job poll', async () => {
    const { app } = makeApp()
    const created = await call(app, 'POST', '/api/v1/orgs', { body: { website: 'a.org', hints: { eventUrls: ['mailto:x@a.org', 'https://a.org/e/1'] } } })
    const poll = await call(app, 'GET', `/api/v1/orgs/${created.json.jobId}`)
    expect(poll.status).toBe(202)
    expect(poll.json.notes).toEqual({ droppedHints: [{ list: 'eventUrls', url: 'mailto:x@a.org', reason: 'not_http' }] })
  })
})

forEachBackend('POST /api/v1/orgs with hints', (open) => {
  it('accepts hints with bad URLs: they are sanitized, not rejected', async () => {
    const { app, storage } = makeApp({ storage: await open() })
    const res = await call(app, 'POST', '/api/v1/orgs', { body: { domain: 'a.org', hints: { calendarUrls: ['javascript:alert(1)', 'https://a.org/cal'] } } })
    expect(res.status).toBe(202)
    const job = await jobRow(storage, res.json.jobId)
    expect(JSON.parse(job.hints)).toEqual({ calendarUrls: ['https://a.org/cal'], eventUrls: [] })
    expect(JSON.parse(job.hintReport)).toEqual({ items: [{ list: 'calendarUrls', url: 'javascript:alert(1)', reason: 'not_http' }], count: 1 })
  })
})
