/**
 * Where the replay keys of verified signatures live for their window (DESIGN §4: the same signature, or the
 * same gw2 id, seen again within the window is refused). It must be shared by every instance serving the
 * same data and survive a restart, so it lives in the database: `sqliteReplayStore` (src/db/queries/
 * replay-keys.ts) today; a PostgreSQL store implements the same interface. No SQLite type appears here.
 */
export interface ReplayStore {
  /**
   * Records `key` until `expiresAtMs`, atomically (one unique insert): true when it was not recorded, or
   * only as already expired at `nowMs`; false when a live record exists (a replay). Implementations prune
   * expired records themselves.
   */
  remember(key: string, expiresAtMs: number, nowMs: number): boolean | Promise<boolean>
}
