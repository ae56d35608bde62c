// Pins discovery's navigation in the site's language (issue 14): link text, aria-label, title and URL in
// English, German, French, Spanish, Dutch, Italian and Portuguese from one keyword table; menus, dropdown
// headings and footers; listing pages preferred over single posts; no false friends ("Agenda" of a board
// meeting on an English site, "Programme" of software, "Past events", room hire, news); subdomains
// followed only when a link says calendar; the page budget keeping only the best; sitemap listings and
// event pages in every language.
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { pageLang, scoreWords, words } from '../../../src/crawl/discover/keywords'
import { calendarPages, discoverLinks, urlScore } from '../../../src/crawl/discover/navigation'
import { listingBudget, listingTasks } from '../../../src/crawl/discover/plan'
import { reachOf } from '../../../src/crawl/discover/scope'
import { readSitemap, sitemapEventPages } from '../../../src/crawl/discover/sitemap'

const org = { siteHost: 'www.example.org', orgDomain: 'example.org' }
const page = (lang: string, body: string) => parse(`<!DOCTYPE html><html lang="${lang}"><head><title>x</title></head><body>${body}</body></html>`)
const pages = (lang: string, body: string, limit = 8) => calendarPages(page(lang, body), 'https://www.example.org/', limit, org).map((u) => new URL(u).pathname + new URL(u).search)
const nav = (links: [href: string, text: string][]) => `<header><nav><ul>${links.map(([h, t]) => `<li><a href="${h}">${t}</a></li>`).join('')}</ul></nav></header>`

describe('the keyword table', () => {
  it('normalizes accents, case, apostrophes and ampersands', () => {
    expect(words('Événements & What’s On — Führungen')).toEqual(['evenements', 'and', 'whats', 'on', 'fuhrungen'])
  })

  it('takes the longest term first, so "past events" is a past page', () => {
    expect(scoreWords(words('Past events')).positive).toBe(0)
    expect(scoreWords(words('Past events')).negative).toBeLessThan(0)
    expect(scoreWords(words('Upcoming events')).positive).toBe(3)
  })

  it('reads "Agenda" as a calendar in French, Dutch, Spanish, Italian, Portuguese and German, and weakly in English', () => {
    for (const lang of ['fr', 'nl', 'es', 'it', 'pt', 'de'] as const) expect({ lang, w: scoreWords(['agenda'], lang).positive }).toEqual({ lang, w: 3 })
    expect(scoreWords(['agenda'], 'en').positive).toBe(1)
    expect(pageLang('fr-CA')).toBe('fr')
    expect(pageLang('ja')).toBeUndefined()
  })
})

describe('links in the site language', () => {
  it('a band whose only link says "Tour dates"', () => {
    expect(
      pages(
        'en',
        nav([
          ['/', 'Home'],
          ['/music', 'Music'],
          ['/tour', 'Tour dates'],
          ['/store', 'Merch'],
          ['/contact', 'Contact'],
        ]),
      ),
    ).toEqual(['/tour'])
  })

  it('English words for kinds of events: shows, concerts, exhibitions, meetings, schedule, upcoming, workshops, camps', () => {
    const found = pages(
      'en',
      nav([
        ['/shows', 'Shows'],
        ['/concerts', 'Concerts'],
        ['/exhibitions', 'Exhibitions'],
        ['/meetings', 'Meetings'],
        ['/schedule', 'Schedule'],
        ['/upcoming', 'Upcoming'],
        ['/workshops', 'Workshops'],
        ['/camps', 'Summer camps'],
        ['/about', 'About us'],
      ]),
    )
    expect(found.sort()).toEqual(['/camps', '/concerts', '/exhibitions', '/meetings', '/schedule', '/shows', '/upcoming', '/workshops'])
  })

  const cases: [lang: string, links: [string, string][], want: string[]][] = [
    [
      'de',
      [
        ['/verein', 'Verein'],
        ['/termine/', 'Termine'],
        ['/kalender', 'Kalender'],
        ['/veranstaltungen', 'Veranstaltungen'],
        ['/programm', 'Programm'],
        ['/impressum', 'Impressum'],
      ],
      ['/termine/', '/kalender', '/veranstaltungen', '/programm'],
    ],
    [
      'fr',
      [
        ['/le-musee', 'Le musée'],
        ['/agenda/', 'Agenda'],
        ['/expositions/', 'Expositions'],
        ['/evenements', 'Événements'],
        ['/calendrier', 'Calendrier'],
        ['/actualites', 'Actualités'],
      ],
      ['/agenda/', '/evenements', '/calendrier', '/expositions/'],
    ],
    [
      'es',
      [
        ['/eventos', 'Eventos'],
        ['/agenda', 'Agenda'],
        ['/calendario', 'Calendario'],
        ['/noticias', 'Noticias'],
      ],
      ['/eventos', '/agenda', '/calendario'],
    ],
    [
      'nl',
      [
        ['/evenementen', 'Evenementen'],
        ['/activiteiten', 'Activiteiten'],
        ['/agenda', 'Agenda'],
        ['/nieuws', 'Nieuws'],
      ],
      ['/evenementen', '/activiteiten', '/agenda'],
    ],
    [
      'it',
      [
        ['/eventi', 'Eventi'],
        ['/mostre', 'Mostre'],
        ['/appuntamenti', 'Appuntamenti'],
        ['/chi-siamo', 'Chi siamo'],
      ],
      ['/eventi', '/appuntamenti', '/mostre'],
    ],
    [
      'pt',
      [
        ['/eventos', 'Eventos'],
        ['/agenda', 'Agenda'],
        ['/programacao', 'Programação'],
        ['/sobre', 'Sobre nós'],
      ],
      ['/eventos', '/agenda', '/programacao'],
    ],
  ]
  for (const [lang, links, want] of cases)
    it(`${lang}: ${want.join(', ')}`, () => {
      expect(pages(lang, nav(links)).sort()).toEqual([...want].sort())
    })

  it('reads aria-label, title and image alt when the text says nothing', () => {
    const body = `<nav><a href="/a" aria-label="Upcoming events"><svg></svg></a><a href="/b" title="Veranstaltungskalender">›</a><a href="/c"><img src="cal.png" alt="Calendar"></a><a href="/d">›</a></nav>`
    expect(pages('en', body).sort()).toEqual(['/a', '/b', '/c'])
  })

  it('finds a listing by its URL alone, in any language, and the entries under a "Programs & Events" dropdown', () => {
    const body = `<nav><ul class="menu"><li><a href="#">Programs &amp; Events</a><ul class="sub-menu">
      <li><a href="/storytime">Storytime</a></li><li><a href="/kids-corner">Kids corner</a></li></ul></li>
      <li><a href="/about">About</a></li></ul></nav><main><a href="/veranstaltungen/">hier</a></main>`
    expect(pages('en', body)).toEqual(['/storytime', '/veranstaltungen/', '/kids-corner'])
  })

  it('prefers a listing over a single post, and skips dated posts and long slugs under the keyword', () => {
    const body = `<main><a href="/events/2026/11/holiday-market-recap">Events</a><a href="/events/our-fabulous-holiday-market-was-great">Events recap</a><a href="/events/">Events</a></main>`
    expect(pages('en', body)).toEqual(['/events/'])
    expect(urlScore(new URL('https://a.org/events/'), 'en').score).toBeGreaterThan(urlScore(new URL('https://a.org/events/summer-fair-on-the-green'), 'en').score)
  })

  it('keeps out the false friends: meeting agendas and minutes, software programmes, past events, archives, room hire, news', () => {
    const en = nav([
      ['/AgendaCenter', 'Agendas &amp; Minutes'],
      ['/events/past', 'Past events'],
      ['/events/archive', 'Event archive'],
      ['/private-events', 'Private events'],
      ['/venue-hire', 'Venue hire'],
      ['/news', 'News'],
      ['/degree-programs', 'Degree programs'],
      ['/events', 'Events'],
    ])
    expect(pages('en', en)).toEqual(['/events'])
    const de = nav([
      ['/downloads/programme', 'Programme herunterladen'],
      ['/software', 'Software-Programme'],
      ['/archiv/termine', 'Termine (Archiv)'],
      ['/raumvermietung', 'Raumvermietung'],
      ['/termine', 'Termine'],
    ])
    expect(pages('de', de)).toEqual(['/termine'])
  })

  it('an English "Agenda" is a weak link, a French one a strong one', () => {
    const body = nav([
      ['/agenda', 'Agenda'],
      ['/calendar', 'Calendar'],
    ])
    const en = discoverLinks(page('en', body), 'https://www.example.org/', org)
    const fr = discoverLinks(page('fr', body), 'https://www.example.org/', org)
    const score = (links: typeof en, path: string) => links.find((l) => l.url.endsWith(path))?.score ?? 0
    expect(score(en, '/agenda')).toBeLessThan(score(en, '/calendar'))
    expect(score(fr, '/agenda')).toBe(score(fr, '/calendar'))
  })

  it('skips documents, mail, other sites, and keeps the best within the budget', () => {
    const body = nav([
      ['/events.pdf', 'Events (PDF)'],
      ['mailto:events@example.org', 'Events email'],
      ['https://partner.example.com/events', 'Partner events'],
      ['/events', 'Events'],
      ['/calendar', 'Calendar'],
      ['/classes', 'Classes'],
      ['/programs', 'Programs'],
    ])
    expect(pages('en', body, 2)).toEqual(['/events', '/calendar'])
    expect(pages('en', body).sort()).toEqual(['/calendar', '/classes', '/events', '/programs'])
    expect(listingBudget(200)).toBe(8)
    expect(listingBudget(15)).toBe(2)
  })
})

describe('subdomains and other hosts', () => {
  it('follows a subdomain of the organization when the link or its name says calendar, never any subdomain', () => {
    const body = nav([
      ['https://events.example.org/', 'Community calendar'],
      ['https://calendar.example.org/', 'Calendar'],
      ['https://agenda.example.org/', 'What is happening'],
      ['https://shop.example.org/', 'Shop'],
      ['https://pay.example.org/', 'Pay a bill'],
      ['https://www.example.com/events', 'Events elsewhere'],
    ])
    const links = discoverLinks(page('en', body), 'https://www.example.org/', org)
    const own = listingTasks(links, 0, 200)
    expect(own.map((t) => t.url).sort()).toEqual(['https://agenda.example.org/', 'https://calendar.example.org/', 'https://events.example.org/'])
    expect(own.every((t) => t.reach === 'subdomain' && t.kind === 'calendar-page' && t.depth === 1)).toBe(true)
    expect(reachOf('https://www.example.com/events', org)).toBe('outside')
    expect(reachOf('https://example.org/events', org)).toBe('site')
    // A home page that redirected to another name: that site and its subdomains are the organization's too.
    const moved = { ...org, homeHost: 'www.example-library.net' }
    expect(['https://example-library.net/events', 'https://calendar.example-library.net/', 'https://calendar.example.org/'].map((u) => reachOf(u, moved))).toEqual(['site', 'subdomain', 'subdomain'])
    expect(reachOf('https://calendar.example-library.net/', org)).toBe('outside')
  })

  it('keeps embeds (iframes, widget scripts, data-* URLs) for the platform registry to judge', () => {
    const body = `<iframe src="https://calendar.google.com/calendar/embed?src=x%40example.org"></iframe><script src="https://public.tockify.com/browser/embed.js"></script><div data-calendar-url="https://lib.libcal.com/calendar?cid=12"></div>`
    const embeds = discoverLinks(page('en', body), 'https://www.example.org/', org).filter((l) => l.via !== 'link')
    expect(embeds.map((e) => [e.via, e.url]).sort()).toEqual([
      ['data', 'https://lib.libcal.com/calendar?cid=12'],
      ['iframe', 'https://calendar.google.com/calendar/embed?src=x%40example.org'],
      ['script', 'https://public.tockify.com/browser/embed.js'],
    ])
  })

  it('from a listing, follows only strong links one level further, and none below that', () => {
    const body = `<main><a href="/events/calendar">Full events calendar</a><a href="/programs">Programs</a></main>`
    const links = discoverLinks(page('en', body), 'https://www.example.org/events', org)
    expect(listingTasks(links, 1, 200).map((t) => [t.url, t.depth])).toEqual([['https://www.example.org/events/calendar', 2]])
    expect(listingTasks(links, 2, 200)).toEqual([])
  })
})

describe('sitemaps in every language', () => {
  it('puts event sitemaps first and tells listings from event pages', () => {
    const index = readSitemap('<sitemapindex><sitemap><loc>https://a.org/page-sitemap.xml</loc></sitemap><sitemap><loc>https://a.org/veranstaltungen-sitemap.xml</loc></sitemap></sitemapindex>')
    expect(index.sitemaps[0]).toBe('https://a.org/veranstaltungen-sitemap.xml')
    const urls = [
      'https://a.org/',
      'https://a.org/about/',
      'https://a.org/termine/',
      'https://a.org/termine/sommerfest-2027/',
      'https://a.org/agenda/visite-guidee/',
      'https://a.org/event/lego-club/',
      'https://a.org/events/archive/old-fair/',
      'https://a.org/eventos/2027/',
      'https://a.org/news/event-recap/',
    ]
    expect(sitemapEventPages(urls, 10)).toEqual({
      listings: ['https://a.org/termine/', 'https://a.org/eventos/2027/'],
      details: ['https://a.org/termine/sommerfest-2027/', 'https://a.org/agenda/visite-guidee/', 'https://a.org/event/lego-club/'],
    })
  })
})
