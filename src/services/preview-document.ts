import { FetchError } from '../crawl/fetch/errors'
import { createFetcher, type FetcherOptions } from '../crawl/fetch/fetcher'
import { readDocument, type ReadDocumentResult } from '../crawl/read-document'
import type { NormalizeOptions } from '../crawl/normalize'
import type { CrawlWindow } from '../crawl/candidate-types'
import { DomainError } from './errors'

/** One document to read: where it came from (relative links resolve against `url`), its bytes and content type. */
export type DocumentSource = { url: string; body: Uint8Array | string; contentType?: string }

export type PreviewOptions = {
  /** The window of events kept (YYYY-MM-DD, inclusive). */
  window: CrawlWindow
  /** The organization's zone; without it the zone comes from the document only when `inferFromDocument`. */
  timezone?: string
  orgDomain?: string
  /**
   * Let the document fill in what the caller did not give: its zone and the organization's address
   * (`event-index extract` does; the MCP preview tools show the events with exactly the given zone).
   */
  inferFromDocument: boolean
  /** scrapedAt and scriptVersion stamped on each record (none for the CLI). */
  stamp?: NormalizeOptions
  /** How to fetch a source given only by URL (the SSRF guard and user agent of the caller). */
  fetcher?: FetcherOptions
}

export type DocumentPreview = ReadDocumentResult & { document: DocumentSource }

/**
 * The one assembly of fetch → extract → normalize for a single document, outside a crawl: the MCP preview
 * tools (`preview_extraction`, `validate_feed`) and `event-index extract`. A source without a body is
 * fetched first; a fetch that fails is `fetch_failed` (nothing was charged). Nothing is stored.
 */
export async function previewDocument(source: DocumentSource | { url: string }, options: PreviewOptions): Promise<DocumentPreview> {
  const document = 'body' in source ? source : await fetchDocument(source.url, options.fetcher)
  const ctx = { baseUrl: document.url, timezone: options.timezone, window: options.window, ...(options.orgDomain === undefined ? {} : { orgDomain: options.orgDomain }) }
  return { document, ...readDocument(document.body, ctx, document.contentType, { ...options.stamp, inferFromDocument: options.inferFromDocument }) }
}

async function fetchDocument(url: string, options: FetcherOptions | undefined): Promise<DocumentSource> {
  if (!options) throw new Error('previewDocument: a source given only by URL needs fetcher options')
  const fetcher = createFetcher(options)
  let result
  try {
    result = await fetcher.fetch(url, { accept: 'text/calendar, application/json, text/html;q=0.9, */*;q=0.5' })
  } catch (error) {
    if (error instanceof FetchError) throw new DomainError('fetch_failed', `${error.message} (nothing was charged)`, { reason: error.code })
    throw error
  }
  if (!result.ok) throw new DomainError('fetch_failed', `${url} answered HTTP ${result.status} (nothing was charged)`, { httpStatus: result.status })
  return result
}
