import { swagger } from '@elysiajs/swagger'
import { Elysia } from 'elysia'
import { VERSION } from '../version'
import { finishOpenApi } from './openapi-document'

const SPEC_PATH = '/api/v1/openapi.json'
const DOCS_PATH = '/api/v1/docs'

/** The embedded assets (docs-assets.ts), loaded with the first request for one. */
let assets: Promise<typeof import('./docs-assets').DOCS_ASSETS> | undefined
const docsAssets = () => (assets ??= import('./docs-assets').then((m) => m.DOCS_ASSETS))

/**
 * The docs page. Every address in it is relative to the page, so it also works behind the storefront
 * prefix `/s/<session>`; `validatorUrl: null` keeps Swagger UI from asking an outside validator for a badge.
 */
export function docsPage(trailingSlash: boolean): string {
  const assets = trailingSlash ? './' : 'docs/'
  const options = { url: trailingSlash ? '../openapi.json' : 'openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true }
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>event-index REST API v1</title>
  <link rel="stylesheet" href="${assets}swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${assets}swagger-ui-bundle.js"></script>
  <script>window.addEventListener('load', () => { window.ui = SwaggerUIBundle(${JSON.stringify(options)}) })</script>
</body>
</html>
`
}

/** OpenAPI 3.1 at `/api/v1/openapi.json` and a docs page at `/api/v1/docs` (DESIGN §4, contract), offline. */
export function docsPlugin() {
  return (
    new Elysia({ name: 'docs' })
      .onAfterHandle(({ path, response }) => (path === SPEC_PATH ? finishOpenApi(response, VERSION) : undefined))
      .use(swaggerPlugin())
      // Registered after the plugin, so this page (embedded assets) is served instead of the plugin's,
      // which loads Swagger UI from a CDN; test/http/openapi.test.ts pins that the page names no other host.
      .get(DOCS_PATH, ({ path }) => html(docsPage(path.endsWith('/'))), { detail: { hide: true } })
      .get(
        `${DOCS_PATH}/:asset`,
        async ({ params, set }) => {
          const asset = (await docsAssets())[params.asset]
          if (!asset) {
            set.status = 404
            return { error: 'not_found', message: `no docs asset ${params.asset}` }
          }
          return new Response(asset.body, { headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' } })
        },
        { detail: { hide: true } },
      )
  )
}

const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })

function swaggerPlugin() {
  return swagger({
    path: DOCS_PATH,
    specPath: SPEC_PATH,
    provider: 'swagger-ui',
    exclude: [DOCS_PATH, SPEC_PATH],
    documentation: {
      info: {
        title: 'event-index',
        version: VERSION,
        description:
          'Normalized upcoming events of organizations (libraries, museums, parks, schools, churches, community centres), indexed on demand. Every path carries the /api/v1 prefix; requests arrive through the payment gateway, signed (gw-signature) and identified (gw-agent-id).',
      },
      components: {
        securitySchemes: {
          gatewaySignature: {
            type: 'apiKey',
            in: 'header',
            name: 'gw-signature',
            description:
              't=<unix s>,kid=<key id>[,id=<request id>],v1=<base64url HMAC-SHA256> over "gw1\\n" t \\n kid \\n METHOD \\n path?query \\n agent \\n "sha-256=:"<b64 body digest>":" (gw2 adds the id after the kid). Added by the gateway.',
          },
          agentIdentity: { type: 'apiKey', in: 'header', name: 'gw-agent-id', description: 'the registered agent, covered by the signature; added by the gateway' },
          agentKey: {
            type: 'http',
            scheme: 'bearer',
            description: "an agent key (AGENT_KEYS, or the local gateway's agent key through its storefront), accepted on read routes in place of a signature",
          },
        },
      },
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
