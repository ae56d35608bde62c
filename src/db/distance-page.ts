import { distanceKm } from '../model/geo'

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
