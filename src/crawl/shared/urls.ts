/**
 * URLs in the record: absolute http(s) only, and the registrable-domain test behind `_external` and
 * `more_info_website` (tldts knows the public suffix list, so `library.ci.example.us` and
 * `events.example.co.uk` are judged by their registrable domain, not their last two labels).
 */
import { getDomain, parse as parseHost } from 'tldts'
import { documentMemo, PairCache } from '../document-memo'
import { plainUrl } from '../plain-url'

/** `ticketmaster.com/x` written without a scheme: a host name, not a relative path. */
function looksLikeHost(raw: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:|^[/.?#]/i.test(raw)) return false
  const host = raw.split(/[/?#]/)[0]
  if (!host.includes('.') || /\s/.test(host)) return false
  const parsed = parseHost(host)
  return !!parsed.domain && parsed.isIcann === true && !/\.(html?|php|aspx?|jsp|cfm|pdf|jpe?g|png|gif|webp|svg)$/i.test(host)
}

/** An absolute http(s) URL for a value as written (relative, protocol-relative, `webcal:`), or undefined. */
export function absolute(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined
  // A document's events repeat their links (the venue's, the organizer's, the ticket page): resolved once.
  const hit = resolved.get(base, value)
  if (hit !== undefined) return hit ?? undefined
  const url = resolve(value, base)
  resolved.set(base, value, url ?? null)
  return url
}

const resolved = new PairCache<string | null>()

function resolve(value: string, base: string): string | undefined {
  const raw = value.trim()
  if (!raw || /^(javascript|mailto|tel|data|about|blob):/i.test(raw)) return undefined
  try {
    const withScheme = looksLikeHost(raw) ? `https://${raw}` : raw.replace(/^webcal:/i, 'https:')
    const url = plainUrl(withScheme, base) ?? new URL(withScheme, base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return undefined
    return url.href
  } catch {
    return undefined
  }
}

/**
 * The registrable domain of a URL or host (`www.library.example.org` → `example.org`). A host without
 * one (an IP address, `localhost`: test and development sites) is named `host:port`, as the
 * organization's identity names it (see `identifyWebsite`).
 */
export function registrableDomain(urlOrHost: string | undefined): string | undefined {
  if (!urlOrHost) return undefined
  return domainOfText(urlOrHost) ?? undefined
}

/** A document's events ask about the same few URLs again and again: each text is looked at once per document. */
const domainOfText = documentMemo((urlOrHost: string): string | null => {
  // The answer depends on the scheme and authority alone: a crawl's links repeat the same few hosts.
  const key = ORIGIN.exec(urlOrHost)?.[0] ?? urlOrHost
  const hit = domains.get(key)
  if (hit !== undefined) return hit
  const found = computeDomain(key) ?? null
  if (domains.size > 10_000) domains.clear()
  domains.set(key, found)
  return found
})

/** Scheme and authority of a URL written plainly (no white space or control character for the URL parser to drop). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#\s\x00-\x1f]+(?=[/\\?#]|$)/i

/** Registrable domains already worked out, by scheme and authority. */
const domains = new Map<string, string | null>()

function computeDomain(urlOrHost: string): string | undefined {
  try {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrHost) ? new URL(urlOrHost) : undefined
    const hostname = url ? url.hostname : urlOrHost.replace(/:\d+$/, '')
    return getDomain(hostname, { allowPrivateDomains: false }) ?? ((url ? url.host : urlOrHost) || undefined)
  } catch {
    return undefined
  }
}

/** True when `url` lives on the organization's registrable domain. */
export function onDomain(url: string, orgDomain: string | undefined): boolean {
  if (!orgDomain) return true
  const d = registrableDomain(url)
  return !!d && d.toLowerCase() === orgDomain.toLowerCase()
}

const MEETING =
  /\b(zoom\.us|zoomgov\.com|meet\.google\.com|teams\.microsoft\.com|teams\.live\.com|([a-z0-9-]+\.)?webex\.com|gotomeet(ing)?\.com|meet\.goto\.com|bluejeans\.com|whereby\.com|meet\.jit\.si|chime\.aws|youtube\.com\/live|youtu\.be\/live|crowdcast\.io|streamyard\.com|vimeo\.com\/event|facebook\.com\/events\/[^\s]*\/live|twitch\.tv)\b/i

/**
 * What every match of MEETING holds: a dot with a letter after it (`zoom.us`, `meet.google`, `youtu.be`).
 * Most titles and descriptions have none (a sentence's full stop has a space after it), and this one-class
 * scan spares them the long alternation.
 */
const MEETING_HINT = /\.[a-z]/i

/** True for a link to a video meeting or live stream (Zoom, Meet, Teams, Webex, …). */
export function isMeetingLink(text: string | undefined): boolean {
  return !!text && MEETING_HINT.test(text) && MEETING.test(text)
}

/** MEETING alone, without its hint: for the test that pins the hint as a shortcut only. */
export const meetingPattern = MEETING

const TICKETING =
  /\b(eventbrite\.[a-z.]+|ticketmaster\.[a-z.]+|ticketleap\.com|brownpapertickets\.com|universe\.com|etix\.com|showclix\.com|ticketweb\.[a-z.]+|axs\.com|seetickets\.[a-z.]+|tickettailor\.com|humanitix\.com|simpletix\.com|ticketspice\.com|eventzilla\.net|zeffy\.com|givebutter\.com|signupgenius\.com|libcal\.com|(?:[a-z0-9-]+\.)?tuxedobillet\.com|ticketfly\.com|frontgatetickets\.com|tix\.com|jotform\.com|formstack\.com|wufoo\.com|forms\.gle|docs\.google\.com\/forms)\b/i

/** True for a link to a ticketing or registration service. */
export function isTicketingLink(url: string | undefined): boolean {
  return !!url && TICKETING.test(url)
}
