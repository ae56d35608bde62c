import { errorFromMessage } from './worker-errors'
import type { Database } from 'bun:sqlite'
import type { FromReader, ToReader } from './read-server'
import { inlineReads, readsVia, type ReadOp } from './read-ops'
import type { Reads } from './reads'

export type ReadPoolOptions = {
  /** The database file (already migrated); each worker opens it read-only. */
  path: string
  workers: number
  /** Test seam: another worker module speaking the same protocol. */
  workerUrl?: string
}

type Task = { id: number; op: ReadOp; params: unknown; resolve: (value: never) => void; reject: (error: Error) => void }
type Slot = { worker: Worker; task?: Task; alive: boolean }

/** Where the read worker's module is: beside this file, or inside the compiled binary (an extra entrypoint, DESIGN §9). */
export function defaultReadWorkerUrl(): string {
  return import.meta.url.startsWith('file:///$bunfs/') ? '/$bunfs/root/db/read-worker.js' : new URL('./read-worker.ts', import.meta.url).href
}

/** The error a read gets when its worker died under it: answered 503 like any storage failure. */
function readerLost(): Error {
  return Object.assign(new Error('the read worker stopped while answering'), { code: 'SQLITE_IOERR_READER' })
}

/**
 * Reads answered by a pool of Bun Workers, each with its own read-only connection to the WAL database
 * (issue 12: a slow query must never stall the request thread, so health checks and other requests are
 * answered while it runs). Reads wait in one queue and a worker takes the next only when it is free, so
 * a slow read holds up one worker and nothing queued behind it while another worker is free. A worker
 * that dies is replaced and its read fails with a storage error (503), never hangs. Workers start with
 * the first read. Readers see every
 * write committed before the read was queued (WAL: each read starts from the latest commit).
 */
export function readPool(options: ReadPoolOptions): Reads {
  const url = options.workerUrl ?? defaultReadWorkerUrl()
  const queue: Task[] = []
  let head = 0
  let nextId = 1
  let closed = false

  const spawn = (): Slot => {
    const worker = new Worker(url)
    const slot: Slot = { worker, alive: true }
    worker.postMessage({ type: 'open', path: options.path } satisfies ToReader)
    worker.onmessage = (event: MessageEvent<FromReader>) => settle(slot, event.data)
    const lost = () => {
      if (!slot.alive) return
      slot.alive = false
      slot.task?.reject(readerLost())
      slot.task = undefined
      if (closed) return
      slots[slots.indexOf(slot)] = spawn()
      pump()
    }
    worker.addEventListener('error', lost)
    worker.addEventListener('close', lost)
    worker.unref()
    return slot
  }

  const settle = (slot: Slot, message: FromReader) => {
    const task = slot.task
    if (!task || task.id !== message.id) return
    slot.task = undefined
    if ('error' in message) task.reject(errorFromMessage(message.error))
    else task.resolve(message.value as never)
    pump()
  }

  const pump = () => {
    for (const slot of slots) {
      if (head >= queue.length) break
      if (slot.task || !slot.alive) continue
      const task = queue[head]
      // A settled task holds its promise and with it the answer: never keep one in the queue.
      queue[head++] = undefined as never
      slot.task = task
      slot.worker.postMessage({ type: 'read', id: task.id, op: task.op, params: task.params } satisfies ToReader)
    }
    if (head >= queue.length) {
      queue.length = 0
      head = 0
    } else if (head >= 1024) {
      queue.splice(0, head)
      head = 0
    }
  }

  // Started with the first read, not with the service: a worker's start-up would compete with the
  // service's own for the two cores, and a service that is never searched needs none.
  const slots: Slot[] = []
  const ensureStarted = () => {
    if (slots.length === 0) for (let i = 0; i < Math.max(1, options.workers); i++) slots.push(spawn())
  }

  return readsVia(
    (op, params) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(Object.assign(new Error('the database is closed'), { code: 'SQLITE_MISUSE' }))
        queue.push({ id: nextId++, op, params, resolve: resolve as (value: never) => void, reject })
        ensureStarted()
        pump()
      }),
    async () => {
      closed = true
      for (const task of queue.splice(head)) task.reject(readerLost())
      for (const slot of slots) {
        slot.alive = false
        slot.task?.reject(readerLost())
        slot.worker.terminate()
      }
    },
  )
}

/**
 * The service's reads: the worker pool on a database file, or the request thread's own connection for
 * `:memory:` (no other thread can open it) and when `workers` is 0.
 */
export function openReads(sqlite: Database, options: { path: string; workers: number }): Reads {
  if (options.path === ':memory:' || options.workers <= 0) return inlineReads(sqlite)
  return readPool({ path: options.path, workers: options.workers })
}
