/**
 * CivicClerk (`CLIENT.portal.civicclerk.com`, API `CLIENT.api.civicclerk.com/v1/Events`, OData:
 * `{value: [{eventName, startDateTime, eventLocation: {address1, city, state, zipCode}}], @odata.nextLink}`).
 * CivicClerk writes the meeting's local wall time with a false `Z`: see `zone-rules.ts`.
 */
import { dayAfter, endpoint } from './endpoint'
import type { Platform, Window } from './types'

function client(url: URL): string | undefined {
  return /^([a-z0-9-]+)\.(?:portal|api)\.civicclerk\.com$/i.exec(url.hostname)?.[1]?.toLowerCase()
}

/** The API's events of a client over the window, oldest first. */
export function civicClerkApiUrl(name: string, window: Window): string {
  const filter = `startDateTime ge ${window.start}T00:00:00Z and startDateTime lt ${dayAfter(window)}T00:00:00Z`
  return `https://${name}.api.civicclerk.com/v1/Events?$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent('startDateTime asc')}`
}

export const civicclerk: Platform = {
  id: 'civicclerk',
  name: 'CivicClerk',
  hosts: [/^[a-z0-9-]+\.(portal|api)\.civicclerk\.com$/],
  scope: (url) => (/\.api\./i.test(url.hostname) ? /^\/v1\/events/i.test(url.pathname) : true),
  endpoints: (url, window) => {
    if (/\.api\./i.test(url.hostname)) return [endpoint(url.href, 'json', 'CivicClerk events API', { expected: true, paged: true })]
    const name = client(url)
    return name ? [endpoint(civicClerkApiUrl(name, window), 'json', `CivicClerk events of ${name}`, { expected: true, paged: true })] : []
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.portal\.civicclerk\.com/i, evidence: 'link to a CivicClerk portal' }],
  readers: ['json-events'],
}
