import { releaseBuffer } from '../memory'

const encoder = new TextEncoder()

/**
 * An answer's JSON body as one run of bytes: `head`, then the stored records (bytes from a read worker,
 * released at once, or text already assembled), then `tail`. Answers stay bytes from the store to the
 * socket: the HTTP layer writes them as they are (src/http/answer-response.ts) and the cache measures
 * them exactly, so one copy is made per answer, here, and none per request.
 */
export function answerBytes(head: string, middle: Uint8Array | string, tail: string): Uint8Array {
  const mid = typeof middle === 'string' ? encoder.encode(middle) : middle
  const out = new Uint8Array(head.length * 3 + mid.byteLength + tail.length * 3)
  let at = encoder.encodeInto(head, out).written
  out.set(mid, at)
  at += mid.byteLength
  at += encoder.encodeInto(tail, out.subarray(at)).written
  if (typeof middle !== 'string') releaseBuffer(middle)
  return out.subarray(0, at)
}

const decoder = new TextDecoder()

/** An answer's body as text (MCP tools and exports parse it). */
export function answerText(body: Uint8Array): string {
  return decoder.decode(body)
}
