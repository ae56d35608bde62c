import type { WorkerError } from './worker-errors'
import { serveOnConnection, type OpenMessage } from './worker-loop'
import { Database } from 'bun:sqlite'
import { BUSY_TIMEOUT_MS } from './client'
import { releasedBytes } from '../memory'
import type { ReadOps } from './read-ops'

/** A read worker's messages (see read-pool.ts). */
type ReadMessage = { type: 'read'; id: number; op: keyof ReadOps; params: unknown }
export type ToReader = OpenMessage | ReadMessage
export type FromReader = { id: number; value: unknown } | { id: number; error: WorkerError }
type Scope = { onmessage: ((event: MessageEvent<ToReader>) => void) | null; postMessage(message: FromReader, transfer?: ArrayBuffer[]): void }

/**
 * The page cache of a read connection, in KiB (SQLite's default is 2000). An uncached search reads about
 * seventy pages, nearly all records of events spread over months (a hundred megabytes at 100 000 events),
 * so the cache keeps little but the B-trees' upper pages: measured on the bench's search mix at 100 000
 * events, 2000 KiB spared 3 or 4 page reads a search out of 72, 8000 KiB no more, and neither used less
 * CPU than this one, which leaves each read worker about 1.5 MiB less resident (issue 12: memory).
 */
export const READ_CACHE_KIB = 512

/**
 * Opens a read-only connection with the settings every connection must have (DESIGN §5; WAL is the
 * file's mode, set by the writer, and a read-only connection cannot change it), answering a busy
 * database after BUSY_TIMEOUT_MS rather than at once, with a page cache of READ_CACHE_KIB.
 */
export function openReadOnly(path: string): Database {
  const sqlite = new Database(path, { readonly: true, strict: true })
  sqlite.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  sqlite.run(`PRAGMA cache_size = -${READ_CACHE_KIB}`)
  return sqlite
}

/**
 * The body of a read worker: answers each `read` message by running the named op on its own read-only
 * connection, one at a time, and posts back the value or the error (with its SQLite code, so that the
 * request thread answers a storage failure as one). The connection is opened on the first read and again
 * after a failure to open, so a file that appears later is found.
 */
export function serveReads(ops: ReadOps, scope: Scope): void {
  serveOnConnection<Database, ReadMessage>(scope, openReadOnly, (sqlite, message) => {
    const value = inOneSnapshot(sqlite, () => (ops[message.op] as (s: Database, p: unknown) => unknown)(sqlite, message.params))
    const transfer = transferable(value)
    scope.postMessage({ id: message.id, value }, transfer)
    // Records posted as text were copied into the message and are garbage here now; bytes were handed
    // over whole (a search's records are joined by SQLite, search-records.ts; an organization's from
    // per-record arrays left to the collector's own pace: they live in its heap, so it sees them).
    if (transfer.length === 0) releasedBytes(recordBytes(value))
  })
}

/**
 * Runs a read's statements in one read transaction: they see one snapshot (a search's day streams, ongoing
 * events and records agree with each other even while the writer commits), and the transaction is begun
 * once rather than by each of a search's ten or so statements (about 15% of a search's time).
 */
function inOneSnapshot<T>(sqlite: Database, read: () => T): T {
  sqlite.query('BEGIN').run()
  try {
    return read()
  } finally {
    sqlite.query('COMMIT').run()
  }
}

/**
 * The buffer of a result's records when they are bytes (record-bytes.ts): handed over to the request
 * thread rather than copied into the message. The buffer is the records' own, so nothing else goes with it.
 */
function transferable(value: unknown): ArrayBuffer[] {
  const records = (value as { records?: unknown } | null)?.records
  return records instanceof Uint8Array && records.byteOffset === 0 && records.byteLength === records.buffer.byteLength ? [records.buffer as ArrayBuffer] : []
}

/** About how many bytes of record text a read's result holds (what the worker lets go once it is posted). */
function recordBytes(value: unknown): number {
  const records = (value as { records?: unknown } | null)?.records
  if (typeof records === 'string') return records.length
  return Array.isArray(records) ? records.reduce((n: number, r) => n + (typeof r === 'string' ? r.length : 0), 0) : 0
}
