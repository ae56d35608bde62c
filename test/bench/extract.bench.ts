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
import { extractDocument } from '../../src/crawl/extract'
import { normalizeCandidates } from '../../src/crawl/normalize'
import type { ExtractContext } from '../../src/crawl/candidate-types'
import { CORPUS, FIXTURES } from '../helpers/corpus'

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
const KINDS = [...new Set(docs.map((d) => d.kind))]
const bytesOf = (kind?: string) => docs.reduce((n, d) => n + (!kind || d.kind === kind ? d.bytes.length : 0), 0)

type Times = Record<string, number>

/** Mean milliseconds per pass of `run` (which adds each document's time to its kind) over at least `minMs`, one warm-up pass first. */
function time(run: (into: Times) => void, minMs: number): Times {
  run({})
  const sum: Times = {}
  let passes = 0
  const start = performance.now()
  while (performance.now() - start < minMs || passes < 3) {
    run(sum)
    passes++
  }
  for (const k of Object.keys(sum)) sum[k] /= passes
  return sum
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

let events = 0
/** Times each document of a pass on its own (the clock costs far less than the smallest document) and the pass as a whole. */
function pass(into: Times, one: (d: Doc) => void) {
  const start = performance.now()
  const cpu = process.cpuUsage()
  for (const d of docs) {
    const t = performance.now()
    one(d)
    into[d.kind] = (into[d.kind] ?? 0) + performance.now() - t
  }
  into.all = (into.all ?? 0) + performance.now() - start
  const used = process.cpuUsage(cpu)
  into.cpu = (into.cpu ?? 0) + (used.user + used.system) / 1000
}
const pipeline = (into: Times) => {
  events = 0
  pass(into, (d) => {
    events += normalizeCandidates(extractDocument(d.bytes, d.ctx).candidates, d.ctx).events.length
  })
}
const parseOnly = (into: Times) => pass(into, (d) => parse(d.text))
// Interleaved rounds, medians reported: a burst of load on the machine skews one round, not the figures.
const rounds = Array.from({ length: 7 }, () => ({ pipeline: time(pipeline, 700), parse: time(parseOnly, 400) }))
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000)
const line = (label: string, kind: string, bytes: number) => {
  const p = median(rounds.map((r) => r.pipeline[kind]))
  const q = median(rounds.map((r) => r.parse[kind]))
  const n = kind === 'all' ? docs.length : docs.filter((d) => d.kind === kind).length
  console.log(
    `${label.padEnd(11)} ${String(n).padStart(3)} docs ${(bytes / 1e6).toFixed(2)} MB: pipeline ${mbps(bytes, p).toFixed(2)} MB/s (${p.toFixed(1)} ms), parse5 ${mbps(bytes, q).toFixed(2)} MB/s (${q.toFixed(1)} ms), ratio ${(q / p).toFixed(3)}`,
  )
  return q / p
}
console.log(`documents: ${docs.length} (${(bytesOf() / 1e6).toFixed(2)} MB), ${events} events per pass; medians of ${rounds.length} interleaved rounds`)
for (const kind of KINDS) line(kind, kind, bytesOf(kind))
const ratio = line('all', 'all', bytesOf())
console.log(`ratio pipeline / parse5: ${ratio.toFixed(3)} (parse5 alone is ${(1 / ratio).toFixed(1)}x faster than the whole pipeline)`)
// CPU time of the process per pass, for both sides: on a shared machine, wall time also counts the time
// other processes held the core, which is not the pipeline's cost. Printed beside the wall-clock ratio.
const cpuP = median(rounds.map((r) => r.pipeline.cpu))
const cpuQ = median(rounds.map((r) => r.parse.cpu))
console.log(
  `CPU time per pass: pipeline ${cpuP.toFixed(1)} ms, parse5 ${cpuQ.toFixed(1)} ms, ratio ${(cpuQ / cpuP).toFixed(3)} (wall-clock ratio above: ${ratio.toFixed(3)}; load average ${(await import('node:os')).loadavg()[0].toFixed(2)})`,
)
