// Drill (issue 12, "reads never stall the server"): while a deliberately slow read runs in a read worker
// (real SQLite work that goes on until the test releases it), the service on a real socket answers its
// health check and another search (from the other worker) before the slow search is answered; the slow
// search then completes. Ordering, not durations: were reads on the request thread, the slow read would
// hold it and neither answer could come first. A read worker that dies mid-read fails that read with a
// 503 and is replaced: the next search is answered.
// SQLite only: the read-worker pool is SQLite's (PostgreSQL answers reads on its own connection pool).
import { sqliteStorage } from '../../src/db/sqlite-storage'
import { afterEach, describe, expect, it } from 'bun:test'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Server } from 'bun'
import { createApp } from '../../src/app'
import { loadConfig } from '../../src/config'
import { closeDatabase, migrate, openDatabase } from '../../src/db'
import { readPool } from '../../src/db/read-pool'
import { startServer } from '../../src/http/server'
import { silentLogger } from '../../src/log'
import { gatewayHeaders, TEST_KEYRING } from '../helpers/gateway'
import { seedIndexedOrganization } from '../helpers/seed'
import { tempDir } from '../helpers/tmp'

const SLOW_WORKER = new URL('../fixtures/workers/slow-read-worker.ts', import.meta.url).href
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function service() {
  const tmp = tempDir()
  cleanups.push(tmp.cleanup)
  const path = join(tmp.dir, 'drill.sqlite')
  const db = openDatabase(path)
  migrate(db)
  await seedIndexedOrganization(sqliteStorage(db), { events: 5, city: 'Springfield' })
  const reads = readPool({ path, workers: 2, workerUrl: SLOW_WORKER })
  const app = createApp({ config: loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING }), storage: sqliteStorage(db), reads })
  const server: Server<undefined> = startServer(app, { hostname: '127.0.0.1', port: 0, logger: silentLogger })
  cleanups.push(async () => {
    await server.stop(true)
    await reads.close()
    closeDatabase(db)
  })
  const url = `http://127.0.0.1:${server.port}`
  let n = 0
  const search = (city: string) => {
    const path = `/api/v1/search/events?city=${city}&n=${n++}`
    return fetch(`${url}${path}`, { headers: gatewayHeaders('GET', path, '') })
  }
  return { url, dir: tmp.dir, search }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(5)
}

describe('a slow read', () => {
  it('never stalls health checks or other searches', async () => {
    const { url, dir, search } = await service()
    let slowDone = false
    const slow = search('slow-drill').then((r) => {
      slowDone = true
      return r
    })
    await until(() => existsSync(join(dir, 'started')))

    const health = await fetch(`${url}/api/v1/health`)
    expect(health.status).toBe(200)
    expect(slowDone).toBe(false)

    const other = await search('Springfield')
    expect(other.status).toBe(200)
    expect(((await other.json()) as { count: number }).count).toBe(5)
    expect(slowDone).toBe(false)

    writeFileSync(join(dir, 'release'), '')
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { count: number }).count).toBe(0)
  })

  it('fails with a 503 when its worker dies, and the next read is answered by a new worker', async () => {
    const { search } = await service()
    const crashed = await search('crash-drill')
    expect(crashed.status).toBe(503)
    expect(((await crashed.json()) as { error: string }).error).toBe('storage_unavailable')
    const after = await Promise.all([search('Springfield'), search('Springfield'), search('Springfield')])
    expect(after.map((r) => r.status)).toEqual([200, 200, 200])
  })
})
