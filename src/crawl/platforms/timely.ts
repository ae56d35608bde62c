/**
 * Timely (time.ly). The hosted calendar (`events.timely.fun/ID/`, `calendar.time.ly/SLUG`) is embedded
 * with `embed.js` and `data-src`; its pages are read as HTML (event pages carry schema.org data), and its
 * iCalendar export is probed. Timely's WordPress plugin is `all-in-one-event-calendar`.
 */
import { captures, endpoint } from './endpoint'
import type { Endpoint, Platform } from './types'

function forCalendar(base: string): Endpoint[] {
  const root = base.replace(/\/?(\?.*)?$/, '/')
  return [endpoint(`${root}export/ical`, 'ics', 'Timely calendar, iCalendar export (probe)'), endpoint(root, 'html', 'Timely calendar page')]
}

export const timely: Platform = {
  id: 'timely',
  name: 'Timely',
  hosts: [/^(events|calendar)\.time\.ly$/, /^events\.timely\.fun$/],
  scope: (url) => /^\/[\w-]{3,}(\/|$)/.test(url.pathname) && !/^\/(api|assets|static|login|signup|embed\.js)\b/i.test(url.pathname),
  endpoints: (url) => {
    if (/\/event\//i.test(url.pathname)) return [endpoint(url.href, 'html', 'Timely event page')]
    const first = url.pathname.split('/').filter(Boolean)[0]
    return first ? forCalendar(`${url.origin}/${first}`) : []
  },
  signs: [{ pattern: /events\.timely\.fun|calendar\.time\.ly|timely-script|timely_script/i, evidence: 'Timely embed' }],
  fromPage: (html) => captures(html, /data-src=["'](https:\/\/(?:events\.timely\.fun|calendar\.time\.ly)\/[\w-]+)/gi, 3).flatMap(forCalendar),
  readers: ['ics', 'html'],
}
