import type { Event, NormalizedEvent } from '../../src/model/event'

// The events and organizations the read parity suite (test/db/pg/reads-parity.test.ts) seeds into both
// backends: every filter, order and tie the reads have, around a fixed instant.

export const NOW = Date.UTC(2026, 11, 1, 15)
export const DAY = 86_400_000
export const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10)
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')

const TITLES = ['Toddler Storytime', 'Jazz Night', 'Watercolor Workshop for Adults', 'Family Movie', 'Chess Club', 'Crèche Open House']
const VENUES = ['Main Hall', 'Storytime Room', 'Auditorium', 'Garden']

/** Events from 5 days ago to 60 days ahead, some running for days or weeks, in three places. */
export function eventsOf(o: number, city: string): Event[] {
  return Array.from({ length: 90 }, (_, i) => {
    const start = NOW + (Math.floor(i * 0.75) - 5) * DAY + ((i * 5 + o) % 11) * 3600_000
    const long = i % 9 === 0
    const event: NormalizedEvent = {
      title: TITLES[(i + o) % TITLES.length],
      description: i % 4 === 0 ? 'Rhymes and songs; bring a watercolor set. See springfield-library.org/kids' : 'Come along.',
      event_id: `e${o}-${i}`,
      city: i % 10 === 7 ? undefined : city,
      categories: [['kids', 'music', 'art'][i % 3], ...(i % 5 === 0 ? ['family'] : [])],
      startDate: i % 8 === 3 ? day(Math.floor(i * 0.75) - 5) : iso(start),
      endDate: iso(start + (long ? (i % 2 ? 20 : 3) * DAY : 2 * 3600_000)),
      venue: { name: VENUES[i % VENUES.length], address: null, latitude: i % 6 === 5 ? null : 40 + o * 0.3 + (i % 7) * 0.05, longitude: i % 6 === 5 ? null : -75 - (i % 5) * 0.07 },
      isAccessibleForFree: i % 3 === 1,
    }
    if (o === 1) event._locality = { citySource: 'source', region: 'IL', country: 'US', latitude: 40.1, longitude: -75.2 }
    return event
  })
}

export const ORGS = [
  { domain: 'springfield-library.org', name: 'Springfield Public Library', city: 'Springfield' },
  { domain: 'shelbyville.example.org', name: 'Shelbyville Arts Center', city: 'Shelbyville' },
  { domain: 'ogdenville-museum.org', name: 'Ogdenville Museum', city: 'springfield' },
]

/** Organizations without events, for business search: a word in the name, in the domain, in both, in long and short names. */
export const MORE_ORGS = [
  { domain: 'annex.example.org', name: 'Library Annex' },
  { domain: 'library-town.org', name: 'Town Hall' },
  { domain: 'central.example.org', name: 'Central Library of the Town of Springfield and Its Surroundings' },
  { domain: 'springs.example.com', name: 'Hot Springs Library' },
  { domain: 'museum-of-libraries.org', name: 'Museum' },
]
