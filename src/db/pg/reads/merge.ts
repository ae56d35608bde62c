/**
 * The day-by-day merge of src/db/queries/event-search.ts (see its header for why a search is read this
 * way), over statements that answer asynchronously (PostgreSQL). The order and the bounds are the same:
 * the running events of the window in one read, then one stream per local start day, opened only when the
 * merge reaches the earliest instant an event of that day can have (its UTC midnight minus a day), each
 * read in chunks by keyset on (start, id) up to what is still wanted; empty days skipped with one seek.
 */
import { dayAfter, earliest, FIRST_CHUNK, opensBefore, type Row } from '../../day-merge'

export type { Row } from '../../day-merge'

export type DayReads = {
  /** The first day from `from` to the window's end with a row of this source (ended or not). */
  nextDay(from: string): Promise<string | undefined>
  /** One day's matching rows in start order after (`at`, `after`), at most `want` (null: all). */
  day(day: string, at: number, after: number, want: number | null): Promise<Row[]>
  /** The events running when the window opens, in start order, at most `want` (null: all). */
  ongoing(want: number | null): Promise<Row[]>
}

type Stream = { rows: Row[]; i: number; day?: string; chunk: number; done: boolean }

/**
 * The matching rows in start order, at most `limit`, from `first` (the first day a live single-day event
 * can start on, see bindings in event-search.ts). `from` is where every day stream starts (a cursor's
 * key, else before everything). With `accept` (near a point) rows are dropped after they are read, so
 * each day is read whole.
 */
export async function mergeDays(reads: DayReads, first: string, limit: number, from: [number, number] | null, accept?: (row: Row) => boolean): Promise<Row[]> {
  const out: Row[] = []
  const streams: Stream[] = [{ rows: await reads.ongoing(accept ? null : limit), i: 0, chunk: 0, done: true }]
  const read = async (s: Stream) => {
    const last = s.rows[s.rows.length - 1]
    const want = accept ? null : Math.min(s.chunk, limit - out.length)
    s.rows = await reads.day(s.day!, last?.[0] ?? from?.[0] ?? -Number.MAX_SAFE_INTEGER, last?.[1] ?? from?.[1] ?? -Number.MAX_SAFE_INTEGER, want)
    s.i = 0
    s.done = want === null || s.rows.length < want
    s.chunk *= 2
  }
  let nextFrom: string | undefined = first
  let next: string | undefined
  while (out.length < limit) {
    if (next === undefined && nextFrom !== undefined) {
      next = await reads.nextDay(nextFrom)
      if (next === undefined) nextFrom = undefined
    }
    for (const s of streams) if (s.i >= s.rows.length && !s.done) await read(s)
    const best = earliest(streams)
    if (opensBefore(next, best)) {
      const s: Stream = { rows: [], i: 0, day: next, chunk: FIRST_CHUNK, done: false }
      await read(s)
      streams.push(s)
      nextFrom = dayAfter(next)
      next = undefined
      continue
    }
    if (!best) break
    const row = best.rows[best.i++]
    if (!accept || accept(row)) out.push(row)
  }
  return out
}
