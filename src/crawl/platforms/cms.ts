/**
 * Content management systems whose calendar modules export iCalendar: Drupal (Views iCal / Date iCal
 * displays at a few conventional paths, probed) and Joomla's JEvents (`icals.export`) and DPCalendar
 * (schema.org in its pages). Their feeds are also found from `<link rel=alternate>` and `.ics` links.
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

export const drupal: Platform = {
  id: 'drupal',
  name: 'Drupal',
  scope: (url) => /\/(calendar|events?)(\/ical|\.ics|\/feed|\.rss)?\/?$/i.test(url.pathname) || /\.ics$/i.test(url.pathname),
  endpoints: (url) => [endpoint(url.href, /\.ics$|\/ical\/?$/i.test(url.pathname) ? 'ics' : /\.rss$|\/feed\/?$/i.test(url.pathname) ? 'rss' : 'html', 'Drupal calendar')],
  signs: [
    { pattern: /<meta[^>]+name=["']generator["'][^>]+content=["']Drupal|data-drupal-selector|drupal-settings-json/i, evidence: 'Drupal generator or settings' },
    { pattern: /\/sites\/default\/files\//i, evidence: 'Drupal files path' },
  ],
  fromPage: (_html, page) => [
    endpoint(`${page.origin}/events.ics`, 'ics', 'Drupal iCalendar export (conventional path, probe)'),
    endpoint(`${page.origin}/calendar/ical`, 'ics', 'Drupal iCalendar export (conventional path, probe)'),
  ],
  readers: ['ics', 'rss', 'html'],
}

export const jevents: Platform = {
  id: 'joomla-jevents',
  name: 'Joomla JEvents',
  scope: (url) => /option=com_jevents/i.test(url.search) || /\/(events|calendar)(\/|$)/i.test(url.pathname),
  endpoints: (url) => [endpoint(`${url.origin}/index.php?option=com_jevents&task=icals.export&format=ical&catids=0&years=0&icf=1`, 'ics', 'JEvents iCalendar export', { expected: true })],
  signs: [{ pattern: /\/components\/com_jevents\/|option=com_jevents/i, evidence: 'Joomla com_jevents' }],
  fromPage: (_html, page) => [endpoint(`${page.origin}/index.php?option=com_jevents&task=icals.export&format=ical&catids=0&years=0&icf=1`, 'ics', 'JEvents iCalendar export', { expected: true })],
  readers: ['ics', 'html'],
}

export const dpcalendar: Platform = {
  id: 'joomla-dpcalendar',
  name: 'Joomla DPCalendar',
  scope: (url) => /option=com_dpcalendar/i.test(url.search) || /\/(events|calendar)(\/|$)/i.test(url.pathname),
  endpoints: (url) => [endpoint(url.href, 'html', 'DPCalendar page (schema.org)')],
  signs: [{ pattern: /\/(components|media)\/com_dpcalendar\//i, evidence: 'Joomla com_dpcalendar' }],
  readers: ['html', 'ics'],
}
