import { Elysia } from 'elysia'
import { notImplemented } from '../errors'

/**
 * Paths outside `/api/v1` that are not the spec's 403: the MCP endpoint and its OAuth documents. They
 * answer 501 until the MCP surface lands, never the 403 reserved for a missing prefix.
 */
export function reservedRoutes() {
  const hidden = { detail: { hide: true } }
  return new Elysia({ name: 'reserved' })
    .all('/mcp', () => { throw notImplemented('the MCP endpoint') }, hidden)
    .all('/.well-known/*', () => { throw notImplemented('OAuth metadata') }, hidden)
    .all('/oauth/*', () => { throw notImplemented('OAuth') }, hidden)
}
