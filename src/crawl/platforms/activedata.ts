/**
 * Active Data Calendar (city calendars such as `calendar.CITY.gov`). Its list view loads
 * `/handlers/query.ashx?get=eventlist&…`, a JSONP answer `({"html": "<article itemscope
 * itemtype=http://schema.org/Event>…", "more": …, "total": …})`: the wrapper is removed and the HTML,
 * which carries microdata, goes to the HTML reader.
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

export const activeData: Platform = {
  id: 'activedata',
  name: 'Active Data Calendar',
  scope: (url) => /^\/handlers\/query\.ashx$/i.test(url.pathname) && /^eventlist$/i.test(url.searchParams.get('get') ?? ''),
  endpoints: (url) => [endpoint(url.href, 'jsonp', 'Active Data Calendar event list (JSONP with HTML)', { format: 'html', expected: true })],
  signs: [{ pattern: /handlers\/query\.ashx\?get=eventlist/i, evidence: 'Active Data Calendar handler' }],
  fromPage: (_html, page) => [
    endpoint(`${page.origin}/handlers/query.ashx?get=eventlist&page=0&pageSize=-1&total=-1&view=list.xslt`, 'jsonp', 'Active Data Calendar event list (JSONP with HTML)', { format: 'html' }),
  ],
  readers: ['html'],
}
