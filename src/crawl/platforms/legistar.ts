/**
 * Granicus Legistar (`CLIENT.legistar.com/Calendar.aspx`) and Granicus' older meeting publisher
 * (`CLIENT.granicus.com/ViewPublisher.php?view_id=N`). Legistar's public Web API
 * (`webapi.legistar.com/v1/CLIENT/events`, OData filters) answers an array of `{EventBodyName, EventDate,
 * EventTime, EventLocation, EventInSiteURL}`, read by the Legistar profile of the JSON reader; the
 * calendar table and the publisher's table are read as HTML.
 */
import { dayAfter, endpoint, subdomain } from './endpoint'
import type { Platform, Window } from './types'

/** The Web API's events of a client over the window. */
export function legistarApiUrl(client: string, window: Window): string {
  const filter = `EventDate ge datetime'${window.start}' and EventDate lt datetime'${dayAfter(window)}'`
  return `https://webapi.legistar.com/v1/${encodeURIComponent(client)}/events?$filter=${encodeURIComponent(filter)}&$orderby=EventDate`
}

export const legistar: Platform = {
  id: 'legistar',
  name: 'Granicus Legistar',
  hosts: [/^[a-z0-9-]+\.legistar\.com$/, /^webapi\.legistar\.com$/],
  scope: (url) =>
    url.hostname === 'webapi.legistar.com' ? /^\/v1\/[\w-]+\/events\/?$/i.test(url.pathname) : /^\/(calendar\.aspx|meetingdetail\.aspx|departmentdetail\.aspx|feed\.ashx)$/i.test(url.pathname),
  endpoints: (url, window) => {
    if (url.hostname === 'webapi.legistar.com') return [endpoint(url.href, 'json', 'Legistar Web API events', { expected: true })]
    if (/meetingdetail/i.test(url.pathname)) return [endpoint(url.href, 'html', 'Legistar meeting page')]
    const client = subdomain(url)
    return [
      endpoint(legistarApiUrl(client, window), 'json', `Legistar Web API events of ${client}`),
      endpoint(`https://${url.hostname}/Calendar.aspx`, 'html', 'Legistar calendar table', { expected: true }),
    ]
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.legistar\.com/i, evidence: 'link to Legistar' }],
  readers: ['json-events', 'html'],
}

export const granicus: Platform = {
  id: 'granicus',
  name: 'Granicus meeting publisher',
  hosts: [/^[a-z0-9-]+\.granicus\.com$/],
  scope: (url) => /^\/(viewpublisher\.php|viewpublisherrss\.php|agendaviewer\.php|mediaplayer\.php)$/i.test(url.pathname),
  endpoints: (url) => (/^\/viewpublisher\.php$/i.test(url.pathname) ? [endpoint(url.href, 'html', 'Granicus publisher table (upcoming events)', { expected: true })] : []),
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.granicus\.com\/ViewPublisher/i, evidence: 'link to a Granicus publisher' }],
  readers: ['html'],
}
