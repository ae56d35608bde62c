import { signRequest } from '../../../src/gateway/signature'
import { addDays, utcToday } from '../../../src/model/dates'
import { CATEGORIES, CITIES } from './seed-db'
import type { PreparedRequest } from './wrk'

export const BENCH_KEY = { kid: 'bench', secret: 'bench-secret-0123456789abcdef0123456789', agentId: 'agent-bench' }

/** A small seeded PRNG (mulberry32), so that every run draws the same mix. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` distinct event searches drawn from what the seeded databases hold (issue 12's mix): a start
 * date from today to 60 days out (or none: today), a window of 1 to 60 days (or none: 90), one of the
 * seeded cities half the time, one of the seeded categories 40% of the time, limit 20 or 200.
 */
export function searchMix(count: number, nowMs = Date.now(), seed = 12): string[] {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const today = utcToday(nowMs)
  const paths = new Set<string>()
  for (let guard = 0; paths.size < count && guard < count * 50; guard++) {
    const q = new URLSearchParams()
    const start = next() < 0.8 ? addDays(today, Math.floor(next() * 61)) : undefined
    if (start) q.set('startDate', start)
    if (next() < 0.8) q.set('endDate', addDays(start ?? today, pick([0, 1, 6, 13, 29, 59])))
    if (next() < 0.5) q.set('city', pick(CITIES))
    if (next() < 0.4) q.set('category', pick(CATEGORIES))
    q.set('limit', next() < 0.5 ? '20' : '200')
    paths.add(`/api/v1/search/events?${q.toString().replace(/\+/g, '%20')}`)
  }
  return [...paths]
}

let batch = 0

/**
 * `count` requests signed as the gateway signs them (gw2: each with its own request id, so none is a
 * replay), each for a path drawn at random from `paths`. Signed now: use them within 300 s.
 */
export function signedRequests(paths: string[], count: number, seed = 1): PreparedRequest[] {
  const next = random(seed + batch * 7919)
  const prefix = `b${process.pid}-${batch++}-${Date.now().toString(36)}`
  const t = Math.floor(Date.now() / 1000)
  return Array.from({ length: count }, (_, i) => {
    const path = paths[Math.floor(next() * paths.length)]
    const id = `${prefix}-${i}`
    const signature = signRequest(BENCH_KEY.secret, { t, kid: BENCH_KEY.kid, id, method: 'GET', pathAndQuery: path, agentId: BENCH_KEY.agentId, body: '' })
    return { path, headers: { 'gw-signature': signature, 'gw-agent-id': BENCH_KEY.agentId } }
  })
}

/** One signed GET (for fetching the answers the bare server will give). */
export function signedFetch(origin: string, path: string): Promise<Response> {
  const [request] = signedRequests([path], 1)
  return fetch(`${origin}${path}`, { headers: request.headers })
}
