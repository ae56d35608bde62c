/**
 * Springshare LibCal (`name.libcal.com`). Each calendar has a numeric id (`cid`); its public iCalendar
 * subscription is `/ical_subscribe.php?src=p&cid=ID` and the calendar page lists through
 * `/ajax/calendar/list?c=ID&date=…&perpage=48&page=N` (JSON, local wall times; `c=-1` is every calendar).
 * Room booking, hours and appointments on the same host are not calendars.
 */
import { captures, endpoint, param } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

const CALENDAR_PATH = /^\/(calendar(\/|$)|event\/\d+|ical_subscribe\.php|rss\.php|ajax\/calendar\/list|api_events\.php|widget\/events)/i

function calendarId(url: URL): string | undefined {
  const cid = param(url, 'cid') ?? (/\/ajax\/calendar\/list/i.test(url.pathname) ? param(url, 'c') : undefined)
  return cid && /^-?\d{1,9}$/.test(cid) ? cid : undefined
}

/** The JSON list of one calendar (or all, `-1`) from the window's first day, 48 a page. */
export function libcalListUrl(host: string, cid: string, window: Window): string {
  return `https://${host}/ajax/calendar/list?c=${cid}&date=${window.start}&perpage=48&page=1&audience=&cats=&camps=&inc=0`
}

function forCalendar(host: string, cid: string | undefined, window: Window): Endpoint[] {
  if (!cid || cid === '-1') return [endpoint(libcalListUrl(host, '-1', window), 'json', 'LibCal, every public calendar (list JSON)', { paged: true })]
  return [
    endpoint(`https://${host}/ical_subscribe.php?src=p&cid=${cid}`, 'ics', `LibCal calendar ${cid}, iCalendar subscription`, { expected: true }),
    endpoint(libcalListUrl(host, cid, window), 'json', `LibCal calendar ${cid}, list JSON`, { paged: true }),
  ]
}

export const libcal: Platform = {
  id: 'libcal',
  name: 'Springshare LibCal',
  hosts: [/^[a-z0-9-]+\.libcal\.com$/],
  scope: (url) => !/^(www|api|api3)\./i.test(url.hostname) && CALENDAR_PATH.test(url.pathname),
  endpoints: (url, window) => {
    if (/^\/(ical_subscribe|ajax\/calendar\/list)/i.test(url.pathname)) {
      const kind = /ical/i.test(url.pathname) ? 'ics' : 'json'
      return [endpoint(url.href, kind, 'LibCal calendar export', { expected: true, paged: kind === 'json' })]
    }
    if (/^\/event\/\d+/i.test(url.pathname)) return [endpoint(url.href, 'html', 'LibCal event page')]
    return forCalendar(url.hostname, calendarId(url), window)
  },
  signs: [
    { pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.libcal\.com/i, evidence: 'link or widget on a libcal.com host' },
    { pattern: /springshare|libcal_widget|LibCalWidget/i, evidence: 'Springshare widget' },
  ],
  fromPage: (html, _page, window) => {
    const out: Endpoint[] = []
    for (const m of html.matchAll(/((?<![a-z0-9-])[a-z0-9-]{1,63}\.libcal\.com)\/[^"'\s<>]{0,300}?[?&](?:amp;)?cid=(-?\d{1,9})/gi)) {
      if (out.length >= 6) break
      if (!/^(www|api|api3)\./i.test(m[1])) out.push(...forCalendar(m[1].toLowerCase(), m[2], window))
    }
    for (const host of captures(html, /https?:\/\/([a-z0-9-]{1,63}\.libcal\.com)\/calendar\b/gi, 3)) {
      if (!out.some((e) => e.url.includes(host.toLowerCase()))) out.push(...forCalendar(host.toLowerCase(), undefined, window))
    }
    return out
  },
  readers: ['ics', 'json-events', 'html'],
}
