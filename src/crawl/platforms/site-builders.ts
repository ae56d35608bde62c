/**
 * Site builders and hosted pages: Squarespace (events collections answer `?format=json`), Finalsite
 * (school sites; calendar pages as HTML, its `events.ics` subscription links), Planning Center's Church
 * Center (church calendars; iCalendar subscriptions on calendar.planningcenteronline.com), Wix and
 * Facebook events (recognised, not readable), plain WordPress, and FullCalendar JSON event sources.
 */
import { captures, endpoint } from './endpoint'
import type { Platform } from './types'
import { theEventsCalendar } from './wordpress-plugins'

export const squarespace: Platform = {
  id: 'squarespace',
  name: 'Squarespace',
  scope: (url) => /[?&]format=json/i.test(url.search) || /^\/(events?|calendar)(\/|$)/i.test(url.pathname),
  endpoints: (url) => {
    const json = new URL(url.href)
    json.searchParams.set('format', 'json')
    return [endpoint(json.href, 'json', 'Squarespace collection JSON', { format: 'squarespace-json' }), endpoint(url.href, 'html', 'Squarespace events page')]
  },
  signs: [{ pattern: /<!--\s*This is Squarespace\.\s*-->|static1\.squarespace\.com|SQUARESPACE_CONTEXT/i, evidence: 'Squarespace markup' }],
  readers: ['squarespace-json', 'html'],
}

export const finalsite: Platform = {
  id: 'finalsite',
  name: 'Finalsite',
  scope: (url) => /\/fs\/calendar-manager\/|\/(calendar|events)(\/|$)/i.test(url.pathname),
  endpoints: (url) => [endpoint(url.href, /\.ics$/i.test(url.pathname) ? 'ics' : 'html', 'Finalsite calendar')],
  signs: [{ pattern: /finalsite|resources\.finalsite\.net|\bfsCalendar\b|\/fs\/elements\//i, evidence: 'Finalsite markup' }],
  fromPage: (html, page) =>
    captures(html, /["']((?:https?:\/\/[^"'\s]+)?\/fs\/calendar-manager\/events\.ics\?[^"'\s]+)["']/gi, 4).map((href) =>
      endpoint(new URL(href.replace(/&amp;/g, '&'), page).href, 'ics', 'Finalsite calendar subscription', { expected: true }),
    ),
  readers: ['ics', 'html'],
}

export const planningCenter: Platform = {
  id: 'planning-center',
  name: 'Planning Center (Church Center)',
  hosts: [/^[a-z0-9-]+\.churchcenter\.com$/, /^calendar\.planningcenteronline\.com$/],
  scope: (url) => (url.hostname === 'calendar.planningcenteronline.com' ? /^\/icals\//i.test(url.pathname) : /^\/(calendar|events)(\/|$)/i.test(url.pathname)),
  endpoints: (url) => [
    url.hostname === 'calendar.planningcenteronline.com'
      ? endpoint(url.href, 'ics', 'Planning Center iCalendar subscription', { expected: true })
      : endpoint(url.href, 'html', 'Church Center calendar page'),
  ],
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.churchcenter\.com|calendar\.planningcenteronline\.com\/icals\//i, evidence: 'Church Center / Planning Center link' }],
  readers: ['ics', 'html'],
}

export const wix: Platform = {
  id: 'wix',
  name: 'Wix',
  scope: () => false,
  endpoints: () => [],
  signs: [{ pattern: /<meta[^>]+name=["']generator["'][^>]+content=["']Wix\.com|static\.wixstatic\.com|wix-warmup-data/i, evidence: 'Wix markup' }],
  readers: [],
  unreadable: 'Wix builds its pages in the browser; the calendar is not in the HTML',
}

export const facebookEvents: Platform = {
  id: 'facebook-events',
  name: 'Facebook events',
  hosts: [/^(www\.|m\.)?facebook\.com$/],
  scope: (url) => /\/events\b/i.test(url.pathname),
  endpoints: () => [],
  signs: [{ pattern: /facebook\.com\/[^"'\s]*events\b/i, evidence: 'link to Facebook events' }],
  readers: [],
  unreadable: 'Facebook events cannot be read without logging in',
}

export const wordpress: Platform = {
  id: 'wordpress',
  name: 'WordPress',
  scope: () => false,
  endpoints: () => [],
  signs: [{ pattern: /<meta[^>]+name=["']generator["'][^>]+content=["']WordPress|\/wp-content\/|\/wp-json\//i, evidence: 'WordPress markup' }],
  // The REST index names the event plugin when its assets are concatenated away; The Events Calendar is
  // common enough that its exports are probed on any WordPress site (a 404 costs one request).
  fromPage: (html, page, window) => [
    endpoint(`${page.origin}/wp-json/`, 'json', 'WordPress REST index (which event plugin)', { format: 'unknown', detect: true }),
    ...theEventsCalendar.fromPage!(html, page, window).map((e) => ({ ...e, expected: false })),
  ],
  readers: ['html'],
}

export const fullcalendar: Platform = {
  id: 'fullcalendar',
  name: 'FullCalendar JSON event source',
  scope: () => false,
  endpoints: () => [],
  signs: [{ pattern: /new\s+FullCalendar\.Calendar|\.fullCalendar\s*\(/i, evidence: 'FullCalendar script' }],
  fromPage: (html, page) =>
    captures(html, /\bevents\s*:\s*(?:\{\s*url\s*:\s*)?["']((?:https?:\/\/|\/)[^"'\s]{1,500})["']/gi, 4)
      .filter((href) => !/\.(js|css|png|jpe?g|gif|svg)(\?|$)/i.test(href) && !/calendar\.google\.com/i.test(href))
      .map((href) => endpoint(new URL(href, page).href, /\.ics(\?|$)/i.test(href) ? 'ics' : 'json', 'FullCalendar event source')),
  readers: ['json-events', 'ics'],
}
