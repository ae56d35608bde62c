/**
 * BiblioCommons Events (`name.bibliocommons.com/v2/events`). The events pages read the public gateway
 * `gateway.bibliocommons.com/v2/libraries/NAME/events`, which answers
 * `{events: {pagination, items: [ids]}, entities: {events: {id: {…, definition: {title, start, end,
 * branchLocationId}}}, locations: {…}}}`; read by the BiblioCommons profile of the JSON reader.
 */
import { endpoint, subdomain } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

/** The gateway's event list for a library over the window, 100 a page. */
export function biblioEventsUrl(library: string, window: Window): string {
  return `https://gateway.bibliocommons.com/v2/libraries/${encodeURIComponent(library)}/events?startDate=${window.start}&endDate=${window.end}&limit=100&page=1`
}

function forLibrary(library: string, window: Window): Endpoint[] {
  return [
    endpoint(biblioEventsUrl(library, window), 'json', `BiblioCommons events of ${library}`, { expected: true, paged: true }),
    endpoint(`https://${library}.bibliocommons.com/v2/events`, 'html', 'BiblioCommons events page'),
  ]
}

export const bibliocommons: Platform = {
  id: 'bibliocommons',
  name: 'BiblioCommons Events',
  hosts: [/^[a-z0-9-]+\.bibliocommons\.com$/, /^gateway\.bibliocommons\.com$/],
  scope: (url) => (url.hostname === 'gateway.bibliocommons.com' ? /^\/v2\/libraries\/[^/]+\/events/i.test(url.pathname) : /^\/(v2\/)?events(\/|$)/i.test(url.pathname)),
  endpoints: (url, window) => {
    const gateway = /^\/v2\/libraries\/([^/]+)\/events/i.exec(url.pathname)
    if (url.hostname === 'gateway.bibliocommons.com') return gateway ? [endpoint(url.href, 'json', 'BiblioCommons events', { expected: true, paged: true })] : []
    if (/^\/(v2\/)?events\/[0-9a-f]{12,}/i.test(url.pathname)) return [endpoint(url.href, 'html', 'BiblioCommons event page')]
    return forLibrary(subdomain(url), window)
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.bibliocommons\.com\/(v2\/)?events/i, evidence: 'link to BiblioCommons events' }],
  readers: ['json-events', 'html'],
}
