import { errorFromMessage } from './worker-errors'
import type { StoreArgs, StoreOutcome } from './storage-types'
import type { FromWriter, ToWriter } from './write-server'

export type StoreWriter = {
  /** Writes a finished crawl on the writer's connection (one transaction); rejects, with nothing written, when it failed or the writer died under it. */
  store(args: StoreArgs): Promise<StoreOutcome>
  /** Deletes the events that ended before `endedBeforeMs` on the writer's connection (one transaction, pruneEndedEvents); how many. */
  prune(endedBeforeMs: number): Promise<number>
  /** Stops the writer; stores still under way fail. */
  close(): Promise<void>
}

type Task = { resolve: (value: never) => void; reject: (error: Error) => void }
type Request = { type: 'store'; args: StoreArgs } | { type: 'prune'; endedBeforeMs: number }

/** Where the writer's module is: beside this file, or inside the compiled binary (an extra entrypoint, DESIGN §9). */
export function defaultWriteWorkerUrl(): string {
  return import.meta.url.startsWith('file:///$bunfs/') ? '/$bunfs/root/db/write-worker.js' : new URL('./write-worker.ts', import.meta.url).href
}

/** The error of a store whose writer died under it: a storage failure, so the job is crawled again. */
function writerLost(): Error {
  return Object.assign(new Error('the crawl writer stopped while storing'), { code: 'SQLITE_IOERR_WRITER' })
}

/**
 * The crawl writer of a SQLite file (issue 12: a crawl's store took 5–58 ms of the request thread, and
 * four finishing together stalled every request for up to 140 ms): a Bun Worker with its own connection
 * that runs each store, one transaction, while the request thread goes on answering. Stores are written
 * one at a time in the order they are handed over. The job runner stays the only writer of crawl results:
 * it alone calls `storage.events.storeCrawlResult`, and this worker writes only what that call hands it.
 * The scheduler's daily delete of ended events (thousands of rows at a million events) runs here too.
 * A writer that dies mid-store has its transaction rolled back with its connection (the organization
 * keeps its previous events), fails the stores under way with a storage error, and is started again with
 * the next store. Started with the first store; it never keeps the process alive.
 */
export function storeWriter(options: { path: string; workerUrl?: string }): StoreWriter {
  const pending = new Map<number, Task>()
  let worker: Worker | undefined
  let nextId = 1
  let closed = false

  const lost = (which: Worker) => {
    if (worker !== which) return
    worker = undefined
    which.terminate()
    for (const task of pending.values()) task.reject(writerLost())
    pending.clear()
  }

  const start = (): Worker => {
    const started = new Worker(options.workerUrl ?? defaultWriteWorkerUrl())
    started.postMessage({ type: 'open', path: options.path } satisfies ToWriter)
    started.onmessage = (event: MessageEvent<FromWriter>) => {
      const message = event.data
      const task = pending.get(message.id)
      if (!task) return
      pending.delete(message.id)
      if ('error' in message) task.reject(errorFromMessage(message.error))
      else task.resolve(message.value as never)
    }
    started.addEventListener('error', () => lost(started))
    started.addEventListener('close', () => lost(started))
    started.unref()
    return started
  }

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(Object.assign(new Error('the database is closed'), { code: 'SQLITE_MISUSE' }))
      worker ??= start()
      const id = nextId++
      pending.set(id, { resolve: resolve as (value: never) => void, reject })
      worker.postMessage({ ...request, id } satisfies ToWriter)
    })

  return {
    store: (args) => send<StoreOutcome>({ type: 'store', args }),
    prune: (endedBeforeMs) => send<number>({ type: 'prune', endedBeforeMs }),
    async close() {
      closed = true
      const stopping = worker
      if (stopping) lost(stopping)
      stopping?.terminate()
    },
  }
}
