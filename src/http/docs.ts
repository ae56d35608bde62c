import { swagger } from '@elysiajs/swagger'
import { Elysia } from 'elysia'
import { VERSION } from '../version'
import { cleanOpenApi } from './openapi-clean'

const SPEC_PATH = '/api/v1/openapi.json'

/** OpenAPI 3 at `/api/v1/openapi.json` and a docs page at `/api/v1/docs` (DESIGN §4, contract). */
export function docsPlugin() {
  return new Elysia({ name: 'docs' })
    .onAfterHandle(({ path, response }) => (path === SPEC_PATH ? { ...(cleanOpenApi(response) as object), openapi: '3.1.0' } : undefined))
    .use(swaggerPlugin())
}

function swaggerPlugin() {
  return swagger({
    path: '/api/v1/docs',
    specPath: SPEC_PATH,
    provider: 'swagger-ui',
    // Relative, so the page also works behind the storefront prefix `/s/<session>`.
    swaggerOptions: { url: 'openapi.json' } as never,
    exclude: ['/api/v1/docs', '/api/v1/openapi.json'],
    documentation: {
      info: {
        title: 'event-index',
        version: VERSION,
        description:
          'Normalized upcoming events of organizations (libraries, museums, parks, schools, churches, community centres), indexed on demand. Every path carries the /api/v1 prefix; requests arrive through the payment gateway, signed (gw-signature) and identified (gw-agent-id).',
      },
      components: {
        securitySchemes: {
          gatewaySignature: { type: 'apiKey', in: 'header', name: 'gw-signature', description: 't=<unix s>,kid=<key id>,v1=<base64url HMAC-SHA256> over gw1\\n t \\n kid \\n METHOD \\n path?query \\n agent \\n sha-256=:<b64 body digest>:' },
          agentIdentity: { type: 'apiKey', in: 'header', name: 'gw-agent-id', description: 'the registered agent, covered by the signature' },
          agentKey: { type: 'http', scheme: 'bearer', description: 'AGENT_KEYS bearer key, accepted on read routes in place of a signature' },
        },
      },
      security: [{ gatewaySignature: [], agentIdentity: [] }, { agentKey: [] }],
      tags: [
        { name: 'index', description: 'Index an organization and poll the job' },
        { name: 'events', description: "Read an organization's events" },
        { name: 'search', description: 'Search events and organizations' },
        { name: 'report', description: 'Report a problem' },
        { name: 'service', description: 'Operations' },
      ],
    },
  })
}
