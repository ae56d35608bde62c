// Drill (issue 7): 1 000 concurrent connections on the event search for 30 s against the service in its
// own process: no error responses, no socket errors, and memory that levels off (the resident size at the
// end is within 1.5x of the size after the first 10 s, so nothing grows per request).
import { afterAll, describe, expect, it } from 'bun:test'
import autocannon from 'autocannon'
import { join } from 'node:path'
import { seedBenchDatabase } from '../bench/lib/seed-db'
import { rssMiB, startBenchService } from '../bench/lib/service'
import { tempDir } from '../helpers/tmp'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('1 000 connections on search for 30 s', () => {
  it('answers every request with 200 and keeps its memory level', async () => {
    const dbPath = join(tmp.dir, 'connections.sqlite')
    seedBenchDatabase(dbPath, 100, 20)
    const service = await startBenchService({ databasePath: dbPath, env: { GW_SIGNING_KEYS: 'k:drill-secret-0123456789abcdef0123456789', AGENT_KEYS: 'ak_drill:agent-drill' } })
    try {
      const samples: number[] = []
      const sampler = setInterval(async () => samples.push(await rssMiB(service.proc.pid)), 10_000)
      const cities = ['Springfield', 'Shelbyville', 'Ogdenville', 'Brockway']
      let n = 0
      const result = await autocannon({
        url: service.url,
        connections: 1000,
        duration: 30,
        headers: { authorization: 'Bearer ak_drill' },
        requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: `/api/v1/search/events?city=${cities[n++ % cities.length]}&limit=20` }) }],
      })
      clearInterval(sampler)
      samples.push(await rssMiB(service.proc.pid))
      expect(result.errors).toBe(0)
      expect(result.timeouts).toBe(0)
      expect(result.non2xx).toBe(0)
      expect(result.requests.total).toBeGreaterThan(10_000)
      expect(samples.length).toBeGreaterThanOrEqual(3)
      expect(samples[samples.length - 1]).toBeLessThan(samples[0] * 1.5)
    } finally {
      service.proc.kill()
    }
  }, 90_000)
})
