// Pins issue 11 (the patterns behind the unauthenticated 500s, found in the crawler too): text from a
// crawled document never indexes Object.prototype. A schema.org `repeatFrequency` of "constructor" used to
// become a recurrence without an interval that never ended (a worker spinning until its budget ran
// out); an `@type`, an mf2 class or an RDFa/microdata property named like an Object.prototype member made
// the reader throw and lose every event of the page. JSON nested deeper than MAX_JSON_DEPTH is refused
// block by block, so one hostile JSON-LD block no longer takes its neighbours down with a stack overflow.
// The pipeline runs in a worker so that a regression fails this test on its timeout, not the whole run.
import { afterEach, describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../src/crawl/candidate-types'
import type { Event } from '../../src/model/event'
import { MAX_JSON_DEPTH } from '../../src/json-depth'

const ctx: ExtractContext = { baseUrl: 'https://springfield-library.org/events', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-08-31' } }
type Outcome = { format: string; events: Event[]; warnings: string[]; schemaErrors: string[] }

const workers: Worker[] = []
afterEach(() => {
  for (const w of workers.splice(0)) w.terminate()
})

function extract(body: string, contentType = 'text/html'): Promise<Outcome> {
  const worker = new Worker(new URL('../fixtures/workers/extract-worker.ts', import.meta.url).href)
  workers.push(worker)
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data as Outcome)
    worker.onerror = (event) => reject(new Error(event.message))
    worker.postMessage({ body, ctx, contentType })
  })
}

const page = (...blocks: unknown[]) =>
  `<!doctype html><html><head>${blocks.map((b) => `<script type="application/ld+json">${typeof b === 'string' ? b : JSON.stringify(b)}</script>`).join('')}</head><body><h1>Events</h1></body></html>`
const storytime = {
  '@context': 'https://schema.org',
  '@type': 'Event',
  name: 'Storytime',
  startDate: '2026-06-10T10:00:00-05:00',
  location: { '@type': 'Place', name: 'Main Library', address: '100 Main St' },
}
const teens = { ...storytime, name: 'Teen Robotics', startDate: '2026-06-11T16:00:00-05:00' }
const PROTO = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']

describe('Object.prototype names in crawled documents', () => {
  for (const word of PROTO) {
    it(`a schedule with repeatFrequency "${word}" ends (no rule), and the event is kept`, async () => {
      const schedule = { '@type': 'Schedule', repeatFrequency: word, startDate: '2026-06-10', startTime: '10:00', scheduleTimezone: 'America/Chicago' }
      const { events, schemaErrors } = await extract(page({ ...storytime, eventSchedule: schedule }))
      expect(events.map((e) => e.title)).toEqual(['Storytime'])
      expect(schemaErrors).toEqual([])
    })

    it(`@type, eventStatus and attendance mode "${word}" are unknown words, not a lost page`, async () => {
      const { events, schemaErrors } = await extract(page({ ...storytime, '@type': ['Event', word], eventStatus: word, eventAttendanceMode: word }, teens))
      expect(events.map((e) => e.title)).toEqual(['Storytime', 'Teen Robotics'])
      expect(events.map((e) => e.eventStatus ?? null)).toEqual([null, null])
      expect(schemaErrors).toEqual([])
    })

    it(`microformats, microdata and RDFa with a class or property named "${word}" are still read`, async () => {
      const mf2 = `<div class="h-event"><span class="p-name ${word}">Storytime</span> <time class="dt-start ${word}" datetime="2026-06-10T10:00:00-05:00">June 10</time></div>`
      const classic = `<div class="vevent ${word}"><span class="summary ${word}">Book Club</span> <abbr class="dtstart" title="2026-06-12T18:00:00-05:00">June 12</abbr></div>`
      const microdata = `<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Chess Club</span><meta itemprop="startDate" content="2026-06-13T15:00:00-05:00"><span itemprop="${word}">x</span><span itemprop="${word}">y</span></div>`
      const rdfa = `<div vocab="https://schema.org/" typeof="Event" prefix="${word}: https://evil.example/"><span property="name">Lego Club</span><span property="startDate" content="2026-06-14T11:00:00-05:00">June 14</span><span property="${word}">x</span><span property="${word}">y</span><span property="${word}:name">z</span></div>`
      const { events } = await extract(`<!doctype html><html><body>${mf2}${classic}${microdata}${rdfa}</body></html>`)
      expect(events.map((e) => e.title).sort()).toEqual(['Book Club', 'Chess Club', 'Lego Club', 'Storytime'])
    })
  }

  it('an iCalendar STATUS named like an Object.prototype member is ignored', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//t//t//EN',
      'BEGIN:VEVENT',
      'UID:1@t',
      'SUMMARY:Storytime',
      'DTSTART:20260610T150000Z',
      'STATUS:constructor',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    const { events } = await extract(ics, 'text/calendar')
    expect(events.map((e) => [e.title, e.eventStatus ?? null])).toEqual([['Storytime', null]])
  })
})

describe('JSON nested too deep in crawled documents', () => {
  const deep = (n: number) => `${'['.repeat(n)}"Storytime"${']'.repeat(n)}`

  it('skips a JSON-LD block nested 100,000 deep and keeps the blocks beside it', async () => {
    const hostile = `{"@context":"https://schema.org","@type":"Event","name":${deep(100_000)},"startDate":"2026-06-09T10:00:00-05:00"}`
    const { events, warnings } = await extract(page(hostile, storytime, teens))
    expect(events.map((e) => e.title)).toEqual(['Storytime', 'Teen Robotics'])
    expect(warnings.some((w) => w.includes('JSON-LD block 1') && w.includes(`nested more than ${MAX_JSON_DEPTH} levels deep`))).toBe(true)
  })

  it('reads a JSON-LD block nested to the limit', async () => {
    // The event object is depth 1 and `name` adds MAX_JSON_DEPTH - 1 arrays: the whole block is exactly at the limit.
    const atLimit = `{"@context":"https://schema.org","@type":"Event","name":${deep(MAX_JSON_DEPTH - 1)},"startDate":"2026-06-09T10:00:00-05:00"}`
    const { events } = await extract(page(atLimit))
    expect(events.map((e) => e.title)).toEqual(['Storytime'])
  })

  it('refuses a JSON feed nested 100,000 deep with a warning, not a stack overflow', async () => {
    const feed = `{"events":[{"start_date":"2026-06-10 10:00:00","utc_start_date":"2026-06-10 15:00:00","title":${deep(100_000)}}],"total_pages":1}`
    const { events, warnings } = await extract(feed, 'application/json')
    expect(events).toEqual([])
    expect(warnings.some((w) => w.includes(`nested more than ${MAX_JSON_DEPTH} levels deep`))).toBe(true)
  })
})
