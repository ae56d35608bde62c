// Pins that the docs page works with no network (DESIGN §4 `/api/v1/docs`, issue 15): headless Chromium
// opens it on the service and behind the local gateway's storefront with every request off the machine
// refused, and Swagger UI renders the six operations of the spec from the embedded assets. It also pins
// that the page asks for nothing off the machine at all (no CDN, no validator badge, no fonts).
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { migrate, openDatabase } from '../../src/db'
import { startLocalGateway, type LocalGateway } from '../../src/gateway/local/server'
import { startServer } from '../../src/http/server'
import { silentLogger } from '../../src/log'

const CHROMIUM = '/usr/bin/chromium'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const OPERATIONS = ['GET /api/v1/search/businesses', 'GET /api/v1/search/events', 'POST /api/v1/orgs', 'GET /api/v1/orgs/{jobId}', 'GET /api/v1/businesses/{id}/events', 'POST /api/v1/report']
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

let context: BrowserContext
let profile: string
let server: ReturnType<typeof startServer>
let gateway: LocalGateway
/** Every request the page tried to send off the machine (each was aborted). */
const offMachine: string[] = []

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this)`)
  const keys = { kid: 'docs', secret: 'docs-page-secret-0123456789abcdef0123', usageReadKey: 'ur', usageWriteKey: 'uw' }
  let serviceUrl = ''
  gateway = startLocalGateway({ upstream: () => serviceUrl, port: 0, ...keys })
  const db = openDatabase(':memory:')
  migrate(db)
  const config = loadConfig({ GW_SIGNING_KEYS: `${keys.kid}:${keys.secret}`, GW_USAGE_URL: gateway.usageUrl, GW_USAGE_READ_KEY: keys.usageReadKey, GW_USAGE_WRITE_KEY: keys.usageWriteKey })
  server = startServer(createApp({ config, storage: sqliteStorage(db) }), { hostname: '127.0.0.1', port: 0, logger: silentLogger })
  serviceUrl = `http://127.0.0.1:${server.port}`
  profile = mkdtempSync(join(tmpdir(), 'event-index-chromium-'))
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS })
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)) return route.continue()
    if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue()
    offMachine.push(url.href)
    return route.abort('internetdisconnected')
  })
}, 60_000)

afterAll(async () => {
  await context?.close()
  server?.stop(true)
  await gateway?.stop()
  if (profile) rmSync(profile, { recursive: true, force: true })
})

/** Opens a docs page and returns the operations Swagger UI rendered, as `METHOD path`. */
async function renderedOperations(url: string): Promise<string[]> {
  const page = await context.newPage()
  try {
    const response = await page.goto(url, { waitUntil: 'load' })
    expect(response?.status()).toBe(200)
    await page.waitForSelector('.opblock', { timeout: 20_000 })
    await page.waitForFunction(
      (n) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.opblock').length >= n,
      OPERATIONS.length,
      { timeout: 20_000 },
    )
    return await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    )
  } finally {
    await page.close()
  }
}

describe('the docs page, offline, in headless Chromium', () => {
  it('renders the six operations of the spec on the service', async () => {
    const operations = await renderedOperations(`http://127.0.0.1:${server.port}/api/v1/docs`)
    expect(operations).toEqual(expect.arrayContaining(OPERATIONS))
    expect(offMachine).toEqual([])
  }, 60_000)

  it('renders them behind the local gateway storefront (/s/<session>/api/v1/docs), every address relative', async () => {
    const operations = await renderedOperations(`${gateway.url}/s/${gateway.agents[0].session}/api/v1/docs`)
    expect(operations).toEqual(expect.arrayContaining(OPERATIONS))
    expect(offMachine).toEqual([])
  }, 60_000)
})
