import { Elysia } from 'elysia'

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/

/**
 * Gives every request an id, echoed in `x-request-id` (also on errors) and written in its log line, so an
 * operator can find a caller's request. A well-formed id from the gateway is kept; anything else is replaced.
 */
export function requestIdPlugin() {
  return new Elysia({ name: 'request-id' }).onRequest(({ request, set }) => {
    const incoming = request.headers.get('x-request-id')
    set.headers['x-request-id'] = incoming && ACCEPTABLE.test(incoming) ? incoming : crypto.randomUUID()
  })
}
