/**
 * A read worker (a Bun Worker started by the read pool, read-pool.ts): runs the reads of READ_OPS on its
 * own read-only connection, so that no read runs on the request thread. It never writes.
 */
import { READ_OPS } from './read-ops'
import { serveReads } from './read-server'

declare const self: Worker

serveReads(READ_OPS, self as never)
