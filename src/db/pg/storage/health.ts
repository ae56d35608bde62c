import type { SQL } from 'bun'
import type { StorageHealth } from '../../storage-types'
import { appliedPgCount } from '../migrate'

/** One standby a primary streams to, and how far behind its replay is (null before it reported any lag). */
export type StandbyLag = { name: string; state: string; replayLagMs: number | null }

/**
 * What the health check says about PostgreSQL: answering (`reachable`; an unreachable server rejects, as
 * the interface says), its role, and the replication lag this server can see. `journalMode` carries the
 * server's `wal_level` (PostgreSQL always journals; this says how much the WAL holds for standbys).
 */
export type PgStorageHealth = StorageHealth & {
  backend: 'postgres'
  reachable: true
  role: 'primary' | 'standby'
  /** Primary: the largest replay lag of its standbys; standby: how old the last replayed transaction is; null when neither is known (no standby, or nothing replayed yet). */
  replicationLagMs: number | null
  /** Primary only: each standby streaming from it (pg_stat_replication). */
  standbys: StandbyLag[]
}

const ms = (v: string | number | null): number | null => (v === null ? null : Math.round(Number(v)))

/**
 * The health of PostgreSQL storage (Storage.health): on a primary, `pg_stat_replication` gives each
 * standby's `replay_lag`; on a standby, `now() - pg_last_xact_replay_timestamp()` is how far behind its
 * replay is. Reading `pg_stat_replication` needs no privilege for the lag columns a monitoring user sees;
 * a role without `pg_monitor` sees the rows with null lags, reported as null.
 */
export async function pgHealth(sql: SQL): Promise<PgStorageHealth> {
  const [server] = await sql`SELECT pg_is_in_recovery() AS standby, current_setting('wal_level') AS wal_level,
    (EXTRACT(EPOCH FROM (now() - pg_last_xact_replay_timestamp())) * 1000)::float8 AS replay_age_ms`
  const migrations = await appliedPgCount(sql)
  const base = { backend: 'postgres' as const, reachable: true as const, journalMode: String(server.wal_level), migrations }
  const seconds = (lagMs: number | null) => (lagMs === null ? null : lagMs / 1000)
  if (server.standby) {
    const lag = ms(server.replay_age_ms)
    return { ...base, role: 'standby', replicationLagMs: lag, replicationLagSeconds: seconds(lag), standbys: [] }
  }
  const rows = await sql`SELECT COALESCE(application_name, '') AS name, COALESCE(state, '') AS state,
    (EXTRACT(EPOCH FROM replay_lag) * 1000)::float8 AS lag_ms FROM pg_stat_replication ORDER BY application_name`
  const standbys: StandbyLag[] = rows.map((r: { name: string; state: string; lag_ms: number | null }) => ({ name: r.name, state: r.state, replayLagMs: ms(r.lag_ms) }))
  const lags = standbys.map((s) => s.replayLagMs).filter((l): l is number => l !== null)
  const lag = lags.length ? Math.max(...lags) : null
  return { ...base, role: 'primary', replicationLagMs: lag, replicationLagSeconds: seconds(lag), standbys }
}
