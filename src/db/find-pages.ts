import { distanceKm } from '../model/geo'
import type { FindOrder, FindResult } from './reads'

/**
 * The steps of the extended search (issue 18) that do not depend on the backend: the page of a search near
 * a point, and the answer assembled from the rows in answer order. SQLite (queries/event-find.ts) and
 * PostgreSQL (pg/reads/find.ts) read the rows; both answer through these.
 */

/** A candidate row of a search near a point: start instant, id, and the venue's latitude and longitude. */
export type NearRow = [at: number, id: number, lat?: number, lon?: number]

/**
 * One page of a search near a point, the same on every backend (issue 18): the candidates within the exact
 * circle, sorted by distance, then start, then id, after the cursor `after` (the sort key of the last row
 * handed out), at most `limit`; each row's sort key and distance beside it.
 */
export function distancePage<R extends NearRow>(
  candidates: Iterable<R>,
  near: { latitude: number; longitude: number; radiusKm: number },
  after: number[] | null,
  limit: number,
): { rows: R[]; keys: number[][]; distances: number[] } {
  const found: { row: R; d: number }[] = []
  for (const row of candidates) {
    const d = distanceKm(near.latitude, near.longitude, row[2]!, row[3]!)
    if (d <= near.radiusKm) found.push({ row, d })
  }
  found.sort((a, b) => a.d - b.d || a.row[0] - b.row[0] || a.row[1] - b.row[1])
  const from = after ? found.findIndex((f) => compare([f.d, f.row[0], f.row[1]], after) > 0) : 0
  const page = from < 0 ? [] : found.slice(from, from + limit)
  return { rows: page.map((f) => f.row), keys: page.map((f) => [f.d, f.row[0], f.row[1]]), distances: page.map((f) => f.d) }
}

/** Compares two sort keys element by element (a missing element of `b` counts as 0). */
export function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < (b[i] ?? 0) ? -1 : 1
  return 0
}

/** Rows in answer order with their sort keys (and distances near a point), as a backend's order read them. */
export type OrderedRows = { rows: NearRow[]; keys: number[][]; distances?: number[] }

/**
 * The answer of the extended search: the records of `found.rows` in their order (a row whose record is
 * gone, deleted since its key was read, is left out), their distances, and the key of the last one handed
 * out (the next page's cursor).
 */
export function findResult(order: FindOrder, found: OrderedRows, byId: Map<number, string>): FindResult {
  const records: string[] = []
  const distances: number[] = []
  let last: number[] | null = null
  found.rows.forEach((row, i) => {
    const record = byId.get(row[1])
    if (record === undefined) return
    records.push(record)
    if (found.distances) distances.push(found.distances[i])
    last = found.keys[i]
  })
  return { order, records, distances, last }
}
