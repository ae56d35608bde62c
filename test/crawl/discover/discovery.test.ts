// Pins discovery (DESIGN §6 "Discover"): fingerprints (WordPress/The Events Calendar, Squarespace, Drupal,
// Google Calendar, Trumba, Localist as readable; Wix, Facebook-only and Eventbrite-only as unreadable and
// reported), the platform probes that fit, calendar pages found by link text and URL, and sitemaps.
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { fingerprintSite, siteName } from '../../../src/crawl/discover/fingerprint'
import { calendarPages } from '../../../src/crawl/discover/navigation'
import { platformProbes, squarespaceJsonUrl } from '../../../src/crawl/discover/probes'
import { eventPagesOf, readSitemap } from '../../../src/crawl/discover/sitemap'
import { Frontier } from '../../../src/crawl/frontier'

describe('fingerprintSite', () => {
  it('recognises WordPress with The Events Calendar and probes its exports and REST API', () => {
    const fp = fingerprintSite('<meta name="generator" content="WordPress 6.6.2"><link rel="stylesheet" href="/wp-content/plugins/the-events-calendar/src/resources/css/x.css">')
    expect(fp.platforms).toEqual(['wordpress', 'the-events-calendar'])
    expect(platformProbes('https://lib.example.org', fp)).toEqual([
      { url: 'https://lib.example.org/?post_type=tribe_events&ical=1&eventDisplay=list', kind: 'tec-ics', expected: false },
      { url: 'https://lib.example.org/wp-json/tribe/events/v1/events?per_page=50', kind: 'tec-rest', expected: true },
    ])
  })

  it('probes the REST API of a WordPress site without expecting it', () => {
    const probes = platformProbes('https://a.org', fingerprintSite('<link rel="https://api.w.org/" href="https://a.org/wp-json/">'))
    expect(probes.find((p) => p.kind === 'tec-rest')?.expected).toBe(false)
  })

  it('reports Wix, Facebook-only and Eventbrite-only calendars as unreadable, never silently empty', () => {
    expect(fingerprintSite('<meta name="generator" content="Wix.com Website Builder">').unreadable?.platform).toBe('wix')
    expect(fingerprintSite('<p>x</p>', { 'x-wix-request-id': '123' }).unreadable?.platform).toBe('wix')
    expect(fingerprintSite('<a href="https://www.facebook.com/stmarks/events">Our events</a>').unreadable?.platform).toBe('facebook-events')
    expect(fingerprintSite('<a href="https://www.eventbrite.com/o/riverbend-library-123">Tickets</a>').unreadable?.platform).toBe('eventbrite')
  })

  it('does not call a site unreadable when a readable calendar sits beside its Facebook link', () => {
    const fp = fingerprintSite('<a href="https://facebook.com/x/events">fb</a><iframe src="https://calendar.google.com/calendar/embed?src=a%40b.org"></iframe>')
    expect(fp.unreadable).toBeUndefined()
    expect(fp.platforms).toContain('google-calendar')
  })

  it('finds Trumba and Localist embeds and probes their JSON', () => {
    const trumba = fingerprintSite('<script src="https://www.trumba.com/scripts/spuds.js"></script><script>$Trumba.addSpud({ webName: "riverbend-events", spudType: "main" })</script>')
    expect(platformProbes('https://a.org', trumba)).toContainEqual({ url: 'https://www.trumba.com/calendars/riverbend-events.json', kind: 'trumba', expected: true })
    const localist = fingerprintSite('<script src="https://calendar.riverbend.localist.com/widget/view?schools=x"></script>')
    expect(localist.localist).toBe('calendar.riverbend.localist.com')
  })

  it('reads the organization name from og:site_name, else the title', () => {
    expect(siteName('<meta property="og:site_name" content="Riverbend Public Library &amp; Archive">')).toBe('Riverbend Public Library & Archive')
    expect(siteName('<title>Events | Eastside Community Centre</title>')).toBe('Eastside Community Centre')
  })
})

describe('calendarPages', () => {
  const page = `<nav><a href="/about">About</a><a href="/whats-on">What's On</a><a href="/programs/">Kids programs and classes</a>
    <a href="https://other.example.com/events">Partner events</a><a href="/events/past">Past events</a><a href="mailto:x@a.org">Events email</a>
    <a href="/news/2026/events-roundup">read more</a></nav>`

  it('finds same-site listing pages by link text first, then by URL, and skips archives and other sites', () => {
    expect(calendarPages(parse(page), 'https://a.org/')).toEqual(['https://a.org/whats-on', 'https://a.org/programs/'])
  })
})

describe('sitemaps', () => {
  it('reads an index and a urlset, and keeps pages that look like events', () => {
    const index = readSitemap('<?xml version="1.0"?><sitemapindex><sitemap><loc>https://a.org/page-sitemap.xml</loc></sitemap><sitemap><loc>https://a.org/tribe_events-sitemap.xml</loc></sitemap></sitemapindex>')
    expect(index.sitemaps).toEqual(['https://a.org/tribe_events-sitemap.xml', 'https://a.org/page-sitemap.xml'])
    const set = readSitemap('<urlset><url><loc>https://a.org/event/lego-club/</loc></url><url><loc>https://a.org/about/</loc></url></urlset>')
    expect(eventPagesOf(set.pages, 10)).toEqual(['https://a.org/event/lego-club/'])
    expect(readSitemap('<not xml')).toEqual({ sitemaps: [], pages: [] })
  })
})

describe('Frontier', () => {
  it('hands out each URL once, highest priority first, in order within a priority', () => {
    const f = new Frontier()
    f.add({ url: 'https://a.org/e/1', kind: 'detail', depth: 1 })
    f.add({ url: 'https://a.org/events', kind: 'calendar-page', depth: 1 })
    f.add({ url: 'https://a.org/feed.ics', kind: 'ics', depth: 1 })
    f.add({ url: 'https://a.org/events#top', kind: 'calendar-page', depth: 1 })
    f.add({ url: 'https://a.org/e/2', kind: 'detail', depth: 1 })
    expect([f.next(), f.next(), f.next(), f.next(), f.next()].map((t) => t?.url)).toEqual(['https://a.org/feed.ics', 'https://a.org/events', 'https://a.org/e/1', 'https://a.org/e/2', undefined])
  })

  it('asks Squarespace for a collection as JSON', () => {
    expect(squarespaceJsonUrl('https://museum.example/events?view=list')).toBe('https://museum.example/events?view=list&format=json')
  })
})
