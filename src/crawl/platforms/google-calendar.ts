/**
 * Google Calendar. An embed (`calendar.google.com/calendar/embed?src=ID`, several `src` allowed), a
 * subscription link (`?cid=` with the id itself or base64 of it) or a FullCalendar `googleCalendarId`
 * names public calendars; each has a public iCalendar export at `/calendar/ical/ID/public/basic.ics`.
 * The API v3 `events` JSON is read when a site links it (it needs the site's own key, which is in the URL).
 */
import { captures, endpoint, param } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

const EMBED_PATH = /^\/calendar\/(?:u\/\d+\/|b\/\d+\/)?(?:embed|htmlembed|render|r)\b/i
const ICAL_PATH = /^\/calendar\/ical\/([^/]+)\/(public|private-[^/]+)\/[a-z]+\.ics$/i
const API_PATH = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/?$/i
/** Calendar ids: an address (`…@group.calendar.google.com`, `…@gmail.com`) or a holiday id. */
const CALENDAR_ID = /^[\w.+%#-]+@[\w.-]+\.[a-z]{2,}$/i

/** The public iCalendar export of a calendar id. */
export function googleIcsUrl(id: string): string {
  return `https://calendar.google.com/calendar/ical/${encodeURIComponent(id)}/public/basic.ics`
}

/** `cid` is the id itself or its base64 (what "Add to Google Calendar" links carry). */
function decodeCid(cid: string): string | undefined {
  if (CALENDAR_ID.test(cid)) return cid
  try {
    const text = atob(cid.replace(/-/g, '+').replace(/_/g, '/'))
    return CALENDAR_ID.test(text) ? text : undefined
  } catch {
    return undefined
  }
}

/** The calendar ids a Google Calendar URL names. */
export function googleCalendarIds(url: URL): string[] {
  const ical = ICAL_PATH.exec(url.pathname)
  if (ical) return [decodeURIComponent(ical[1])]
  const api = API_PATH.exec(url.pathname)
  if (api) return [decodeURIComponent(api[1])]
  const ids = url.searchParams.getAll('src').filter((s) => CALENDAR_ID.test(s))
  const cid = param(url, 'cid')
  const decoded = cid ? decodeCid(cid) : undefined
  if (decoded) ids.push(decoded)
  return [...new Set(ids)]
}

function apiEndpoint(url: URL, window: Window): Endpoint {
  const api = new URL(url.href)
  api.searchParams.set('timeMin', `${window.start}T00:00:00Z`)
  api.searchParams.set('timeMax', `${window.end}T23:59:59Z`)
  api.searchParams.set('singleEvents', 'true')
  api.searchParams.set('orderBy', 'startTime')
  if (!api.searchParams.has('maxResults')) api.searchParams.set('maxResults', '250')
  return endpoint(api.href, 'json', 'Google Calendar API v3 events', { expected: true, paged: true })
}

export const googleCalendar: Platform = {
  id: 'google-calendar',
  name: 'Google Calendar',
  hosts: [/^(calendar|www)\.google\.com$/, /^www\.googleapis\.com$/],
  scope: (url) => {
    if (url.hostname === 'www.googleapis.com') return API_PATH.test(url.pathname)
    if (ICAL_PATH.test(url.pathname)) return true
    return /^\/calendar(\/|$)/i.test(url.pathname) && googleCalendarIds(url).length > 0
  },
  endpoints: (url, window) => {
    if (API_PATH.test(url.pathname) && url.searchParams.get('key')) return [apiEndpoint(url, window)]
    if (ICAL_PATH.test(url.pathname)) return [endpoint(url.href, 'ics', 'Google Calendar iCalendar export', { expected: true })]
    return googleCalendarIds(url).map((id) => endpoint(googleIcsUrl(id), 'ics', `Google Calendar ${id}, public iCalendar export`, { expected: true }))
  },
  signs: [
    { pattern: /calendar\.google\.com\/calendar\/(?:u\/\d+\/)?(?:embed|ical|htmlembed)/i, evidence: 'Google Calendar embed or export link' },
    { pattern: /googleCalendarId\s*["']?\s*:\s*["'][^"']{1,100}@/i, evidence: 'FullCalendar googleCalendarId' },
    { pattern: /googleapis\.com\/calendar\/v3\/calendars\//i, evidence: 'Google Calendar API v3 URL' },
  ],
  fromPage: (html) =>
    captures(html, /googleCalendarId\s*["']?\s*:\s*["']([^"'\s@]{1,100}@[^"'\s]{1,100})["']/gi).map((id) =>
      endpoint(googleIcsUrl(id), 'ics', `Google Calendar ${id} (FullCalendar), public iCalendar export`, { expected: true }),
    ),
  readers: ['ics', 'json-events'],
}
