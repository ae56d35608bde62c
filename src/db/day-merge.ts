/**
 * The steps of the day-by-day merge of an event search (see src/db/queries/event-search.ts for why a
 * search is read this way) that do not depend on how a backend answers: both the synchronous SQLite merge
 * and the asynchronous PostgreSQL one (pg/reads/merge.ts) pick the next row and decide when to open a day
 * here, so the two give rows in the same order.
 */
export const DAY_MS = 86_400_000
/** Rows read from a day stream at first, doubled at each refill up to what is still wanted. */
export const FIRST_CHUNK = 16

/** A row of a stream: start instant, id, and for the search near a point the venue's latitude and longitude. */
export type Row = [at: number, id: number, lat?: number, lon?: number]

/** What the merge needs of a stream: the rows read so far and where it stands in them. */
export type Head = { rows: Row[]; i: number }

export const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`)
export const dayAfter = (day: string) => new Date(utcMidnight(day) + DAY_MS).toISOString().slice(0, 10)

/** The stream whose next row comes first (start, then id), among those with a row read and not yet taken. */
export function earliest<S extends Head>(streams: S[]): S | undefined {
  let best: S | undefined
  for (const s of streams) {
    if (s.i >= s.rows.length) continue
    if (!best) best = s
    else {
      const a = s.rows[s.i]
      const b = best.rows[best.i]
      if (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) best = s
    }
  }
  return best
}

/**
 * Whether the day `next` must be opened before the row `best` offers is taken: once the merge reaches
 * the earliest instant an event of that day can have (its UTC midnight minus a day, whatever the offset).
 */
export function opensBefore(next: string | undefined, best: Head | undefined): next is string {
  return next !== undefined && (!best || best.rows[best.i][0] >= utcMidnight(next) - DAY_MS)
}
