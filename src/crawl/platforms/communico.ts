/**
 * Communico (library events, `name.libnet.info`). The events page fills itself from
 * `/eeventcaldata?event_type=0&req={…}`: a JSON array of events with local `event_start`/`event_end`
 * (`YYYY-MM-DD HH:MM:SS`), read by the generic JSON reader.
 */
import { endpoint, windowDays } from './endpoint'
import type { Endpoint, Platform, Window } from './types'

/** The calendar data request for the window (the same one the events page sends). */
export function communicoDataUrl(host: string, window: Window): string {
  const req = JSON.stringify({ private: false, date: window.start, days: Math.min(windowDays(window), 366), locations: [], ages: [], types: [] })
  return `https://${host}/eeventcaldata?event_type=0&req=${encodeURIComponent(req)}`
}

function forHost(host: string, window: Window): Endpoint[] {
  return [endpoint(communicoDataUrl(host, window), 'json', 'Communico calendar data', { expected: true }), endpoint(`https://${host}/events`, 'html', 'Communico events page')]
}

export const communico: Platform = {
  id: 'communico',
  name: 'Communico',
  hosts: [/^[a-z0-9-]+\.libnet\.info$/],
  scope: (url) => /^\/(events?|eeventcaldata|event\/\d+|calendar)(\/|$|\?)/i.test(url.pathname) || url.pathname === '/eeventcaldata',
  endpoints: (url, window) => {
    if (/^\/eeventcaldata/i.test(url.pathname)) return [endpoint(url.href, 'json', 'Communico calendar data', { expected: true })]
    if (/^\/event\/\d+/i.test(url.pathname)) return [endpoint(url.href, 'html', 'Communico event page')]
    return forHost(url.hostname, window)
  },
  signs: [{ pattern: /(?<![a-z0-9-])[a-z0-9-]{1,63}\.libnet\.info|\bcommunico\b/i, evidence: 'Communico host or widget' }],
  readers: ['json-events', 'html'],
}
