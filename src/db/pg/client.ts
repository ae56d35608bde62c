import { SQL } from 'bun'
import { drizzle, type BunSQLDatabase } from 'drizzle-orm/bun-sql'
import * as schema from './schema'

export { redactDatabaseUrl } from '../database-url'

export type PgDb = BunSQLDatabase<typeof schema> & { $client: SQL }

/**
 * Opens a pool on a PostgreSQL database (`postgres://…`) through Bun's built-in client, with drizzle over
 * it (drizzle-orm/bun-sql). `max` bounds the pool's connections; 1 makes every query run on the same
 * connection, which a session-level advisory lock needs. Connecting happens on the first query.
 */
export function openPostgres(url: string, options: { max?: number } = {}): PgDb {
  const client = new SQL({ url, max: options.max ?? 10, connectionTimeout: 10 })
  return drizzle({ client, schema }) as PgDb
}

/** Closes the pool (waiting for queries under way); the drizzle object is unusable afterwards. */
export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.close()
}
