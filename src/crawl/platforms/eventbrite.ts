/**
 * Eventbrite. An organizer page (`eventbrite.TLD/o/NAME-ID`) lists the organizer's events with schema.org
 * JSON-LD, read by the HTML reader; event pages (`/e/…`) likewise. The API v3 (`eventbriteapi.com/v3/
 * organizations/ID/events/`) needs the organization's token, so it is read only when a document of it is
 * met (`{events: [{name: {text}, start: {timezone, local, utc}, …}], pagination}`, per-event zones).
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

const ORGANIZER = /^\/o\/[\w-]*\d{5,}\/?$/i
const EVENT = /^\/e\/[\w-]*\d{5,}\/?$/i
const API = /^\/v3\/(organizations|organizers|venues)\/\d+\/events\/?$/i

export const eventbrite: Platform = {
  id: 'eventbrite',
  name: 'Eventbrite',
  hosts: [/^(www\.)?eventbrite\.[a-z]{2,3}(\.[a-z]{2})?$/, /^(www\.)?eventbriteapi\.com$/],
  scope: (url) => (/eventbriteapi\.com$/.test(url.hostname) ? API.test(url.pathname) : ORGANIZER.test(url.pathname) || EVENT.test(url.pathname)),
  endpoints: (url) => {
    if (API.test(url.pathname)) return [endpoint(url.href, 'json', 'Eventbrite API v3 events', { expected: true, paged: true })]
    if (ORGANIZER.test(url.pathname)) return [endpoint(url.href, 'html', 'Eventbrite organizer page (JSON-LD)', { expected: true })]
    return [endpoint(url.href, 'html', 'Eventbrite event page (JSON-LD)')]
  },
  signs: [{ pattern: /eventbrite\.[a-z.]+\/(o|e)\/|eventbrite-widget|eb_widget/i, evidence: 'Eventbrite link or widget' }],
  readers: ['html', 'json-events'],
}
