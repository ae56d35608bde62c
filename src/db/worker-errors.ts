/**
 * An error as it crosses between a database worker (read-server.ts, write-server.ts) and the request
 * thread. Its SQLite code must survive the message, so that the request thread still sees a storage
 * failure (disk full, read-only, busy) as one and answers it as such, not as a bug's 500.
 */
export type WorkerError = { name: string; message: string; code?: string }

/** What of `error` goes into a worker's message: name, message and its code when it has a string one. */
export function errorForMessage(error: unknown): WorkerError {
  const e = (error ?? {}) as Error & { code?: unknown }
  return { name: e.name ?? 'Error', message: e.message ?? String(error), code: typeof e.code === 'string' ? e.code : undefined }
}

/** The error a worker's message stands for, with the name and code it had in the worker. */
export function errorFromMessage(e: WorkerError): Error {
  return Object.assign(new Error(e.message), { name: e.name, code: e.code })
}
