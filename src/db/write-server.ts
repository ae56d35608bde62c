import type { WorkerError } from './worker-errors'
import { serveOnConnection, type OpenMessage } from './worker-loop'
import { openDatabase, type Db } from './client'
import { pruneEndedEvents } from './queries/events'
import type { StoreArgs, StoreOutcome } from './storage-types'

/** The crawl writer's messages (see store-writer.ts). */
type WriteMessage = { type: 'store'; id: number; args: StoreArgs } | { type: 'prune'; id: number; endedBeforeMs: number }
export type ToWriter = OpenMessage | WriteMessage
export type FromWriter = { id: number; value: StoreOutcome | number } | { id: number; error: WorkerError }
type Scope = { onmessage: ((event: MessageEvent<ToWriter>) => void) | null; postMessage(message: FromWriter): void }

/** How a crawl result is written on the writer's connection: queries/store.ts's storeCrawlResult (drills substitute a slow one). */
export type StoreOnConnection = (db: Db, args: StoreArgs) => StoreOutcome

/**
 * The body of the crawl writer: answers each `store` message by running `store` (one transaction) on its
 * own connection to the database file, and each `prune` message by deleting the events that ended before
 * its time (the scheduler's daily bulk delete, pruneEndedEvents), one at a time in arrival order, and
 * posts back the outcome or the error (with its SQLite code, so that the runner sees a storage failure as one). The connection is opened
 * with the first store (and again after a failure to open), with the settings every connection has
 * (client.ts): its busy timeout makes it wait for the request thread's short writes here, off that thread.
 */
export function serveWrites(store: StoreOnConnection, scope: Scope): void {
  serveOnConnection<Db, WriteMessage>(scope, openDatabase, (db, message) =>
    scope.postMessage({ id: message.id, value: message.type === 'store' ? store(db, message.args) : pruneEndedEvents(db, message.endedBeforeMs) }),
  )
}
