/**
 * The WordPress event plugins we read. The Events Calendar: REST `/wp-json/tribe/events/v1/events` (paged
 * by `next_rest_url`) and its iCalendar list export. Events Manager: `/events.ics` (its iCalendar feed)
 * and its REST namespace. Modern Events Calendar: `?mec-ical-feed=1`. All-in-One Event Calendar
 * (Timely): its exporter controller. Event Organiser: the `eo-events` feed. EventON: no site-wide export
 * without add-ons; its pages carry schema.org data, read as HTML.
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'
import { wordpressPlugin } from './wordpress-plugin'

export const theEventsCalendar: Platform = wordpressPlugin({
  id: 'the-events-calendar',
  name: 'The Events Calendar',
  slugs: ['the-events-calendar', 'events-calendar-pro'],
  markup: /class=["'][^"']*\btribe-events\b|tribe_events|tribe-common/i,
  namespaces: /tribe\/events\/v1/,
  scope: /\/wp-json\/tribe\/events\/v1\/events|[?&](ical=1|post_type=tribe_events)|^\/events?(\/|$)/i,
  exports: (origin, window) => [
    endpoint(`${origin}/wp-json/tribe/events/v1/events?per_page=50&start_date=${window.start}&end_date=${window.end}%2023:59:59`, 'json', 'The Events Calendar REST', {
      format: 'tec-json',
      expected: true,
      paged: true,
    }),
    endpoint(`${origin}/?post_type=tribe_events&ical=1&eventDisplay=list`, 'ics', 'The Events Calendar iCalendar list export'),
  ],
  readers: ['tec-json', 'ics', 'html'],
})

export const eventsManager: Platform = wordpressPlugin({
  id: 'events-manager',
  name: 'Events Manager',
  slugs: ['events-manager', 'events-manager-pro'],
  markup: /class=["'][^"']*\bem-(?:events-list|calendar|event)\b|id=["']em-wrapper/i,
  namespaces: /events-manager\//,
  scope: /^\/events\.ics|[?&]em_ical|^\/events?(\/|$)/i,
  exports: (origin) => [endpoint(`${origin}/events.ics`, 'ics', 'Events Manager iCalendar feed', { expected: true })],
  readers: ['ics', 'html'],
})

export const modernEventsCalendar: Platform = wordpressPlugin({
  id: 'modern-events-calendar',
  name: 'Modern Events Calendar',
  slugs: ['modern-events-calendar', 'modern-events-calendar-lite'],
  markup: /class=["'][^"']*\bmec-(?:wrap|event-list|calendar)\b/i,
  namespaces: /mec\//,
  scope: /[?&]mec-ical-feed=1|^\/events?(\/|$)/i,
  exports: (origin) => [endpoint(`${origin}/?mec-ical-feed=1`, 'ics', 'Modern Events Calendar iCalendar feed')],
  readers: ['ics', 'html'],
})

export const allInOneEventCalendar: Platform = wordpressPlugin({
  id: 'all-in-one-event-calendar',
  name: 'All-in-One Event Calendar (Timely)',
  slugs: ['all-in-one-event-calendar'],
  markup: /\bai1ec[-_]/i,
  scope: /controller=ai1ec_exporter_controller|^\/calendar(\/|$)/i,
  exports: (origin) => [
    endpoint(`${origin}/?plugin=all-in-one-event-calendar&controller=ai1ec_exporter_controller&action=export_events`, 'ics', 'All-in-One Event Calendar iCalendar export', { expected: true }),
  ],
  readers: ['ics', 'html'],
})

export const eventOrganiser: Platform = wordpressPlugin({
  id: 'event-organiser',
  name: 'Event Organiser',
  slugs: ['event-organiser', 'event-organiser-pro'],
  markup: /class=["'][^"']*\beo-(?:event|fullcalendar|events)\b/i,
  namespaces: /eo\/|event-organiser\//,
  scope: /[?&]feed=eo-events|\/feed\/eo-events|^\/events?(\/|$)/i,
  exports: (origin) => [endpoint(`${origin}/?feed=eo-events`, 'ics', 'Event Organiser iCalendar feed', { expected: true })],
  readers: ['ics', 'html'],
})

export const eventOn: Platform = wordpressPlugin({
  id: 'eventon',
  name: 'EventON',
  slugs: ['eventON', 'eventon', 'eventon-lite'],
  markup: /\bajde_events\b|class=["'][^"']*\bevo_(?:cal|event)/i,
  namespaces: /eventon\//,
  scope: /\/events?\/|ajde_events/i,
  exports: () => [],
  readers: ['html'],
})

/** Every WordPress event plugin entry. */
export const WORDPRESS_PLUGINS: Platform[] = [theEventsCalendar, eventsManager, modernEventsCalendar, allInOneEventCalendar, eventOrganiser, eventOn]
