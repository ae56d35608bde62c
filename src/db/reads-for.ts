import type { Db } from './client'
import { openReads } from './read-pool'
import { inlineReads } from './read-ops'
import type { Reads } from './reads'

/**
 * The read side over a storage connection, for callers outside db/ (which never see the driver):
 * reads on the connection itself (tests, `:memory:`), or a pool of reader threads on the same file.
 */
export function readsOn(db: Db): Reads {
  return inlineReads(db.$client)
}

/** The read pool of the service: `workers` reader threads on `path` (inline for `:memory:` or 0 workers). */
export function readPoolFor(db: Db, options: { path: string; workers: number }): Reads {
  return openReads(db.$client, options)
}
