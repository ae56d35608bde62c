import { AppError } from '../errors'

/** Largest request body accepted; the spec's biggest body (a hints object) fits many times over. */
export const MAX_BODY_BYTES = 1024 * 1024

const EMPTY = new Uint8Array(0)

/**
 * The 413 for a body over the cap. `connection: close` makes Bun close the connection after the answer
 * instead of reading and discarding the rest of a body nobody will use.
 */
export const payloadTooLarge = () => new AppError(413, 'payload_too_large', `request body is larger than ${MAX_BODY_BYTES} bytes`, {}, { connection: 'close' })

/** A declared Content-Length over the cap: refused before anything else, without reading a byte. */
export function declaredTooLarge(request: Request): boolean {
  const length = request.headers.get('content-length')
  return length !== null && Number(length) > MAX_BODY_BYTES
}

/**
 * Reads a request body, never more than MAX_BODY_BYTES: a declared length was checked on arrival (and Bun
 * delivers no more than it), while an undeclared (chunked) body is counted as it streams in and reading
 * stops at the first byte over the cap with a 413. Bun's own `maxRequestBodySize` is set far above this
 * (src/http/server.ts), so the service, not Bun's bare 413, is what answers.
 */
export async function readCappedBody(request: Request): Promise<Uint8Array> {
  const body = request.body
  if (!body) return EMPTY
  if (request.headers.has('content-length')) {
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.byteLength > MAX_BODY_BYTES) throw payloadTooLarge()
    return bytes
  }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>
    try {
      chunk = await reader.read()
    } catch {
      throw new AppError(400, 'invalid_request', 'the request body could not be read (a malformed chunked encoding, or the connection closed)', {}, { connection: 'close' })
    }
    const { done, value } = chunk
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      reader.cancel().catch(() => {})
      throw payloadTooLarge()
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}
