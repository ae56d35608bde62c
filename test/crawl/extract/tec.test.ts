// Pins The Events Calendar REST extraction (DESIGN §9): `start_date` without offset read in the event's
// `timezone` (or from `utc_start_date` when the site uses a fixed "UTC-4"), all-day events date-only,
// entities decoded, venue with geo, cost and cost_details, organizer, eventbrite website as ticket link,
// CANCELLED in the title, one record per occurrence with distinct stable ids, the window applied, the next
// page offered, and invalid JSON turned into a warning.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { byTitle, runBytes, runFixture, schemaErrors } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://riverbendlibrary.org/wp-json/tribe/events/v1/events', timezone: 'America/New_York', window: { start: '2026-06-01', end: '2026-06-30' } }

describe('The Events Calendar REST page', async () => {
  const { extracted, events, warnings } = await runFixture('tec-events.json', ctx)

  it('is detected from its content and offers the next page', () => {
    expect(extracted.format).toBe('tec-json')
    expect(extracted.links?.next).toBe('https://riverbendlibrary.org/wp-json/tribe/events/v1/events/?page=2&per_page=10&start_date=2026-06-01')
    expect(warnings).toEqual([])
  })

  it('keeps the occurrences inside the window, each a record valid against the schema', () => {
    expect(events.map((e) => e.startDate)).toEqual([
      '2026-06-03T10:30:00-04:00',
      '2026-06-10T10:30:00-04:00',
      '2026-06-17T10:30:00-04:00',
      '2026-06-20T18:00:00-04:00',
      '2026-06-24T18:00:00-04:00',
      '2026-06-27',
    ])
    for (const e of events) expect(schemaErrors(e)).toEqual([])
  })

  it('writes a storytime occurrence with decoded text, venue, cost and family categories', () => {
    const [first] = byTitle(events, 'Toddler Storytime – Songs & Rhymes')
    expect(first).toMatchObject({
      description: 'Stories, songs and rhymes for toddlers ages 18 months to 3 years and their grown-ups.\nNo registration required – just drop in!',
      url: 'https://riverbendlibrary.org/event/toddler-storytime/2026-06-03/',
      website: 'https://riverbendlibrary.org/event/toddler-storytime/2026-06-03/',
      endDate: '2026-06-03T11:00:00-04:00',
      duration: 'PT30M',
      rsvp_required: false,
      address: '120 Main Street, Riverbend, NY 12000, United States',
      city: 'Riverbend',
      venue: { name: 'Riverbend Public Library – Children’s Room', address: '120 Main Street, Riverbend, NY 12000, United States', latitude: 42.6526, longitude: -73.7562 },
      organizer: { name: 'Youth Services', url: 'https://riverbendlibrary.org/kids/' },
      cost: 'Free',
      isAccessibleForFree: true,
      image_url: 'https://riverbendlibrary.org/wp-content/uploads/2026/05/storytime.jpg',
      category: 'kids',
      categories: ['kids', 'storytime', 'family'],
      _external: false,
    })
    expect(first.ticket_url).toBeUndefined()
  })

  it('gives each occurrence its own stable id', async () => {
    const ids = byTitle(events, 'Toddler Storytime – Songs & Rhymes').map((e) => e.event_id)
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) expect(id).toMatch(/^evt_[0-9a-f]{24}$/)
    const again = await runFixture('tec-events.json', ctx)
    expect(byTitle(again.events, 'Toddler Storytime – Songs & Rhymes').map((e) => e.event_id)).toEqual(ids)
  })

  it('describes the storytime occurrences as one weekly series', () => {
    const storytimes = byTitle(events, 'Toddler Storytime – Songs & Rhymes')
    for (const e of storytimes) {
      expect(e.schedule?.recurrence).toEqual({ pattern: 'weekly', frequency: 1, weekdays: ['WE'], ordinal: null, dayOfMonth: null, resolvedZone: 'America/New_York' })
      expect(e.schedule?.startDate).toBe('2026-06-03T10:30:00-04:00')
      expect(e.schedule?.occurrences.map((o) => o.startDate)).toEqual(storytimes.map((x) => x.startDate!))
    }
    expect(byTitle(events, 'Teen Gaming Night')[0].schedule).toBeUndefined()
  })

  it('reads a cancelled ticketed concert: status, price range, eventbrite link', () => {
    const [concert] = byTitle(events, 'CANCELLED: Summer Reading Kickoff Concert')
    expect(concert).toMatchObject({
      eventStatus: 'EventCancelled',
      cost: '$5 – $10',
      isAccessibleForFree: false,
      ticket_price: 5,
      ticket_url: 'https://www.eventbrite.com/e/summer-reading-kickoff-tickets-123456789',
      more_info_website: 'https://www.eventbrite.com/e/summer-reading-kickoff-tickets-123456789',
      rsvp_required: true,
      image_url: 'https://riverbendlibrary.org/wp-content/uploads/2026/05/kickoff.png',
      venue: { name: 'Riverside Park Bandshell', address: '1 River Road, Riverbend, NY 12001', latitude: 42.6601, longitude: -73.749 },
      organizer: { name: 'Friends of the Riverbend Library', url: 'https://friendsofriverbend.org/' },
      categories: ['family', 'music', 'summer reading'],
    })
    expect(concert.offers?.map((o) => [o.price, o.priceCurrency, o.url])).toEqual([
      [5, 'USD', 'https://www.eventbrite.com/e/summer-reading-kickoff-tickets-123456789'],
      [10, 'USD', 'https://www.eventbrite.com/e/summer-reading-kickoff-tickets-123456789'],
    ])
    expect(concert.description).toBe('Live music with The Bookworms, face painting and prizes. Tickets required – seating is limited.\nQuestions? Call 555-0100.')
  })

  it('uses utc_start_date for a fixed-offset site zone and keeps all-day events date-only', () => {
    const [teen] = byTitle(events, 'Teen Gaming Night')
    expect([teen.startDate, teen.endDate, teen.categories]).toEqual(['2026-06-24T18:00:00-04:00', '2026-06-24T20:00:00-04:00', ['teens']])
    const [sale] = byTitle(events, 'Used Book Sale')
    expect([sale.startDate, sale.endDate, sale.description, sale.venue]).toEqual(['2026-06-27', '2026-06-28', 'Hardcovers $1, paperbacks 50¢.', undefined])
  })

  it('turns invalid JSON into a warning, never a throw', () => {
    const broken = runBytes('{"events": [{"id": 1, "title": "Cut off', { ...ctx })
    expect(broken.events).toEqual([])
    expect(broken.warnings.join('\n')).toMatch(/The Events Calendar JSON/)
  })
})
