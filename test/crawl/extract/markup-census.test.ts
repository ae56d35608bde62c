/**
 * The markup census (issue 13: one walk finds what the structured readers and the link collector start
 * from) answers as the readers' own walks would: every `<script>`, `itemscope` element and link element in
 * document order, template contents and hidden markup included; and a reader the census skips (no element
 * carries its markup, whatever the source text mentions) would have found nothing had it run. The link
 * collector judges each distinct href once per base and still resolves every link against the base in
 * force where it stands.
 */
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { extractHtml } from '../../../src/crawl/extract/html'
import { jsonLdScripts } from '../../../src/crawl/extract/html/jsonld'
import { collectLinks } from '../../../src/crawl/extract/html/links'
import { markupCensus } from '../../../src/crawl/extract/html/markup-census'
import { findHEvents, parseMicroformats } from '../../../src/crawl/extract/html/microformats'
import { parseMicrodata } from '../../../src/crawl/extract/html/microdata'
import { parseRdfa } from '../../../src/crawl/extract/html/rdfa'
import { attr, type Element, walk } from '../../../src/crawl/shared/dom'

const ctx = { baseUrl: 'https://lib.example.org/events/', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-08-31' } }

/** What a full walk of the tree finds, the way the readers walked before the census. */
function walked(html: string) {
  const doc = parse(html)
  const scripts: Element[] = []
  const scopes: Element[] = []
  const links: Element[] = []
  walk(doc, (el) => {
    if (el.tagName === 'script') scripts.push(el)
    if (['a', 'link', 'base', 'iframe'].includes(el.tagName)) links.push(el)
    if (el.attrs.some((a) => a.name === 'itemscope')) scopes.push(el)
  })
  return { doc, scripts, scopes, links }
}

describe('markupCensus', () => {
  it('finds scripts, itemscopes and link elements in document order, in templates and hidden markup too', () => {
    const html = `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Event"}</script><link rel="alternate" href="/feed.ics"></head>
      <body><div hidden itemscope itemtype="https://schema.org/Event"><a href="/e/1">One</a></div>
      <template><div itemscope><a href="/e/2">Two</a><script>var x</script></div></template>
      <nav style="display:none"><a href="/p/2">Next</a></nav><iframe src="https://calendar.google.com/calendar/embed?src=x"></iframe>
      <base href="https://other.example.org/"><section itemscope><span itemprop="name" itemscope>n</span></section></body></html>`
    const census = markupCensus(parse(html))
    const expected = walked(html)
    const names = (els: Element[]) => els.map((e) => `${e.tagName} ${attr(e, 'href') ?? attr(e, 'src') ?? ''}`)
    expect(names(census.scripts)).toEqual(names(expected.scripts))
    expect(census.itemscopes.map((e) => e.tagName)).toEqual(expected.scopes.map((e) => e.tagName))
    expect(census.itemscopes.map((e) => e.tagName)).toEqual(['div', 'div', 'section', 'span'])
    expect(names(census.links)).toEqual(names(expected.links))
    expect(census.links.map((e) => e.tagName)).toEqual(['link', 'a', 'a', 'a', 'iframe', 'base'])
  })

  it('says which readers have markup to read: typed RDFa nodes and h-event / vevent classes', () => {
    expect(markupCensus(parse('<div vocab="https://schema.org/"><span property="name">x</span></div>')).typed).toBe(false)
    expect(markupCensus(parse('<div vocab="https://schema.org/" typeof="Event"></div>')).typed).toBe(true)
    expect(markupCensus(parse('<div class="card h-event">x</div>')).hEvent).toBe(true)
    expect(markupCensus(parse('<div class="vevent">x</div>')).hEvent).toBe(true)
    expect(markupCensus(parse('<p>h-event vevent</p><div class="card">x</div>')).hEvent).toBe(false)
  })
})

describe('readers the census skips', () => {
  // Each page's source names the markup (in text, a script, a comment, an attribute value or another
  // case) but no element carries it: the source test alone would run the reader.
  const pages = [
    '<html><body><p>Use itemscope and itemprop="name" in your markup</p><script>if (typeof x === "undefined") vocab = 1</script></body></html>',
    '<html><body><!-- <div itemscope itemtype="https://schema.org/Event"> --><div data-itemscope="1" title="typeof=Event">x</div></body></html>',
    '<html><body><div class="VEVENT H-EVENT"><span class="summary">Storytime</span><abbr class="dtstart" title="2026-06-03">June 3</abbr></div></body></html>',
    '<html><body><div class="h-event-card eventlist"><span class="p-name">Storytime</span><time class="dt-start" datetime="2026-06-03">June 3</time></div></body></html>',
    '<html><body><div vocab="https://schema.org/"><span property="name">Storytime</span><meta property="startDate" content="2026-06-03"></div></body></html>',
    '<html><head><meta property="og:title" content="Storytime"></head><body><p>vevent and h-event are microformats</p></body></html>',
  ]

  it('would have found nothing had they run', () => {
    for (const html of pages) {
      const doc = parse(html)
      const census = markupCensus(doc)
      if (!census.itemscopes.length) expect([html, parseMicrodata(doc)]).toEqual([html, []])
      if (!census.typed) expect([html, parseRdfa(doc)]).toEqual([html, []])
      if (!census.hEvent) expect([html, findHEvents(parseMicroformats(doc))]).toEqual([html, []])
      if (!census.scripts.length) expect([html, jsonLdScripts(doc)]).toEqual([html, []])
    }
  })

  it('leave the page read as before: no structured events, no reader failure', () => {
    for (const html of pages) {
      const result = extractHtml(html, ctx)
      expect([html, result.candidates.filter((c) => c.source.method !== 'listing' && c.source.method !== 'page')]).toEqual([html, []])
      expect(result.warnings.filter((w) => w.includes('reader failed'))).toEqual([])
    }
  })

  it('still reads pages that carry the markup', () => {
    const html = `<html><body>
      <div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Microdata Storytime</span><meta itemprop="startDate" content="2026-06-03T10:00"></div>
      <div vocab="https://schema.org/" typeof="Event"><span property="name">RDFa Storytime</span><meta property="startDate" content="2026-06-04T10:00"></div>
      <div class="h-event"><span class="p-name">Microformats Storytime</span><time class="dt-start" datetime="2026-06-05T10:00">June 5</time></div>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"JSON-LD Storytime","startDate":"2026-06-06T10:00"}</script>
    </body></html>`
    const methods = extractHtml(html, ctx)
      .candidates.map((c) => `${c.source.method} ${c.title}`)
      .sort()
    expect(methods).toEqual(['h-event Microformats Storytime', 'json-ld JSON-LD Storytime', 'microdata Microdata Storytime', 'rdfa RDFa Storytime'])
  })
})

describe('jsonLdScripts', () => {
  it('takes no script nested in another (an SVG script holds markup)', () => {
    const html = `<html><body><svg><script><script type="application/ld+json">{"@type":"Event","name":"Nested"}</script></script></svg>
      <script type="application/ld+json">{"@type":"Event","name":"Top"}</script></body></html>`
    const doc = parse(html)
    expect(markupCensus(doc).scripts.length).toBeGreaterThan(1)
    expect(jsonLdScripts(doc)).toEqual(['{"@type":"Event","name":"Top"}'])
  })
})

describe('collectLinks', () => {
  it('resolves a repeated href against the base in force where each link stands', () => {
    const html = `<html><body><a href="events/storytime">Card</a><a href="events/storytime">Storytime</a>
      <base href="https://other.example.org/"><a href="events/storytime">Again</a><a href="events/storytime">Once more</a></body></html>`
    const links = collectLinks(parse(html), 'https://lib.example.org/')
    expect(links.events).toEqual(['https://lib.example.org/events/storytime', 'https://other.example.org/events/storytime'])
  })

  it('finds a next link by its class however often the class repeats', () => {
    const html = `<html><body><a class="pager-link" href="/events?page=1">1</a><a class="pager-link" href="/events?page=3">3</a><a class="pager-link next" href="/events?page=2">›</a></body></html>`
    expect(collectLinks(parse(html), 'https://lib.example.org/events').next).toBe('https://lib.example.org/events?page=2')
  })
})
