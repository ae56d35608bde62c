/**
 * The platform registry's types (issue 14): one table of the calendar platforms small organizations use,
 * each entry saying how to recognise the platform, which URLs on its hosts belong to the organization,
 * which feed or API to fetch for a calendar, and which reader reads what comes back. Discovery calls the
 * functions of `registry.ts` and never needs to know a platform by name.
 */
import type { Format } from '../candidate-types'

/** The crawl window, local calendar days `YYYY-MM-DD`, both inclusive (as `ExtractContext.window`). */
export type Window = { start: string; end: string }

/** What an endpoint serves, for the job's source list and for choosing among alternatives. */
export type EndpointKind = 'ics' | 'json' | 'jsonp' | 'rss' | 'atom' | 'html'

/**
 * One URL worth fetching for a calendar. Endpoints of one calendar come in preference order: the
 * platform's feed or API first, its HTML last; the first one that answers with events is enough, the
 * others are fallbacks for when it fails (404, refused by robots.txt, empty).
 */
export type Endpoint = {
  url: string
  kind: EndpointKind
  /** The reader that reads the answer (the extract stage detects it from the content anyway). */
  format: Format
  /** True when the platform certainly serves it, so a failure is worth reporting; false for a probe. */
  expected: boolean
  /** The platform's own paging: the reader returns `links.next` for the following page. */
  paged?: boolean
  /** A few platforms answer only POST (eSCRIBE's page method). Absent means GET. */
  method?: 'POST'
  /** The POST body (JSON text) and its content type. */
  body?: string
  contentType?: string
  /**
   * True for a document that says which platform a site runs rather than holding events (the WordPress
   * REST index `/wp-json/`): hand it to `detectPlatforms`, not to the extract stage.
   */
  detect?: boolean
  /** Why this URL, for the job's report ("LibCal calendar 7052, iCalendar subscription"). */
  note: string
}

/** A sign of a platform in an organization's page (generator meta, asset path, embed, `data-*` widget). */
export type Sign = {
  /** Matched against the page's HTML (first 2 MB). */
  pattern: RegExp
  /** What the match means, kept in the detection ("wp-content/plugins/events-manager"). */
  evidence: string
}

/**
 * One platform. Hosted platforms (LibCal, Tockify, Legistar, …) have `hosts`; platforms that run on the
 * organization's own host (WordPress plugins, CivicPlus, Drupal) have none and are found by `signs`.
 */
export type Platform = {
  /** Stable id, kebab-case: 'libcal', 'google-calendar', 'events-manager'. Stored in `sources.platform`. */
  id: string
  /** Display name: 'Springshare LibCal'. */
  name: string
  /** Host names the platform serves calendars on (`/\.libcal\.com$/`), tested on the lower-case host. */
  hosts?: RegExp[]
  /**
   * On the platform's hosts: true when the URL is an organization's calendar (or its feed, API or event
   * page), false for the rest of the platform's site (marketing pages, log-in, other products). For a
   * platform on the organization's own host: true when the URL is one of the platform's calendar pages
   * or exports.
   */
  scope: (url: URL) => boolean
  /**
   * The feed, API and HTML URLs to fetch for an in-scope calendar URL, best first (empty when the URL
   * alone does not say which calendar, e.g. a LibCal event page).
   */
  endpoints: (url: URL, window: Window) => Endpoint[]
  /** Signs of the platform in an organization's page. */
  signs?: Sign[]
  /** WordPress REST namespaces the platform registers (`tribe/events/v1`), matched on the `/wp-json/` index. */
  restNamespaces?: RegExp
  /**
   * Endpoints stated by a page that shows the platform (a Tockify `data-tockify-calendar`, a LibCal
   * widget's `cid`, a Trumba spud's web name), or the site-wide exports a WordPress plugin serves from the
   * page's origin. Called only when a sign matched.
   */
  fromPage?: (html: string, pageUrl: URL, window: Window) => Endpoint[]
  /** The readers of its documents, for the README table (formats as `extractDocument` reports them). */
  readers: Format[]
  /** Set when we recognise the platform but cannot read it: why (reported in the job, never silently empty). */
  unreadable?: string
}

/** A platform seen on a page, what gave it away, and the endpoints the page leads to. */
export type Detection = {
  platform: string
  name: string
  evidence: string[]
  endpoints: Endpoint[]
  /** Copied from the platform: set when its calendars cannot be read. */
  unreadable?: string
}
