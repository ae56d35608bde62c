/**
 * The date-independent part of an Event record: text, links, place, offers, people, status, flags and
 * categories, computed once per Candidate and shared by all its occurrences. Fields the source does not
 * give stay absent.
 */
import type { Event } from '../../model/event'
import type { Candidate } from '../candidate-types'
import { categorize } from './categories'
import { isOnline, openToPublic, Prose, rsvpRequired } from './flags'
import { costText, isFree, lowestPrice, normalizeOffers } from './offers'
import { normalizePlace } from './place'
import { attendanceModeName, eventStatusName, statusFromTitle } from './status'
import { cleanDescription, cleanLine, type Link } from '../shared/text'
import { absolute, isTicketingLink, onDomain } from '../shared/urls'

const TICKET_TEXT = /\b(register|registration|tickets?|rsvp|sign ?up|book (now|a seat|tickets?)|reserve|buy)\b/i
const KNOWLEDGE_BASE = /(wikidata|wikipedia|dbpedia|musicbrainz|isni|viaf|imdb)\./i

export type RecordContext = { baseUrl: string; orgDomain?: string }

/** The shared fields plus what the date stage needs (coordinates for the zone, prose for recurrence). */
export type BaseRecord = { fields: Event; latitude?: number; longitude?: number; descriptionText?: string }

function set<K extends keyof Event>(e: Event, key: K, value: Event[K] | undefined) {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return
  e[key] = value
}

function ticketLink(c: Candidate, links: Link[], base: string, offers: NonNullable<Event['offers']>): string | undefined {
  const own = absolute(c.ticketUrl, base)
  if (own) return own
  // Only a URL the source gave an offer counts; offers without one borrow the event's URL.
  // The event's own page is `url`, not a separate ticketing page.
  const eventUrl = absolute(c.url, base)
  if (offers.length)
    for (const o of c.offers ?? []) {
      const offer = absolute(o.url, base)
      if (offer && offer !== eventUrl) return offer
    }
  const fromText = links.find((l) => TICKET_TEXT.test(l.text) || isTicketingLink(l.href))
  return fromText ? absolute(fromText.href, base) : undefined
}

const NO_LINKS: string[] = []

/** `url` when it lies off the organization's domain. */
function offDomain(url: string | undefined, orgDomain: string | undefined): string | undefined {
  return url && !onDomain(url, orgDomain) ? url : undefined
}

/** The record fields a candidate states, independent of which occurrence is written. */
export function baseRecord(c: Candidate, ctx: RecordContext): BaseRecord {
  const base = absolute(c.source.url, ctx.baseUrl) ?? ctx.baseUrl
  const e: Event = {}
  const title = cleanLine(c.title)
  set(e, 'title', title)
  const description = cleanDescription(c.description)
  set(e, 'description', description.text)
  const url = absolute(c.url, base)
  set(e, 'url', url)
  const urlOnDomain = url ? onDomain(url, ctx.orgDomain) : undefined
  if (url && urlOnDomain) e.website = url
  const place = normalizePlace(c.place)
  set(e, 'venue', place.venue)
  set(e, 'address', place.address)
  set(e, 'city', place.city)
  const placeUrl = c.place?.url && !KNOWLEDGE_BASE.test(c.place.url) ? absolute(c.place.url, base) : undefined
  const organizerUrl = absolute(c.organizer?.url, base)
  set(e, 'more_info_website', absolute(c.moreInfoUrl, base) ?? (url && !urlOnDomain ? url : undefined) ?? offDomain(organizerUrl, ctx.orgDomain) ?? offDomain(placeUrl, ctx.orgDomain))
  const offers = normalizeOffers(c, base, url)
  set(e, 'offers', offers)
  const cost = costText(c, offers)
  set(e, 'cost', cost)
  set(e, 'isAccessibleForFree', isFree(c, offers, cost))
  set(e, 'ticket_price', lowestPrice(offers, cost))
  set(e, 'ticket_url', ticketLink(c, description.links, base, offers))
  const organizerName = cleanLine(c.organizer?.name)
  if (organizerName) e.organizer = { name: organizerName, url: organizerUrl ?? null }
  if (c.performers?.length) {
    const performers = [...new Set(c.performers.map((p) => cleanLine(p)).filter((p): p is string => !!p))]
    set(
      e,
      'performers',
      performers.map((name) => ({ name })),
    )
  }
  set(e, 'image_url', absolute(c.image, base))
  const status = eventStatusName(c.status) ?? statusFromTitle(title)
  set(e, 'eventStatus', status)
  const mode = attendanceModeName(c.attendanceMode)
  set(e, 'attendanceMode', mode)
  // The event's prose, read part by part (see flags.ts): a shared description is read once.
  const prose = new Prose([title, description.text, cost, cleanLine(c.audience)])
  const linkHrefs = description.links.length ? description.links.map((l) => l.href) : NO_LINKS
  set(e, 'is_online', isOnline(c, mode, status, linkHrefs, prose))
  set(e, 'rsvp_required', rsvpRequired(c, prose))
  set(e, 'open_to_public', openToPublic(c, prose))
  const { categories, category } = categorize({ title, categories: c.categories, audience: c.audience, description: description.text })
  set(e, 'categories', categories)
  set(e, 'category', category)
  const external = url ? !urlOnDomain : !onDomain(base, ctx.orgDomain)
  e._external = external
  return { fields: e, latitude: place.latitude, longitude: place.longitude, descriptionText: description.text }
}
