/**
 * One HTTP exchange of the fetcher: the request sent to the checked address (Host header and TLS server
 * name keep the original name), under the headers timeout, then the body read under the total deadline
 * and the size cap. Redirects, robots.txt, politeness and the SSRF check are the fetcher's (`fetcher.ts`).
 */
import { FetchError } from './errors'
import { effectivePort } from './resolve-overrides'

/**
 * One request's options. `post` sends a small body (a platform's page method, e.g. eSCRIBE's calendar
 * query) instead of a GET; a 301, 302 or 303 redirect turns it into a GET of the new location, as
 * browsers do. robots.txt, politeness and the SSRF guard apply as to any request.
 */
export type FetchOptions = { accept?: string; etag?: string; lastModified?: string; post?: { body: string; contentType: string } }

export type FetchResult = {
  /** The final URL after redirects. */
  url: string
  status: number
  ok: boolean
  notModified: boolean
  contentType: string
  headers: Headers
  body: Uint8Array
  redirects: string[]
  etag?: string
  lastModified?: string
}

/** What an exchange needs of the fetcher: its settings, and the controller of each response in flight (the body deadline aborts it). */
export type Exchange = {
  settings: { userAgent: string; ca?: string; headersTimeoutMs: number; totalTimeoutMs: number; maxBytes: number }
  aborters: WeakMap<Response, AbortController>
}

/** Sends one request to `address` (already through the SSRF check); a timeout or network failure throws FetchError. */
export async function send(ex: Exchange, url: URL, address: string, port: number | undefined, method: string, init: FetchOptions): Promise<Response> {
  const o = ex.settings
  const target = new URL(url.href)
  target.hostname = address.includes(':') ? `[${address}]` : address
  if (port !== undefined && port !== effectivePort(url)) target.port = String(port)
  const headers: Record<string, string> = { host: url.host, 'user-agent': o.userAgent, accept: init.accept ?? '*/*', 'accept-encoding': 'gzip, deflate, br' }
  if (init.etag) headers['if-none-match'] = init.etag
  if (init.lastModified) headers['if-modified-since'] = init.lastModified
  const body = method === 'POST' ? init.post?.body : undefined
  if (body !== undefined) headers['content-type'] = init.post!.contentType
  // One controller for the whole exchange: the headers timer is replaced by the body deadline once
  // the response arrives (readBody), so a slow body is cut by totalTimeoutMs, not by the headers limit.
  const controller = new AbortController()
  const headersTimer = setTimeout(() => controller.abort(new FetchError('timeout', `no response from ${url.host} within ${o.headersTimeoutMs} ms`, url.href)), o.headersTimeoutMs)
  try {
    const response = await fetch(target, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
      tls: url.protocol === 'https:' ? { serverName: url.hostname, ...(o.ca ? { ca: o.ca } : {}) } : undefined,
    } as RequestInit)
    ex.aborters.set(response, controller)
    return response
  } catch (error) {
    if (controller.signal.reason instanceof FetchError) throw controller.signal.reason
    throw new FetchError('network', `${url.host}: ${(error as Error).message.slice(0, 200)}`, url.href)
  } finally {
    clearTimeout(headersTimer)
  }
}

/** Reads a response's body within the size cap and the total deadline; what goes wrong throws FetchError. */
export async function readBody(ex: Exchange, url: URL, response: Response): Promise<Omit<FetchResult, 'redirects'>> {
  const o = ex.settings
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > o.maxBytes) {
    await response.body?.cancel()
    throw new FetchError('too_large', `${url.href} is ${declared} bytes, more than ${o.maxBytes}`, url.href)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const controller = ex.aborters.get(response)
  const deadline = setTimeout(() => controller?.abort(new FetchError('timeout', `${url.href} did not finish within ${o.totalTimeoutMs} ms`, url.href)), o.totalTimeoutMs)
  try {
    const reader = response.body?.getReader()
    while (reader) {
      const next = await reader.read()
      if (next.done) break
      size += next.value.length
      if (size > o.maxBytes) {
        controller?.abort()
        throw new FetchError('too_large', `${url.href} is larger than ${o.maxBytes} bytes`, url.href)
      }
      chunks.push(next.value)
    }
  } catch (error) {
    if (error instanceof FetchError) throw error
    if (controller?.signal.reason instanceof FetchError) throw controller.signal.reason
    throw new FetchError('network', `${url.host}: ${(error as Error).message.slice(0, 200)}`, url.href)
  } finally {
    clearTimeout(deadline)
  }
  return answerOf(url, response, joinChunks(chunks, size))
}

function joinChunks(chunks: Uint8Array[], size: number): Uint8Array {
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.length
  }
  return body
}

function answerOf(url: URL, response: Response, body: Uint8Array): Omit<FetchResult, 'redirects'> {
  return {
    url: url.href,
    status: response.status,
    ok: response.status >= 200 && response.status < 300,
    notModified: response.status === 304,
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    body,
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
  }
}
