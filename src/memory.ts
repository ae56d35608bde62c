/**
 * Large short-lived values (answers and record lists of tens to hundreds of KiB) are freed only when the
 * garbage collector runs, and JavaScriptCore runs it by the growth of its own heap, which such values
 * hardly move: under a varied search load the process held several times its answer cache in dead
 * answers (issue 12: resident memory must stay within the cache budget plus 100 MiB). Each thread counts
 * the bytes of the large values it lets go and, past a threshold, collects them (a few milliseconds on
 * these small heaps) and hands freed pages back to the system.
 */
const THRESHOLD_BYTES = 8 * 1024 * 1024
let dropped = 0

/** Counts `bytes` of large values this thread no longer holds; collects garbage past the threshold. */
export function releasedBytes(bytes: number): void {
  dropped += bytes
  if (dropped < THRESHOLD_BYTES) return
  dropped = 0
  Bun.gc(true)
}

/** Bytes counted since the last collection (tests: what lets go of memory without counting it). */
export function countedBytes(): number {
  return dropped
}

/**
 * Lets go of a large buffer that nothing else holds, at once: the records a read worker handed over, once
 * copied into their answer's Blob. Detaching it (`transfer(0)`) frees its memory without waiting for a
 * collection, so it never counts toward the next forced one (a full collection costs the request thread
 * more than the rest of an uncached search's work there).
 */
export function releaseBuffer(bytes: Uint8Array): void {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) bytes.buffer.transfer(0)
  else releasedBytes(bytes.byteLength)
}
