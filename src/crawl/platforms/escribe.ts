/**
 * eSCRIBE (`pub-CLIENT.escribemeetings.com`). The meetings calendar loads from the page method
 * `MeetingsCalendarView.aspx/GetCalendarMeetings` (POST, JSON body with the date range), which answers the
 * ASP.NET wrapper `{d: [{MeetingName, StartDate: 'YYYY/MM/DD HH:mm:ss', EndDate, Location, Description,
 * Url}]}`, read by the eSCRIBE profile of the JSON reader; the list page is the HTML fallback.
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

export const escribe: Platform = {
  id: 'escribe',
  name: 'eSCRIBE',
  hosts: [/^[a-z0-9-]+\.escribemeetings\.com$/],
  scope: (url) => !/^(www)\./i.test(url.hostname),
  endpoints: (url, window) => {
    if (/\/meeting(\.aspx)?$/i.test(url.pathname)) return [endpoint(url.href, 'html', 'eSCRIBE meeting page')]
    const body = JSON.stringify({ calendarStartDate: window.start, calendarEndDate: window.end })
    return [
      endpoint(`https://${url.hostname}/MeetingsCalendarView.aspx/GetCalendarMeetings`, 'json', 'eSCRIBE calendar meetings', {
        expected: true,
        method: 'POST',
        body,
        contentType: 'application/json; charset=utf-8',
      }),
      endpoint(`https://${url.hostname}/`, 'html', 'eSCRIBE meetings list'),
    ]
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.escribemeetings\.com/i, evidence: 'link to eSCRIBE' }],
  readers: ['json-events', 'html'],
}
