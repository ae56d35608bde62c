// Pins the OpenAPI contract (DESIGN §4): /api/v1/openapi.json documents every route of the spec with
// its parameters, body schema and error bodies, in plain OpenAPI (no Elysia coercion artefacts), and is
// valid by a maintained validator (Redocly's recommended-strict rules: structure, security schemes,
// required properties defined, servers); /api/v1/docs serves a page whose assets are embedded (no CDN)
// and that loads the document relative to itself (so it works behind /s/<session>).
import { describe, expect, it } from 'bun:test'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { ROUTE_RULES } from '../../src/gateway/routes'
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
  it('is an OpenAPI 3.1 document of the interface version 1.0.0 (spec Versioning), with the release beside it', async () => {
    const doc = await spec()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.title).toBe('event-index')
    expect(doc.info.version).toBe('1.0.0')
    expect(doc.info['x-service-version']).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('passes a maintained validator with no problem at all', async () => {
    // Off, with reasons: the project names no licence, and health has no 4xx answer of its own.
    const config = await createConfig({ extends: ['recommended-strict'], rules: { 'info-license': 'off', 'operation-4xx-response': 'off' } })
    const problems = await lintFromString({ source: JSON.stringify(await spec()), absoluteRef: 'http://localhost/api/v1/openapi.json', config })
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([])
  })

  it('keeps the error property of every error body and describes every response', async () => {
    const doc = await spec()
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        for (const [status, response] of Object.entries<any>(op.responses)) {
          expect({ at: `${method} ${path} ${status}`, description: typeof response.description === 'string' && response.description.length > 0 }).toEqual({
            at: `${method} ${path} ${status}`,
            description: true,
          })
          if (status >= '400' && path !== '/api/v1/health')
            expect({ at: `${method} ${path} ${status}`, error: response.content['application/json'].schema.properties.error?.type }).toEqual({ at: `${method} ${path} ${status}`, error: 'string' })
        }
    expect(doc.paths['/api/v1/health'].get.responses['200'].content['application/json'].schema.properties.database.properties.error).toEqual({ type: 'string' })
  })

  it('answers and accepts JSON only', async () => {
    const doc = await spec()
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item)) {
        for (const response of Object.values<any>(op.responses)) expect(Object.keys(response.content ?? { 'application/json': 1 })).toEqual(['application/json'])
        if (op.requestBody) expect(Object.keys(op.requestBody.content)).toEqual(['application/json'])
      }
  })

  it('documents gw-usage on the 2xx of the paid routes and nowhere else', async () => {
    const doc = await spec()
    const withHeader: string[] = []
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        for (const [status, response] of Object.entries<any>(op.responses)) if (response.headers?.['gw-usage']) withHeader.push(`${method} ${path} ${status}`)
    expect(withHeader.sort()).toEqual(['get /api/v1/businesses/{id}/events 200', 'post /api/v1/orgs 202'])
    expect(doc.paths['/api/v1/orgs'].post.responses['202'].headers['gw-usage'].schema).toMatchObject({ type: 'string' })
  })

  it("gives each operation the gateway's security: signature + agent, verify-only for the poll, bearer on read routes, none for health", async () => {
    const doc = await spec()
    const signedAgent = { gatewaySignature: [], agentIdentity: [] }
    expect(doc.paths['/api/v1/orgs'].post.security).toEqual([signedAgent])
    expect(doc.paths['/api/v1/report'].post.security).toEqual([signedAgent])
    expect(doc.paths['/api/v1/orgs/{jobId}'].get.security).toEqual([{ gatewaySignature: [] }, { agentKey: [] }])
    for (const path of ['/api/v1/businesses/{id}/events', '/api/v1/search/events', '/api/v1/search/businesses']) expect(doc.paths[path].get.security).toEqual([signedAgent, { agentKey: [] }])
    expect(doc.paths['/api/v1/health'].get.security).toEqual([])
    expect(doc.security).toBeUndefined()
    // Every gateway route is in the document, so no rule goes undocumented.
    for (const key of Object.keys(ROUTE_RULES)) {
      const [method, route] = key.split(' ')
      expect(doc.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]).toBeDefined()
    }
  })

  it('names a server relative to the document, so calls go where the document was read (service or storefront)', async () => {
    const doc = await spec()
    expect(doc.servers).toHaveLength(1)
    expect(new URL(doc.servers[0].url, 'http://127.0.0.1:8080/s/sess_abc/api/v1/openapi.json').href).toBe('http://127.0.0.1:8080/s/sess_abc/')
    expect(new URL(doc.servers[0].url, 'http://127.0.0.1:3000/api/v1/openapi.json').href).toBe('http://127.0.0.1:3000/')
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

  it('documents the search parameters of issue 18 with their bounds and choices', async () => {
    const doc = await spec()
    const byName = Object.fromEntries(doc.paths['/api/v1/search/events'].get.parameters.map((p: any) => [p.name, p.schema]))
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['q', 'near', 'radiusKm', 'audience', 'free', 'when', 'cursor']))
    expect(byName.radiusKm).toMatchObject({ type: 'number', exclusiveMinimum: 0, maximum: 200 })
    expect(JSON.stringify(byName.when)).toContain('this-weekend')
    expect(JSON.stringify(byName.audience)).toContain('seniors')
    const ok = doc.paths['/api/v1/search/events'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(ok.properties)).toContain('nextCursor')
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

  it('loads every asset from the service itself, relative to the page, and asks no outside validator', async () => {
    const { app } = makeApp()
    const page = (await call(app, 'GET', '/api/v1/docs')).text
    expect(page).not.toMatch(/https?:\/\//)
    expect(page).toContain('"validatorUrl":null')
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(assets.sort()).toEqual(['docs/swagger-ui-bundle.js', 'docs/swagger-ui.css'])
    for (const asset of assets) {
      const res = await call(app, 'GET', `/api/v1/${asset}`, { sign: false })
      expect(res.status).toBe(200)
      expect(res.text.length).toBeGreaterThan(10_000)
    }
    expect((await call(app, 'GET', '/api/v1/docs/swagger-ui-bundle.js')).headers.get('content-type')).toContain('javascript')
    for (const missing of ['nothing.js', 'constructor', '__proto__', 'toString']) expect((await call(app, 'GET', `/api/v1/docs/${missing}`)).status).toBe(404)
  })
})
