// Pins the OpenAPI contract (DESIGN §4): /api/v1/openapi.json documents every route of the spec with
// its parameters, body schema and error bodies, in plain OpenAPI (no Elysia coercion artefacts), and
// /api/v1/docs serves a page that loads it relative to itself (so it works behind /s/<session>).
import { describe, expect, it } from 'bun:test'
import { call, makeApp } from '../helpers/app'

async function spec() {
  const { app } = makeApp()
  const res = await call(app, 'GET', '/api/v1/openapi.json')
  expect(res.status).toBe(200)
  return res.json
}

const ROUTES: [string, string, string[]][] = [
  ['get', '/api/v1/search/businesses', ['200', '400', '401', '402']],
  ['get', '/api/v1/search/events', ['200', '400', '401', '402']],
  ['post', '/api/v1/orgs', ['202', '400', '401', '402', '503']],
  ['get', '/api/v1/orgs/{jobId}', ['200', '202', '400', '401', '404', '410', '502']],
  ['get', '/api/v1/businesses/{id}/events', ['200', '400', '401', '402', '404', '503']],
  ['post', '/api/v1/report', ['202', '400', '401', '402', '429']],
  ['get', '/api/v1/health', ['200', '503']],
]

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3 document with the service version', async () => {
    const doc = await spec()
    expect(doc.openapi).toStartWith('3.')
    expect(doc.info.title).toBe('event-index')
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  for (const [method, path, statuses] of ROUTES) {
    it(`documents ${method.toUpperCase()} ${path} with its responses`, async () => {
      const op = (await spec()).paths[path]?.[method]
      expect(op).toBeDefined()
      for (const status of statuses) expect(Object.keys(op.responses)).toContain(status)
    })
  }

  it('lists no path outside the prefix and hides the docs themselves', async () => {
    const paths = Object.keys((await spec()).paths)
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true)
    expect(paths).not.toContain('/api/v1/openapi.json')
  })

  it('describes the event search constraints of the spec', async () => {
    const params = (await spec()).paths['/api/v1/search/events'].get.parameters
    const byName = Object.fromEntries(params.map((p: any) => [p.name, p.schema]))
    expect(byName.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 })
    expect(byName.startDate.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$')
    expect(byName.endDate.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$')
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['category', 'city']))
  })

  it('describes the index body with its hints object and the path id pattern', async () => {
    const doc = await spec()
    const body = doc.paths['/api/v1/orgs'].post.requestBody.content['application/json'].schema
    expect(Object.keys(body.properties)).toEqual(['website', 'domain', 'startDate', 'endDate', 'hints'])
    expect(Object.keys(body.properties.hints.properties)).toEqual(['calendarUrls', 'eventUrls'])
    const id = doc.paths['/api/v1/businesses/{id}/events'].get.parameters.find((p: any) => p.name === 'id')
    expect(id.schema.pattern).toBe('^[a-zA-Z0-9_]+$')
  })

  it('gives error responses the {error, message} body', async () => {
    const op = (await spec()).paths['/api/v1/businesses/{id}/events'].get
    const notIndexed = op.responses['404'].content['application/json'].schema
    expect(notIndexed.required).toEqual(expect.arrayContaining(['error', 'message', 'indexUrl']))
    const bad = op.responses['400'].content['application/json'].schema
    expect(bad.required).toEqual(['error', 'message'])
  })

  it('contains no Elysia-only keywords or string-coerced numbers', async () => {
    const text = JSON.stringify(await spec())
    expect(text).not.toContain('"error":"limit')
    expect(text).not.toContain('"format":"integer"')
  })
})

describe('GET /api/v1/docs', () => {
  it('serves an HTML page that loads the document by a relative URL', async () => {
    const { app } = makeApp()
    const res = await call(app, 'GET', '/api/v1/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.text).toContain('"url":"openapi.json"')
  })
})
