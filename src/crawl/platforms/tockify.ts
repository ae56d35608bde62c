/**
 * Tockify (`tockify.com/CALNAME`). Public exports: iCalendar at `/api/feeds/ics/CALNAME` and the JSON the
 * embed reads, `/api/ngevent?calname=…&startms=…` (`{events: [{eid: {uid, tid}, when: {start: {millis,
 * tzid}, end}, content: {summary: {text}, description, place, address}}]}`), read by the Tockify profile
 * of the JSON reader. Embeds carry `data-tockify-calendar="CALNAME"`.
 */
import { captures, endpoint, epochMs, firstSegment } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

const RESERVED = new Set(['', 'api', 'pricing', 'features', 'help', 'blog', 'login', 'signup', 'about', 'terms', 'privacy', 'contact', 'embed', 'public', 'support', 'examples'])

function calname(url: URL): string | undefined {
  const fromQuery = url.searchParams.get('calname')
  if (fromQuery) return fromQuery
  const ics = /^\/api\/feeds\/ics\/([\w.-]+)/i.exec(url.pathname)
  if (ics) return ics[1]
  const first = firstSegment(url)
  return RESERVED.has(first) || !/^[\w.-]{1,80}$/.test(first) ? undefined : first
}

function forCalendar(name: string, window: Window): Endpoint[] {
  const json = `https://tockify.com/api/ngevent?calname=${encodeURIComponent(name)}&max=200&start-inclusive=true&startms=${epochMs(window.start)}&endms=${epochMs(window.end) + 86_400_000}`
  return [
    endpoint(`https://tockify.com/api/feeds/ics/${encodeURIComponent(name)}`, 'ics', `Tockify calendar ${name}, iCalendar`, { expected: true }),
    endpoint(json, 'json', `Tockify calendar ${name}, event JSON`),
  ]
}

export const tockify: Platform = {
  id: 'tockify',
  name: 'Tockify',
  hosts: [/^(www\.|public\.)?tockify\.com$/],
  scope: (url) => calname(url) !== undefined,
  endpoints: (url, window) => {
    const name = calname(url)
    return name ? forCalendar(name, window) : []
  },
  signs: [{ pattern: /data-tockify-calendar|tockify\.com\/(browser\/embed\.js|[\w.-]+)/i, evidence: 'Tockify embed' }],
  fromPage: (html, _page, window) => captures(html, /data-tockify-calendar=["']([\w.-]{1,80})["']/gi, 3).flatMap((n) => forCalendar(n, window)),
  readers: ['ics', 'json-events'],
}
