/**
 * Trumba (`www.trumba.com/calendars/WEBNAME`): the calendar's JSON (`.json`), iCalendar (`.ics`) and RSS
 * exports. Sites embed it with `$Trumba.addSpud({webName: "…"})` from `spuds.js`.
 */
import { captures, endpoint } from './endpoint'
import type { Endpoint, Platform } from './types'

function forWebName(webName: string): Endpoint[] {
  const base = `https://www.trumba.com/calendars/${encodeURIComponent(webName)}`
  return [endpoint(`${base}.json`, 'json', `Trumba calendar ${webName}, JSON`, { format: 'trumba-json', expected: true }), endpoint(`${base}.ics`, 'ics', `Trumba calendar ${webName}, iCalendar`)]
}

export const trumba: Platform = {
  id: 'trumba',
  name: 'Trumba',
  hosts: [/^(www\.)?trumba\.com$/],
  scope: (url) => /^\/calendars\/[\w.-]+/i.test(url.pathname),
  endpoints: (url) => {
    const m = /^\/calendars\/([\w.-]+?)(?:\.(json|ics|rss|xml))?(?:\/|$)/i.exec(url.pathname)
    return m ? forWebName(decodeURIComponent(m[1])) : []
  },
  signs: [{ pattern: /trumba\.com\/scripts\/spuds\.js|\$Trumba\.addSpud/i, evidence: 'Trumba spud' }],
  fromPage: (html) => captures(html, /\$Trumba\.addSpud\(\s*\{[^}]{0,500}webName\s*:\s*["']([A-Za-z0-9_.-]{1,80})["']/g, 3).flatMap(forWebName),
  readers: ['trumba-json', 'ics'],
}
