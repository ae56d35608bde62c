import type { Fingerprint } from './fingerprint'

/** A URL worth fetching and what it is expected to be. `expected` probes are reported when they fail. */
export type Probe = { url: string; kind: string; expected: boolean }

/**
 * The few platform endpoints that fit the fingerprint, in DESIGN §6's order: iCalendar exports first,
 * then platform APIs. The Events Calendar's REST API is probed even when only WordPress was recognised
 * (its plugin assets are often concatenated away), since a 404 there costs one request.
 */
export function platformProbes(origin: string, fp: Fingerprint): Probe[] {
  const probes: Probe[] = []
  const tec = fp.platforms.includes('the-events-calendar')
  if (tec || fp.platforms.includes('wordpress')) {
    probes.push({ url: `${origin}/?post_type=tribe_events&ical=1&eventDisplay=list`, kind: 'tec-ics', expected: false })
    probes.push({ url: `${origin}/wp-json/tribe/events/v1/events?per_page=50`, kind: 'tec-rest', expected: tec })
  }
  if (fp.trumba) probes.push({ url: `https://www.trumba.com/calendars/${fp.trumba}.json`, kind: 'trumba', expected: true })
  if (fp.localist) probes.push({ url: `https://${fp.localist}/api/2/events?days=90&pp=100`, kind: 'localist', expected: true })
  return probes
}

/** Squarespace answers any collection page with its JSON when asked with `?format=json`. */
export function squarespaceJsonUrl(pageUrl: string): string {
  const url = new URL(pageUrl)
  url.searchParams.set('format', 'json')
  return url.href
}
