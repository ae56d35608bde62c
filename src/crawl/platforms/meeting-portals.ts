/**
 * Smaller meeting portals of local government: IQM2 (`CLIENT.iqm2.com/Citizens/Calendar.aspx`, HTML),
 * PrimeGov (`CLIENT.primegov.com`, JSON `api/v2/PublicPortal/ListUpcomingMeetings`) and BoardDocs
 * (`go.boarddocs.com`, built in the browser: recognised, reported as unreadable).
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

export const iqm2: Platform = {
  id: 'iqm2',
  name: 'IQM2 (Granicus)',
  hosts: [/^[a-z0-9-]+\.iqm2\.com$/],
  scope: (url) => /^\/citizens\/(calendar|detail_meeting|default)\.aspx$/i.test(url.pathname) || /^\/citizens\/?$/i.test(url.pathname),
  endpoints: (url) => [endpoint(/detail_meeting/i.test(url.pathname) ? url.href : `https://${url.hostname}/Citizens/Calendar.aspx`, 'html', 'IQM2 calendar', { expected: true })],
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.iqm2\.com/i, evidence: 'link to IQM2' }],
  readers: ['html'],
}

export const primegov: Platform = {
  id: 'primegov',
  name: 'PrimeGov',
  hosts: [/^[a-z0-9-]+\.primegov\.com$/],
  scope: (url) => /^\/(public\/portal|portal|api\/v2\/publicportal\/list\w*meetings)/i.test(url.pathname) || url.pathname === '/',
  endpoints: (url) =>
    /^\/api\//i.test(url.pathname)
      ? [endpoint(url.href, 'json', 'PrimeGov meetings', { expected: true })]
      : [
          endpoint(`https://${url.hostname}/api/v2/PublicPortal/ListUpcomingMeetings`, 'json', 'PrimeGov upcoming meetings', { expected: true }),
          endpoint(`https://${url.hostname}/public/portal`, 'html', 'PrimeGov portal'),
        ],
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.primegov\.com/i, evidence: 'link to PrimeGov' }],
  readers: ['json-events', 'html'],
}

export const boarddocs: Platform = {
  id: 'boarddocs',
  name: 'BoardDocs',
  hosts: [/^go\.boarddocs\.com$/],
  scope: (url) => /^\/[a-z]{2}\/[\w-]+\/board\.nsf/i.test(url.pathname),
  endpoints: () => [],
  signs: [{ pattern: /go\.boarddocs\.com\/[a-z]{2}\//i, evidence: 'link to BoardDocs' }],
  readers: [],
  unreadable: 'BoardDocs builds its meeting list in the browser; it is not in the HTML',
}
