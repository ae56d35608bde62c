/**
 * Resolving a link against its page the way the WHATWG URL parser does, without building a URL object, for
 * the plain cases that make up nearly every link of a page: an absolute `http(s)` URL, or a path from the
 * site's root, written with a lower-case host and only characters the parser leaves as they are (no dot
 * segment, no percent sign in the path, no port, no user). A page has hundreds of links and `new URL(href,
 * base)` parses the base again for each. Anything else is left to the parser (`undefined`).
 */

/** The parts of a resolved URL that callers read; a `URL` has the same shape. */
export type UrlParts = { href: string; protocol: string; host: string; hostname: string; pathname: string; search: string }

/** Host labels of letters, digits and hyphens, the last one starting with a letter (so no IPv4 reading applies). */
const HOST = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*'
/** Characters the parser copies unchanged: in a path (`%` left out: `%2e` is a dot segment), a query, a fragment. */
const PATH = "/[A-Za-z0-9\\-._~!$&'()*+,;=:@/]*"
const QUERY = '\\?[A-Za-z0-9\\-._~!$&()*+,;=:@/?%]*'
const FRAGMENT = '#[A-Za-z0-9\\-._~!$&()*+,;=:@/?%]*'
const ABSOLUTE = new RegExp(`^(https?):\\/\\/(${HOST})(${PATH})?(${QUERY})?(${FRAGMENT})?$`)
const ROOTED = new RegExp(`^(${PATH})(${QUERY})?(${FRAGMENT})?$`)
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/
const LAST_LABEL = /(?:^|\.)[a-z][a-z0-9-]*$/

/** A host the parser keeps as written: no punycode label to validate, no numeric last label. */
function plainHost(host: string): boolean {
  return LAST_LABEL.test(host) && !host.startsWith('xn--') && !host.includes('.xn--')
}

const origins = new Map<string, { protocol: string; host: string } | null>()

/** Scheme and host of a base URL that is itself plain (parsed once per base). */
function originOf(base: string): { protocol: string; host: string } | undefined {
  let hit = origins.get(base)
  if (hit === undefined) {
    const m = ABSOLUTE.exec(base)
    hit = m && plainHost(m[2]) ? { protocol: `${m[1]}:`, host: m[2] } : null
    if (origins.size >= 1_000) origins.clear()
    origins.set(base, hit)
  }
  return hit ?? undefined
}

/**
 * The parts, `href` serialized from them. When a path is written, the serialization puts nothing between
 * the parts as written: `whole` (an absolute URL as written) is then the `href` itself, and `rest` (a
 * rooted path with its query and fragment, as written) follows the origin; neither is rebuilt part by part.
 */
function parts(protocol: string, host: string, path: string | undefined, query: string | undefined, fragment: string | undefined, whole?: string, rest?: string): UrlParts | undefined {
  const pathname = path || '/'
  if (DOT_SEGMENT.test(pathname)) return undefined
  const q = query ?? ''
  const href = !path ? `${protocol}//${host}${pathname}${q}${fragment ?? ''}` : (whole ?? `${protocol}//${host}${rest ?? `${pathname}${q}${fragment ?? ''}`}`)
  return { href, protocol, host, hostname: host, pathname, search: q.length > 1 ? q : '' }
}

/**
 * `value` resolved against `base`, as `new URL(value, base)` would give it, when both are plain (see the
 * module comment); undefined otherwise.
 */
export function plainUrl(value: string, base: string): UrlParts | undefined {
  const c = value.charCodeAt(0)
  if (c === 104) {
    const m = ABSOLUTE.exec(value)
    // Scheme and host are lower case (ABSOLUTE): the value as written is its own serialization.
    return m && plainHost(m[2]) ? parts(`${m[1]}:`, m[2], m[3], m[4], m[5], value) : undefined
  }
  // A path from the root ("/events/1"); "//host/…" names another host.
  if (c !== 47 || value.charCodeAt(1) === 47) return undefined
  const origin = originOf(base)
  const m = origin && ROOTED.exec(value)
  return m ? parts(origin.protocol, origin.host, m[1], m[2], m[3], undefined, value) : undefined
}
