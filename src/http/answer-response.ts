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
 * `bytes` must not change afterwards (cached answers never do): the socket may still be sending them.
 */
export function answerResponse(bytes: Uint8Array, init: { status?: number; headers: Headers | Record<string, string> }): Response {
  const body = new ReadableStream({
    type: 'direct',
    pull(controller) {
      controller.write(bytes)
      controller.close()
    },
  })
  const response = new Response(body, init)
  direct.add(response)
  return response
}

const direct = new WeakSet<Response>()
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
  if (direct.has(response) || method === 'HEAD' || NO_BODY.has(response.status)) return response
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) return response
  return answerResponse(await response.bytes(), { status: response.status, headers: response.headers })
}
