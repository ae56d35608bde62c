/**
 * Granicus OpenCities (city sites on the organization's host). Calendar widgets load
 * `/ocapi/calendars/getcalendaritems?Ids=GUID&LanguageCode=…`, which answers `{success, data: [{Date:
 * 'DD/MM/YYYY', Items: [{Name, DateTime: 'M/D/YYYY h:mm:ss AM'}]}]}` with placeholder 'No Meetings'
 * items; read by the OpenCities profile of the JSON reader. Calendar ids come from the page.
 */
import { captures, endpoint } from './endpoint'
import type { Endpoint, Platform } from './types'

const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

function forCalendar(origin: string, id: string): Endpoint {
  return endpoint(`${origin}/ocapi/calendars/getcalendaritems?Ids=${id}&LanguageCode=en-US`, 'json', `OpenCities calendar ${id}`)
}

export const opencities: Platform = {
  id: 'opencities',
  name: 'Granicus OpenCities',
  scope: (url) => /^\/ocapi\/calendars\//i.test(url.pathname),
  endpoints: (url) => [endpoint(url.href, 'json', 'OpenCities calendar items', { expected: true })],
  signs: [{ pattern: /\/ocapi\/|OpenCities|oc-calendar|seamless\.opencities/i, evidence: 'OpenCities markup' }],
  fromPage: (html, page) => {
    const ids = captures(html, new RegExp(`(?:calendar-?ids?|CalendarId|Ids)["'=:\\s]+["']?(${GUID})`, 'gi'), 4)
    return ids.map((id) => forCalendar(page.origin, id))
  },
  readers: ['json-events'],
}
