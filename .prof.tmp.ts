// Benchmark of the extract + normalize pipeline (issue 4, issue 13): throughput in MB/s of extractDocument +
// normalizeCandidates against parse5.parse alone on the same text, measured in the same run, over four kinds of
// document: the real pages of ../shared/corpus/pages (HTML listings, tables, prose, detail pages, platform JSON,
// feeds; each read with its own case's base URL, zone and window, as `event-index extract` reads it), the small
// schema.org / extruct / microformats examples, this repository's fixture documents, and generated calendars
// (listing pages of 50–200 cards, JSON-LD-rich pages, The Events Calendar JSON). The ratio is parse5's time over
// the pipeline's time per pass over all of them; each kind's own ratio is printed too. Rounds are interleaved and
// medians reported. Prints figures only; no thresholds. Run: npm run bench
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'parse5'
import { extractDocument } from '/work/main/src/crawl/extract'
import { normalizeCandidates } from '/work/main/src/crawl/normalize'
import type { ExtractContext } from '/work/main/src/crawl/candidate-types'
import { CORPUS, FIXTURES } from '/work/main/test/helpers/corpus'

const ctx: ExtractContext = { baseUrl: 'https://lib.example.org/events/', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-08-31' } }

type Doc = { kind: string; text: string; bytes: Uint8Array; ctx: ExtractContext }
const doc = (kind: string, text: string, bytes = new TextEncoder().encode(text), c = ctx): Doc => ({ kind, text, bytes, ctx: c })

function listingPage(cards: number): string {
  const card = (i: number) => `
    <article class="event-card">
      <img src="/img/e${i}.jpg" alt="">
      <h3 class="event-title"><a href="/events/program-${i}">Program ${i}: ${i % 3 ? 'Toddler Storytime' : 'Teen Maker Lab'}</a></h3>
      <p class="event-date">${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][i % 7]}, June ${1 + (i % 28)} &middot; ${1 + (i % 11)}:30 PM &ndash; ${2 + (i % 11)}:15 PM</p>
      <p class="event-location">Branch ${i % 5} &ndash; Meeting Room ${i % 3}</p>
      <p class="event-summary">Stories, songs and activities for children and their grown-ups. Registration required; space is limited.</p>
      <span class="event-category">Kids, Early Literacy</span>
    </article>`
  const nav = '<header><nav><ul>' + Array.from({ length: 30 }, (_, i) => `<li><a href="/p${i}">Menu item ${i}</a></li>`).join('') + '</ul></nav></header>'
  return `<!DOCTYPE html><html><head><title>Events</title><link rel="stylesheet" href="/s.css"></head><body>${nav}<main><div class="events">${Array.from({ length: cards }, (_, i) => card(i)).join('')}</div>
    <nav class="pagination"><a class="next" href="?page=2">Next</a></nav></main><footer><p>&copy; 2026 Library &middot; 9am&ndash;5pm</p></footer></body></html>`
}

function jsonLdPage(events: number): string {
  const graph = Array.from({ length: events }, (_, i) => ({
    '@type': i % 4 ? 'Event' : 'ChildrensEvent',
    '@id': `https://lib.example.org/events/e${i}#event`,
    name: `Program ${i} &amp; Friends`,
    description: '<p>Stories, songs and crafts.</p><p>For kids ages 3&ndash;5.</p>',
    startDate: `2026-06-${String(1 + (i % 28)).padStart(2, '0')}${i % 5 ? 'T10:30:00-05:00' : ''}`,
    endDate: `2026-06-${String(1 + (i % 28)).padStart(2, '0')}${i % 5 ? 'T11:30:00-05:00' : ''}`,
    location: { '@type': 'Place', name: 'Main Library', address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Springfield', addressRegion: 'IL', postalCode: '62701' } },
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD', url: `https://lib.example.org/events/e${i}` },
    organizer: { '@type': 'Organization', name: 'Springfield Library', url: 'https://lib.example.org/' },
  }))
  const visible = Array.from({ length: events }, (_, i) => `<div class="card"><h3>Program ${i} &amp; Friends</h3><p>June ${1 + (i % 28)}, 2026, 10:30 am</p></div>`).join('')
  return `<!DOCTYPE html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body><main>${visible}</main></body></html>`
}

function tecPage(count: number): string {
  const events = Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    url: `https://lib.example.org/event/program-${i}/2026-06-${String(1 + (i % 28)).padStart(2, '0')}/`,
    title: `Program ${i} &#8211; Storytime`,
    description: '<p>Stories &amp; songs for toddlers.</p><p>No registration required.</p>',
    all_day: i % 9 === 0,
    start_date: `2026-06-${String(1 + (i % 28)).padStart(2, '0')} 10:30:00`,
    end_date: `2026-06-${String(1 + (i % 28)).padStart(2, '0')} 11:00:00`,
    utc_start_date: `2026-06-${String(1 + (i % 28)).padStart(2, '0')} 15:30:00`,
    utc_end_date: `2026-06-${String(1 + (i % 28)).padStart(2, '0')} 16:00:00`,
    timezone: 'America/Chicago',
    cost: i % 2 ? 'Free' : '$5',
    cost_details: { currency_code: 'USD', values: i % 2 ? ['0'] : ['5'] },
    website: '',
    image: { url: `/img/${i}.jpg` },
    categories: [{ name: 'Kids' }],
    tags: [],
    venue: { venue: 'Main Library', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', geo_lat: 39.8, geo_lng: -89.6 },
    organizer: [{ organizer: 'Youth Services' }],
  }))
  return JSON.stringify({ events, total: count, total_pages: 1, rest_url: 'https://lib.example.org/wp-json/tribe/events/v1/events' })
}

function examplePages(): Doc[] {
  const pages: Doc[] = []
  const examples = JSON.parse(readFileSync(join(CORPUS, 'schemaorg/event-examples.json'), 'utf8')) as Record<string, string | null>[]
  for (const ex of examples) for (const key of ['jsonld_html', 'microdata_html', 'rdfa_html']) if (ex[key]) pages.push(doc('examples', `<!DOCTYPE html><html><body>${ex[key]}</body></html>`))
  for (const dir of ['extruct/schema.org', 'microformats-tests/v1-hcalendar', 'microformats-tests/v2-h-event']) {
    for (const f of readdirSync(join(CORPUS, dir))) if (f.endsWith('.html')) pages.push(doc('examples', readFileSync(join(CORPUS, dir, f), 'utf8')))
  }
  return pages
}

/** The shared corpus's real pages, each with its case's context (bytes as served; parse5 gets them as UTF-8 text). */
function realPages(): Doc[] {
  const dir = join(CORPUS, 'pages')
  const cases = (JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8')) as { cases: { file: string; base_url: string; tz: string; start: string; end: string }[] }).cases
  return cases.map((c) => {
    const bytes = new Uint8Array(readFileSync(join(dir, c.file)))
    return doc('real pages', new TextDecoder().decode(bytes), bytes, { baseUrl: c.base_url, timezone: c.tz, window: { start: c.start, end: c.end } })
  })
}

const docs: Doc[] = [
  ...realPages(),
  ...examplePages(),
  ...readdirSync(FIXTURES).map((f) => doc('fixtures', readFileSync(join(FIXTURES, f), 'utf8'))),
  ...[listingPage(50), listingPage(100), listingPage(200), jsonLdPage(50), jsonLdPage(150), tecPage(50)].map((t) => doc('generated', t)),
]

const KIND = process.env.KIND
const sel = process.env.DOC ? process.env.DOC.split(',').map((i) => docs[Number(i)]) : docs.filter((d) => !KIND || d.kind === KIND)
const until = performance.now() + Number(process.env.SECS ?? 10) * 1000
let passes = 0
while (performance.now() < until) {
  for (const d of sel) normalizeCandidates(extractDocument(d.bytes, d.ctx).candidates, d.ctx)
  passes++
}
console.log('passes', passes, sel.length)
