// Pins "when structured data and the page disagree, believe the page" (visible-time.ts), one case each:
// a date-only start (and end) while the page shows times; a wrong offset (+01:00 on a summer day in
// Amsterdam) with the page showing the wall time; a right instant in UTC (11:00Z shown as 12:00 in
// Amsterdam) kept as that instant in the site's zone; a naive time that the page contradicts; and no
// change without the site's zone when an offset cannot be checked. Also: structured data that covers
// only some of a page's records does not hide the rest (hidden microdata on one row of a table). And the
// shortcut that looks up a title's lines once per page: every occurrence of a series (one title) still gets
// the time its own day shows.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { runBytes } from '../../helpers/extract'

const ams: ExtractContext = { baseUrl: 'https://uni.example.nl/agenda/', timezone: 'Europe/Amsterdam', window: { start: '2026-01-01', end: '2026-12-31' } }
const jsonLd = (event: object, visible: string) =>
  `<html lang="en"><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Event', name: 'Lecture on Dikes', location: { '@type': 'Place', name: 'Aula' }, ...event })}</script></head><body><h1>Lecture on Dikes</h1>${visible}</body></html>`
const dates = (html: string, ctx = ams) => runBytes(html, ctx).events.map((e) => [e.startDate, e.endDate])

describe('structured data against the page', () => {
  it('gives a date-only start and end the times the page shows', () => {
    expect(dates(jsonLd({ startDate: '2026-10-24', endDate: '2026-10-24' }, '<p>24 Oct 09:00 - 17:00</p>'))).toEqual([['2026-10-24T09:00:00+02:00', '2026-10-24T17:00:00+02:00']])
  })

  it('replaces a wrong offset by the site zone when the page shows the written wall time', () => {
    expect(dates(jsonLd({ startDate: '2026-04-01T15:15+01:00', endDate: '2026-04-01T17:00+01:00' }, '<p>Wed 1 April 2026 15:15 - 17:00</p>'))).toEqual([
      ['2026-04-01T15:15:00+02:00', '2026-04-01T17:00:00+02:00'],
    ])
  })

  it('keeps a right instant, written in the site zone, and completes a date-only end from the page', () => {
    expect(dates(jsonLd({ startDate: '2026-03-15T11:00:00Z', endDate: '2026-03-15' }, '<p>Sun 15 March 2026 12:00 to 18:00</p>'))).toEqual([['2026-03-15T12:00:00+01:00', '2026-03-15T18:00:00+01:00']])
  })

  it('believes the page over a naive time that disagrees with it', () => {
    expect(dates(jsonLd({ startDate: '2026-05-10T17:30:00' }, '<p>May 10, 2026, 7:30 PM</p>'))).toEqual([['2026-05-10T19:30:00+02:00', undefined]])
  })

  it('leaves an offset alone when the site zone is unknown', () => {
    const html = jsonLd({ startDate: '2026-04-01T15:15+01:00' }, '<p>Wed 1 April 2026 15:15</p>')
    expect(dates(html, { ...ams, timezone: undefined })).toEqual([['2026-04-01T15:15:00+01:00', undefined]])
  })
})

describe('structured data covering part of a listing', () => {
  it('adds the rows of a table whose one row carries hidden microdata', () => {
    const row = (d: string, micro: boolean) =>
      `<tr${micro ? ' itemscope itemtype="http://schema.org/Event"' : ''}><td><a href="/e/${d}"><span${micro ? ' itemprop="name"' : ''}>Board of Supervisors</span></a></td><td>${d.slice(5, 7)}/${d.slice(8)}/${d.slice(0, 4)} 10:00 AM - 1:00 PM${micro ? `<time style="display:none" itemprop="startDate" datetime="${d}T17:00+00:00"></time>` : ''}</td></tr>`
    const html = `<html lang="en"><body><table><tr><th>Event</th><th>Date/Time</th></tr>${row('2026-08-11', true)}${row('2026-08-18', false)}${row('2026-11-10', false)}</table></body></html>`
    const la: ExtractContext = { baseUrl: 'https://county.example.gov/meetings', timezone: 'America/Los_Angeles', window: { start: '2026-08-01', end: '2026-12-31' } }
    expect(dates(html, la)).toEqual([
      ['2026-08-11T10:00:00-07:00', '2026-08-11T13:00:00-07:00'],
      ['2026-08-18T10:00:00-07:00', '2026-08-18T13:00:00-07:00'],
      ['2026-11-10T10:00:00-08:00', '2026-11-10T13:00:00-08:00'],
    ])
  })
})

describe('a series whose occurrences share one title', () => {
  it('gives each occurrence the time its own day shows, the title looked up once', () => {
    // 18 occurrences (more than 16 take the indexed search), each day shown with its own time.
    const days = Array.from({ length: 18 }, (_, i) => ({ date: `2026-06-${String(i + 1).padStart(2, '0')}`, hour: 9 + (i % 8) }))
    const graph = days.map((d) => ({ '@type': 'Event', name: 'Toddler Storytime', startDate: d.date, location: { '@type': 'Place', name: 'Main Library' } }))
    const cards = days.map((d) => `<div class="card"><h3>Toddler Storytime</h3><p>June ${Number(d.date.slice(8))}, 2026, ${d.hour}:30</p></div>`).join('')
    const html = `<html lang="en"><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head><body>${cards}</body></html>`
    expect(dates(html).map(([start]) => start)).toEqual(days.map((d) => `${d.date}T${String(d.hour).padStart(2, '0')}:30:00+02:00`))
  })
})
