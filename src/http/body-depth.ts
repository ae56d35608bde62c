import { Elysia } from 'elysia'
import { invalidRequest } from '../errors'
import { jsonBytesTooDeep, jsonTooDeep, MAX_JSON_DEPTH } from '../json-depth'

/**
 * Refuses a JSON body nested more than {@link MAX_JSON_DEPTH} levels with `400 invalid_request`, on every
 * route (REST, OAuth, `/mcp`). It is a `derive`, so it runs after the gateway's authentication (401 and
 * 402 still come first) and before validation: Elysia's validation error builds its message with
 * `${value}`, which overflows the stack on an array nested 10,000 deep (a 500 before this guard).
 * Register it after the gateway plugin. Routes outside the gateway (`/mcp`, `/oauth`) keep their body as
 * bytes; those are scanned without parsing.
 */
export function bodyDepthGuard() {
  return new Elysia({ name: 'body-depth' }).derive({ as: 'global' }, ({ body }) => {
    if (body instanceof Uint8Array ? jsonBytesTooDeep(body) : jsonTooDeep(body)) throw invalidRequest(`request body is nested more than ${MAX_JSON_DEPTH} levels deep`)
    return {}
  })
}
