// Swagger UI's assets are embedded (text imports end up inside the compiled binary), so the docs page
// works with no network: nothing is loaded from a CDN. This module is imported only when an asset is
// first asked for (docs.ts), so its 2 MB of text are neither loaded nor kept by a service whose docs page
// is never opened (issue 12: resident memory; the build splits dynamic imports into chunks of their own).
import swaggerUiBundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'text' }
import swaggerUiCss from 'swagger-ui-dist/swagger-ui.css' with { type: 'text' }
import { lookupTable } from '../lookup-table'

/** The docs page's assets by file name, with their media types. */
export const DOCS_ASSETS: Readonly<Record<string, { body: string; type: string }>> = lookupTable({
  'swagger-ui-bundle.js': { body: swaggerUiBundle, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { body: swaggerUiCss, type: 'text/css; charset=utf-8' },
})
