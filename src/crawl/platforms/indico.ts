/**
 * Indico (event management of research institutions: `indico.INSTITUTION.org`). A category's events have
 * a public export at `/export/categ/ID.ics` and `.json` (`{results: [{title, startDate: {date, time, tz},
 * endDate, url, location, room}]}`, read by the generic JSON reader), both taking `from`/`to` days.
 */
import { endpoint } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

function forCategory(origin: string, id: string, window: Window): Endpoint[] {
  const range = `from=${window.start}&to=${window.end}`
  return [
    endpoint(`${origin}/export/categ/${id}.ics?${range}`, 'ics', `Indico category ${id}, iCalendar export`, { expected: true }),
    endpoint(`${origin}/export/categ/${id}.json?${range}`, 'json', `Indico category ${id}, JSON export`),
  ]
}

export const indico: Platform = {
  id: 'indico',
  name: 'Indico',
  hosts: [/^indico\.[a-z0-9.-]+\.[a-z]{2,}$/],
  scope: (url) => /^\/(category\/\d+|export\/categ\/\d+\.(ics|json)|event\/\d+)(\/|$)/i.test(url.pathname),
  endpoints: (url, window) => {
    if (/^\/export\//i.test(url.pathname)) return [endpoint(url.href, /\.ics$/i.test(url.pathname) ? 'ics' : 'json', 'Indico export', { expected: true })]
    const event = /^\/event\/(\d+)/i.exec(url.pathname)
    if (event) return [endpoint(`${url.origin}/export/event/${event[1]}.ics`, 'ics', `Indico event ${event[1]}, iCalendar`), endpoint(url.href, 'html', 'Indico event page')]
    const category = /^\/category\/(\d+)/i.exec(url.pathname)
    return category ? forCategory(url.origin, category[1], window) : []
  },
  signs: [{ pattern: /Powered by Indico|indico\.[a-z0-9.-]{1,100}\/(category|event)\/\d+/i, evidence: 'Indico' }],
  readers: ['ics', 'json-events', 'html'],
}
