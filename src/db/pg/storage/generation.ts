import type { SQL } from 'bun'

/** The channel on which every committed change to the events announces the new generation (its payload). */
export const GENERATION_CHANNEL = 'event_index_events_generation'

/**
 * The events generation as this instance knows it (issue 17). On PostgreSQL several instances write the
 * events, so the in-process counter of SQLite (queries/generation.ts) would miss the others' writes. The
 * shared value is the one row of `events_generation`, advanced in the transaction of every change to the
 * events ({@link advanceGeneration}), which NOTIFYs {@link GENERATION_CHANNEL} on commit. `current()` stays
 * synchronous (read caches are keyed by it): it answers the highest value learnt, from this instance's own
 * commits at once and from the others' by LISTEN; the row is read again whenever the listening connection
 * is (re)established, so a notification lost while it was down cannot leave a stale value.
 */
export type PgGeneration = {
  current(): number
  /** Notes a value committed by this instance (never lowers the counter). */
  learn(value: number): void
  close(): Promise<void>
}

/** Advances the shared generation inside `tx` (the writing transaction) and NOTIFYs it, delivered on commit; the new value. */
export async function advanceGeneration(tx: SQL): Promise<number> {
  const [row] = await tx`INSERT INTO events_generation (id, value) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET value = events_generation.value + 1 RETURNING value`
  const value = Number(row.value)
  await tx`SELECT pg_notify(${GENERATION_CHANNEL}, ${String(value)})`
  return value
}

/** The shared generation as committed (0 before the first change). */
export async function readGeneration(sql: SQL): Promise<number> {
  const [row] = await sql`SELECT COALESCE(max(value), 0) AS value FROM events_generation`
  return Number(row.value)
}

/** Subscribes to the generation's channel on `sql` (its own dedicated connection) and reads the committed value once subscribed. */
export async function listenGeneration(sql: SQL): Promise<PgGeneration> {
  let known = 0
  const learn = (value: number) => {
    if (Number.isFinite(value) && value > known) known = value
  }
  let refreshing: Promise<void> = Promise.resolve()
  const refresh = () => {
    refreshing = readGeneration(sql).then(learn, () => {})
  }
  const subscription = await sql.listen(GENERATION_CHANNEL, (payload) => learn(Number(payload)), refresh)
  // Read after the LISTEN is acknowledged: a change committed between the two is seen by one or the other.
  learn(await readGeneration(sql))
  await refreshing
  return { current: () => known, learn, close: () => subscription.unlisten() }
}
