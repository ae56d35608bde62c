/**
 * Meetup (`www.meetup.com/GROUP/`). A group's upcoming events have a public iCalendar feed at
 * `/GROUP/events/ical/` and its events page carries schema.org JSON-LD. The rest of meetup.com (search,
 * topics, cities, log-in) is not an organization's calendar.
 */
import { endpoint, firstSegment } from './endpoint'
import type { Endpoint, Platform } from './types'

const NOT_GROUPS = new Set([
  '',
  'find',
  'topics',
  'cities',
  'login',
  'register',
  'pro',
  'blog',
  'lp',
  'help',
  'apps',
  'about',
  'careers',
  'media',
  'home',
  'members',
  'messages',
  'account',
  'create',
  'start',
  'privacy',
  'terms',
  'de-de',
  'fr-fr',
  'es-es',
  'it-it',
  'nl-nl',
  'pt-br',
  'ja-jp',
  'ko-kr',
])

function group(url: URL): string | undefined {
  const first = firstSegment(url)
  return NOT_GROUPS.has(first) || !/^[\w-]{2,80}$/.test(first) ? undefined : first
}

function forGroup(name: string): Endpoint[] {
  return [
    endpoint(`https://www.meetup.com/${name}/events/ical/`, 'ics', `Meetup group ${name}, iCalendar`, { expected: true }),
    endpoint(`https://www.meetup.com/${name}/events/`, 'html', `Meetup group ${name}, events page (JSON-LD)`),
  ]
}

export const meetup: Platform = {
  id: 'meetup',
  name: 'Meetup',
  hosts: [/^(www\.)?meetup\.com$/],
  scope: (url) => group(url) !== undefined && /^\/[\w-]+(\/(events(\/(ical\/?|\d+\/?|past\/?)?)?)?)?\/?$/i.test(url.pathname),
  endpoints: (url) => {
    const name = group(url)
    if (!name) return []
    if (/\/events\/\d+/.test(url.pathname)) return [endpoint(url.href, 'html', 'Meetup event page (JSON-LD)')]
    return forGroup(name)
  },
  signs: [{ pattern: /meetup\.com\/[\w-]+\/events/i, evidence: 'link to a Meetup group' }],
  readers: ['ics', 'html'],
}
