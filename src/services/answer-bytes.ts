import { releaseBuffer, releasedBytes } from '../memory'

const encoder = new TextEncoder()

/**
 * The buffers of answers made by {@link answerBytes}, which nothing but their answer holds, and how many
 * holders each has now (see holdAnswer). A dropped answer's buffer is freed at once rather than by the next
 * collection (issue 12: under a varied search most answers are dropped from the cache, and collecting them
 * cost about a quarter of the service's CPU per request: a full collection every 8 MiB of dropped answers).
 */
const holders = new WeakMap<ArrayBuffer, number>()
/** Buffers dropped while held: freed when their last holder lets go. */
const droppedHeld = new WeakSet<ArrayBuffer>()
let dropping: ArrayBuffer[] = []

/**
 * An answer's JSON body as one run of bytes: `head`, then the stored records (bytes from a read worker,
 * released at once, or text already assembled), then `tail`. Answers stay bytes from the store to the
 * socket: the HTTP layer writes them as they are (src/http/answer-response.ts) and the cache measures
 * them exactly, so one copy is made per answer, here, and none per request.
 */
export function answerBytes(head: string, middle: Uint8Array | string, tail: string): Uint8Array {
  // Allocated at its exact size, so that what the cache counts (the answer's length) is the whole buffer
  // the answer holds; text records are encoded straight into it, leaving no copy behind for the collector.
  const midBytes = typeof middle === 'string' ? Buffer.byteLength(middle, 'utf8') : middle.byteLength
  const out = new Uint8Array(Buffer.byteLength(head, 'utf8') + midBytes + Buffer.byteLength(tail, 'utf8'))
  let at = encoder.encodeInto(head, out).written
  if (typeof middle === 'string') at += encoder.encodeInto(middle, out.subarray(at)).written
  else {
    out.set(middle, at)
    at += middle.byteLength
    releaseBuffer(middle)
  }
  encoder.encodeInto(tail, out.subarray(at))
  holders.set(out.buffer, 0)
  return out
}

/**
 * Keeps an answer's bytes valid until the returned function is called (once; later calls do nothing).
 * The rule that makes freeing dropped answers safe: bytes received from the answer cache are valid for
 * the rest of the current turn of the event loop (its promise continuations included); whoever keeps
 * them longer (across an await of I/O or a timer: a usage-service call, a socket that is not yet
 * writable) holds them first, in that same turn. answerResponse holds the bytes it sends until they are
 * written. Bytes not made by answerBytes are left to the collector and need no hold.
 */
export function holdAnswer(bytes: Uint8Array): () => void {
  const buffer = bytes.buffer as ArrayBuffer
  const count = holders.get(buffer)
  if (count === undefined) return () => {}
  holders.set(buffer, count + 1)
  let held = true
  return () => {
    if (!held) return
    held = false
    const left = (holders.get(buffer) ?? 1) - 1
    holders.set(buffer, left)
    if (left === 0 && droppedHeld.has(buffer)) free(buffer)
  }
}

/**
 * The answer cache no longer keeps these bytes: freed at the next turn of the event loop (after every
 * continuation of this turn that received them has run), or when their last holder lets go. Bytes not
 * made by answerBytes count toward the next collection (memory.ts), `weight` bytes of it.
 */
export function dropAnswer(bytes: Uint8Array, weight = bytes.byteLength): void {
  const buffer = bytes.buffer as ArrayBuffer
  if (!holders.has(buffer)) return releasedBytes(weight)
  if (droppedHeld.has(buffer)) return
  droppedHeld.add(buffer)
  if (dropping.push(buffer) === 1) setImmediate(freeDropped)
}

function freeDropped(): void {
  const list = dropping
  dropping = []
  for (const buffer of list) if (holders.get(buffer) === 0) free(buffer)
}

function free(buffer: ArrayBuffer): void {
  holders.delete(buffer)
  droppedHeld.delete(buffer)
  if (!buffer.detached) buffer.transfer(0)
}

const decoder = new TextDecoder()

/** An answer's body as text (MCP tools and exports parse it). */
export function answerText(body: Uint8Array): string {
  return decoder.decode(body)
}
