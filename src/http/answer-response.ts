import { holdAnswer } from '../services/answer-bytes'

/**
 * A response whose body is bytes held in memory (cached answers), written to the socket in one send.
 *
 * Bun 1.4.5's server corks a socket only around the synchronous part of the request handler. A Response
 * over 16 KiB that completes after an `await` (a read worker's answer, a usage-service call) is written
 * uncorked: the status line, each header name, separator and value, `Date`, `Content-Length` and the body
 * each go out in their own send(), about 20 system calls and loopback segments per answer, which cost the
 * server more than the rest of a cached search (oven-sh/bun#41341, not released; measured: 390 → 215 µs
 * of CPU per 380 KiB events pull). A body written from a direct
 * ReadableStream is corked, so headers and body leave together, without copying the bytes. The framing
 * is chunked instead of a Content-Length, which every HTTP/1.1 client reads.
 *
 * `bytes` must not change until the body is written (cached answers never do); they are held until then
 * (holdAnswer), so that a cached answer dropped meanwhile is not freed under the response.
 */
export function answerResponse(bytes: Uint8Array, init: { status?: number; headers: Headers | Record<string, string> }): Response {
  // Once `pull` has returned, Bun no longer reads the bytes: a socket copies what it does not take at once,
  // an in-process reader (response.json()) takes them when the stream closes, just after `pull` (pinned by
  // test/http/answer-response.test.ts and test/services/dropped-answers.test.ts). A cached answer dropped
  // meanwhile is freed then.
  const letGo = holdAnswer(bytes)
  const body = new ReadableStream({
    type: 'direct',
    pull(controller) {
      try {
        controller.write(bytes)
        controller.close()
      } finally {
        queueMicrotask(letGo)
      }
    },
  })
  direct.set(body, letGo)
  return new Response(body, init)
}

/**
 * The body streams made by {@link answerResponse}. Kept by stream, not by Response: Elysia answers a handler's
 * Response with a new Response around the same body (to merge its headers), and that one must not be read
 * and copied again by {@link sendable}.
 */
const direct = new WeakMap<ReadableStream, () => void>()
/** Statuses that carry no body (RFC 9110 §6.4.1), and streams that stay open (MCP's server-sent events). */
const NO_BODY = new Set([101, 204, 205, 304])

/**
 * Any response of the app, made ready for the socket: a response with a finite body (JSON answers and
 * errors, documents, MCP results) is written the way answers are, headers and body in one send, since the
 * app answers most requests after an await (signature replay check, storage, usage service). Bun already
 * sends a body under 16 KiB in one write; a larger one costs a copy here, far less than its sends. Responses
 * without a body, HEAD answers and event streams are left as they are.
 */
export async function sendable(response: Response, method: string): Promise<Response> {
  const sent = response.body ? direct.get(response.body) : undefined
  // A HEAD answer or a bodiless status never writes its body: its bytes are let go of now.
  if (method === 'HEAD' || NO_BODY.has(response.status)) sent?.()
  if (sent || method === 'HEAD' || NO_BODY.has(response.status)) return response
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) return response
  return answerResponse(await response.bytes(), { status: response.status, headers: response.headers })
}
