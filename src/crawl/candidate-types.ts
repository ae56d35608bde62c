/**
 * The contracts between the crawl stages (DESIGN §6): extractors turn one document into Candidates, the
 * normalizer turns Candidates into the spec's Event records. Nothing here touches the network or the
 * database.
 */
import type { DayWindow } from '../model/dates'

/**
 * Document formats the extractors recognise (detected from content, helped by the URL). `json-events` is
 * the generic JSON event-list reader and the platform profiles built on it (JSONP unwrapped first).
 */
export type Format = 'html' | 'ics' | 'tec-json' | 'squarespace-json' | 'rss' | 'atom' | 'localist-json' | 'trumba-json' | 'json-events' | 'unknown'

/** A date and time as the source wrote it, before any zone is applied. */
export type WallTime = {
  /** YYYY-MM-DD */
  date: string
  /** HH:mm or HH:mm:ss; absent for a date-only (all-day) value, which must stay date-only. */
  time?: string
  /** A fixed offset the source wrote: `Z`, `+05:30`, `-0800`. */
  offset?: string
  /** The IANA zone the source named (TZID mapped to IANA, scheduleTimezone, TEC timezone, X-WR-TIMEZONE). */
  zone?: string
}

/**
 * Recurrence as the source expressed it. The normalizer expands it (in local wall-clock time, then
 * converted) into occurrences inside the window, each of which becomes its own Event carrying `schedule`.
 */
export type RecurrenceSpec = {
  /** RFC 5545 RRULE value, without the `RRULE:` prefix (iCalendar, or derived from eventSchedule / prose). */
  rrule?: string
  rdates?: WallTime[]
  exdates?: WallTime[]
  /** RECURRENCE-ID overrides: the instance whose original start is `recurrenceId` is replaced by `candidate`. */
  overrides?: { recurrenceId: WallTime; candidate: Candidate }[]
  /**
   * True when `rdates` already hold every occurrence inside the window (the extractor expanded the rule
   * itself, e.g. in a custom VTIMEZONE that has no IANA name, so each occurrence carries its own offset);
   * `rrule` is then kept only to describe the pattern and must not be expanded again.
   */
  expanded?: boolean
}

export type CandidatePlace = {
  name?: string
  /** One-line address as written, when the source does not split it. */
  address?: string
  street?: string
  city?: string
  region?: string
  postalCode?: string
  country?: string
  latitude?: number
  longitude?: number
  url?: string
}

export type CandidateOffer = {
  name?: string
  price?: number
  /** Free text price when not a number ("$5 suggested", "Free"). */
  priceText?: string
  priceCurrency?: string
  availability?: string
  url?: string
}

/**
 * One event as found in a document, in source terms (schema.org vocabulary where it has one). Text fields
 * may still hold HTML entities or markup; URLs may be relative to `source.url`. Every field is optional
 * except where a source could not produce an event without it.
 */
export type Candidate = {
  source: {
    /** The document the candidate came from (relative URLs resolve against it). */
    url: string
    format: Format
    /** How it was found: 'json-ld', 'microdata', 'rdfa', 'h-event', 'hcalendar', 'listing', 'ics', 'tec', … */
    method: string
    /** The source's own identity for the event (iCalendar UID, TEC id, canonical URL, JSON-LD @id). */
    id?: string
  }
  title?: string
  description?: string
  url?: string
  start?: WallTime
  end?: WallTime
  /** ISO 8601 duration, used for the end when `end` is absent. */
  duration?: string
  recurrence?: RecurrenceSpec
  /** schema.org eventSchedule object(s) as found, when the recurrence came from one. */
  schedule?: Record<string, unknown>[]
  /** Recurrence written in prose ("every Wednesday", "first and third Tuesdays"). */
  recurrenceText?: string
  place?: CandidatePlace
  /** Meeting link or VirtualLocation URL. */
  onlineUrl?: string
  attendanceMode?: string
  status?: string
  offers?: CandidateOffer[]
  cost?: string
  isAccessibleForFree?: boolean
  ticketUrl?: string
  moreInfoUrl?: string
  performers?: string[]
  organizer?: { name: string; url?: string }
  image?: string
  categories?: string[]
  openToPublic?: boolean
  rsvpRequired?: boolean
  /** Intended audience as written (schema.org typicalAgeRange / audience, a feed's audience filter). */
  audience?: string
  /**
   * Groups occurrences that the source publishes as separate events of one series (The Events Calendar
   * gives every occurrence its own id; Localist nests instances under one event). The normalizer derives
   * `schedule` for a group it can describe.
   */
  seriesKey?: string
}

/** What the extractors know about the organization and the request. */
export type ExtractContext = {
  /** Where the document came from; relative links resolve against it. */
  baseUrl: string
  /** The organization's zone, used when a source names none. */
  timezone?: string
  /**
   * True when `timezone` was inferred (venue or site addresses, phone, domain, language) rather than given
   * by the caller or named by the sources: an offset a source wrote is then believed as it is, never read
   * as a stale offset of that zone.
   */
  timezoneInferred?: boolean
  /** The window: only events overlapping [start, end] (YYYY-MM-DD, inclusive) are kept. */
  window: CrawlWindow
  /** The organization's registrable domain, for `_external`. */
  orgDomain?: string
  /** The organization's own address (the document's footer or JSON-LD Organization, or the site's): the last resort for an event's city. */
  organizationPlace?: CandidatePlace
}

/** The window of a crawl (model/dates.ts). */
export type CrawlWindow = DayWindow

/** Links a crawler will want to follow from a document (absolute URLs, deduplicated). */
export type ExtractLinks = {
  /** iCalendar feeds: `.ics`/`webcal:` links, `<link rel=alternate type=text/calendar>`, Google Calendar embeds. */
  calendars: string[]
  /** Event detail pages linked from a listing. */
  events: string[]
  /** The listing's next page, when it has one. */
  next?: string
}

export type ExtractResult = {
  format: Format
  candidates: Candidate[]
  warnings: string[]
  links?: ExtractLinks
  /** The organization's own address as the document states it (footer, contact block, JSON-LD Organization). */
  organizationPlace?: CandidatePlace
}
