/**
 * Where the replay keys of verified signatures live for their window (DESIGN §4: the same signature, or the
 * same gw2 id, seen again within the window is refused). It must be shared by every instance serving the
 * same data and survive a restart, so it lives in the database: `sqliteReplayStore` (src/db/queries/
 * replay-keys.ts) today; a PostgreSQL store implements the same interface. No SQLite type appears here.
 */
export interface ReplayStore {
  /**
   * Records `key` until `expiresAtMs`: true when it was not recorded (or only as expired at `nowMs`), false
   * when a live record exists (a replay). With `durable`, the key is stored before the answer is given, so
   * no instance and no restart can accept it again; without it (free reads, the hot path) it is decided at
   * once against every key this instance knows and stored within `LAZY_WRITE_MS`, in one write for all.
   */
  remember(key: string, expiresAtMs: number, nowMs: number, durable: boolean): boolean | Promise<boolean>
  /** Stores every key still waiting (called before the database is closed). */
  flush(): void | Promise<void>
}

/** How long a free read's replay key may wait before it is stored with the others of that interval. */
export const LAZY_WRITE_MS = 10
