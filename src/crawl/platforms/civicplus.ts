/**
 * CivicPlus CivicEngage (city and county sites, on the organization's host). The calendar is
 * `/Calendar.aspx?CID=N`; each category has an iCalendar export
 * (`/common/modules/iCalendar/iCalendar.aspx?catID=N&feed=calendar`) and the calendar module an RSS feed
 * (`/RSSFeed.aspx?ModID=58&CID=…`) whose items carry `calendarEvent:EventDates`/`EventTimes`/`Location`.
 */
import { captures, endpoint, param } from './endpoint'
import type { Endpoint, Platform } from './types'

const SCOPE = /^\/(calendar\.aspx|common\/modules\/icalendar\/icalendar\.aspx|icalendar\.aspx|rssfeed\.aspx)$/i

function forCategory(origin: string, cid: string | undefined): Endpoint[] {
  const out: Endpoint[] = []
  if (cid && /^\d{1,6}$/.test(cid))
    out.push(endpoint(`${origin}/common/modules/iCalendar/iCalendar.aspx?catID=${cid}&feed=calendar`, 'ics', `CivicPlus calendar ${cid}, iCalendar`, { expected: true }))
  out.push(endpoint(`${origin}/RSSFeed.aspx?ModID=58&CID=All-calendar.xml`, 'rss', 'CivicPlus calendar RSS (every category)', { expected: !cid }))
  out.push(endpoint(`${origin}/Calendar.aspx${cid ? `?CID=${cid}` : ''}`, 'html', 'CivicPlus calendar page'))
  return out
}

export const civicplus: Platform = {
  id: 'civicplus',
  name: 'CivicPlus CivicEngage',
  hosts: [/^[a-z0-9-]+\.civicplus\.com$/],
  scope: (url) => SCOPE.test(url.pathname) && (!/rssfeed/i.test(url.pathname) || /^58$/.test(param(url, 'ModID') ?? '')),
  endpoints: (url) => {
    if (/icalendar\.aspx$/i.test(url.pathname) || /rssfeed\.aspx$/i.test(url.pathname))
      return [endpoint(url.href, /rss/i.test(url.pathname) ? 'rss' : 'ics', 'CivicPlus calendar export', { expected: true })]
    if (param(url, 'EID')) return [endpoint(url.href, 'html', 'CivicPlus event page')]
    return forCategory(url.origin, param(url, 'CID'))
  },
  signs: [
    { pattern: /CivicPlus|CivicEngage|\/common\/modules\/iCalendar\//i, evidence: 'CivicPlus markup' },
    { pattern: /href=["'](?:\/|\.\/)?Calendar\.aspx(\?|["'])/i, evidence: 'CivicPlus Calendar.aspx link' },
  ],
  fromPage: (html, page) => {
    const cids = captures(html, /\/Calendar\.aspx\?(?:[^"'#<>\s]{0,200}?&(?:amp;)?)?CID=(\d{1,6})/gi, 4)
    const endpoints = cids.length ? cids.flatMap((cid) => forCategory(page.origin, cid)) : forCategory(page.origin, undefined)
    // A Calendar.aspx link alone may be another ASP.NET calendar: only a named CivicPlus site makes its exports certain.
    const named = /CivicPlus|CivicEngage/i.test(html)
    return endpoints.map((e) => ({ ...e, expected: e.expected && named }))
  },
  readers: ['ics', 'rss', 'html'],
}
