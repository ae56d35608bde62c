/**
 * Localist (`name.localist.com` or a custom host such as `calendar.example.edu`). API 2:
 * `/api/2/events?start=…&end=…&pp=100&page=N` (`{events: [{event: {…, event_instances}}], page}`), read
 * by the Localist reader; a custom host is recognised from the widget or the page's markup.
 */
import { captures, endpoint } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

/** Localist API 2 events of a host over the window. */
export function localistApiUrl(host: string, window: Window): string {
  return `https://${host}/api/2/events?start=${window.start}&end=${window.end}&pp=100&page=1`
}

function forHost(host: string, window: Window): Endpoint[] {
  return [endpoint(localistApiUrl(host, window), 'json', `Localist API of ${host}`, { format: 'localist-json', expected: true, paged: true })]
}

export const localist: Platform = {
  id: 'localist',
  name: 'Localist',
  hosts: [/^[a-z0-9-]+\.localist\.com$/],
  scope: (url) => !/^(www|help|developer)\./i.test(url.hostname) && (url.pathname === '/' || /^\/(calendar|event|api\/2\/events|widget)(\/|$)/i.test(url.pathname)),
  endpoints: (url, window) => {
    if (/^\/api\/2\/events/i.test(url.pathname)) return [endpoint(url.href, 'json', 'Localist API', { format: 'localist-json', expected: true, paged: true })]
    if (/^\/event\//i.test(url.pathname)) return [endpoint(url.href, 'html', 'Localist event page')]
    return forHost(url.hostname, window)
  },
  signs: [
    { pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.localist\.com|localist-widget/i, evidence: 'Localist widget or host' },
    { pattern: /<meta[^>]+content=["']Localist/i, evidence: 'Localist generator' },
  ],
  fromPage: (html, page, window) => {
    const hosts = captures(html, /https?:\/\/([a-z0-9-]{1,63}\.localist\.com)/gi, 3)
      .map((h) => h.toLowerCase())
      .filter((h) => !/^(www|help|developer)\./.test(h))
    if (!hosts.length && /<meta[^>]+content=["']Localist/i.test(html)) hosts.push(page.hostname)
    return hosts.flatMap((h) => forHost(h, window))
  },
  readers: ['localist-json', 'html'],
}
