/**
 * Where the request target (path, query, fragment) starts in `request.url`, for everything that reads it:
 * routing (checked below), signatures, logs. Bun builds request.url as `http://` + Host + target, so the
 * target starts at the first `/` after the scheme, however short the Host (`http://a/zzz/api/v1/…` has its
 * target at 8). When the Host header is missing or invalid (`a?b`, `a/b`, empty) Bun gives the target alone
 * (`/zzz/api/v1/…`), with no authority: -1, and such a request is refused.
 */
export function targetStart(url: string): number {
  const authority = url.startsWith('http://') ? 7 : url.startsWith('https://') ? 8 : -1
  return authority < 0 ? -1 : url.indexOf('/', authority)
}

/** The request target as received (Bun's parse of it): path, query and fragment; '' when the URL has no authority. */
export function requestTarget(url: string): string {
  const start = targetStart(url)
  return start < 0 ? '' : url.slice(start)
}

/** The path alone (no query), for logs; the whole relative URL's path when it has no authority. */
export function requestPath(url: string): string {
  const start = Math.max(targetStart(url), 0)
  const query = url.indexOf('?', start)
  return query < 0 ? url.slice(start) : url.slice(start, query)
}
