import { errorForMessage, type WorkerError } from './worker-errors'

/** The message that names a database worker's file. */
export type OpenMessage = { type: 'open'; path: string }
type LoopScope<M> = { onmessage: ((event: MessageEvent<OpenMessage | M>) => void) | null; postMessage(message: { id: number; error: WorkerError }): void }

/**
 * The loop of a database worker (the read workers, the crawl writer): an `open` message names the file;
 * every other message is answered by `answer` on the worker's one connection, one at a time in arrival
 * order. The connection is opened with the first such message, and again after a failure to open, so
 * that a file that appears later is found. Any failure, opening included, is posted back as that
 * message's error with its SQLite code (worker-errors.ts), so the request thread sees a storage failure
 * as one.
 */
export function serveOnConnection<C, M extends { type: string; id: number }>(scope: LoopScope<M>, open: (path: string) => C, answer: (connection: C, message: M) => void): void {
  let path: string | undefined
  let connection: C | undefined
  scope.onmessage = (event) => {
    const message = event.data
    if (message.type === 'open') {
      path = (message as OpenMessage).path
      return
    }
    try {
      connection ??= open(path!)
      answer(connection, message as M)
    } catch (error) {
      scope.postMessage({ id: (message as M).id, error: errorForMessage(error) })
    }
  }
}
