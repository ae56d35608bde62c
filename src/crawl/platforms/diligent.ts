/**
 * Diligent Community, formerly iCompass / HighBond (`CLIENT.community.highbond.com`,
 * `CLIENT.diligent.community`). Its meetings list reads `/Services/MeetingsService.svc/meetings?from=…&to=…`,
 * an array of `{Name, MeetingDateTime: 'YYYY-MM-DD HH:mm' (local), MeetingLocation, …}`, read by the
 * Diligent profile of the JSON reader.
 */
import { endpoint } from './endpoint'
import type { Platform } from './types'

export const diligent: Platform = {
  id: 'diligent',
  name: 'Diligent Community',
  hosts: [/^[a-z0-9-]+\.community\.highbond\.com$/, /^[a-z0-9-]+\.diligent\.community$/],
  scope: (url) => /^\/(portal|services\/meetingsservice\.svc)/i.test(url.pathname) || url.pathname === '/',
  endpoints: (url, window) => {
    if (/meetingsservice/i.test(url.pathname)) return [endpoint(url.href, 'json', 'Diligent meetings', { expected: true })]
    return [endpoint(`https://${url.hostname}/Services/MeetingsService.svc/meetings?from=${window.start}&to=${window.end}&loadall=false`, 'json', 'Diligent meetings', { expected: true })]
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.(community\.highbond\.com|diligent\.community)/i, evidence: 'link to Diligent Community' }],
  readers: ['json-events'],
}
