// Pins `event-index extract` (DESIGN §3): one saved document in, a JSON array of normalized Events on
// stdout, warnings on stderr; exit 0 whenever the file was read (malformed, truncated, binary, huge or
// eventless input included), 2 for a usage error or an http(s) URL (fetching belongs to the crawler),
// 1 for a file that cannot be read. Never a crash. A page that gives no events says why on stderr.
import { afterAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Value } from '@sinclair/typebox/value'
import { EventSchema } from '../../src/model/event'
import { FIXTURES } from '../helpers/corpus'
import { BUN, run } from '../helpers/process'
import { tempDir } from '../helpers/tmp'

const CLI = [BUN, 'src/index.ts', 'extract']
const tmp = tempDir()
afterAll(() => tmp.cleanup())

async function extract(args: string[]) {
  const result = await run([...CLI, ...args])
  return { ...result, events: result.code === 0 ? (JSON.parse(result.stdout) as unknown[]) : undefined }
}

function expectValid(events: unknown[] | undefined) {
  expect(Array.isArray(events)).toBe(true)
  for (const e of events!) expect(Value.Check(EventSchema, e)).toBe(true)
}

describe('event-index extract', () => {
  it('prints the events of an HTML page as JSON and a summary on stderr', async () => {
    const r = await extract([join(FIXTURES, 'library-listing.html'), '--base-url', 'https://oakdalelibrary.org/events', '--tz', 'America/Chicago', '--start', '2026-06-01', '--end', '2026-08-31'])
    expect(r.code).toBe(0)
    expectValid(r.events)
    expect((r.events as { title: string; startDate: string }[]).map((e) => [e.title, e.startDate])[0]).toEqual(['Baby Rhyme Time', '2026-06-13T10:30:00-05:00'])
    expect(r.stderr).toContain('4 event(s) from html document, window 2026-06-01..2026-08-31')
  })

  it('reads The Events Calendar JSON given as a file: URL', async () => {
    const r = await extract([
      pathToFileURL(join(FIXTURES, 'tec-events.json')).href,
      '--base-url',
      'https://riverbendlibrary.org/wp-json/tribe/events/v1/events',
      '--start',
      '2026-06-01',
      '--end',
      '2026-06-30',
    ])
    expect(r.code).toBe(0)
    expectValid(r.events)
    expect(r.events).toHaveLength(6)
  })

  it('expands an iCalendar feed, one record per occurrence with schedule', async () => {
    const r = await extract([join(FIXTURES, 'library-calendar.ics'), '--base-url', 'https://riverbendlibrary.org/events/feed.ics', '--start', '2026-06-01', '--end', '2026-06-30'])
    expect(r.code).toBe(0)
    expectValid(r.events)
    const events = r.events as { title: string; startDate: string; schedule?: { recurrence: { pattern: string } } }[]
    expect(events.filter((e) => e.title === 'Preschool Storytime').map((e) => e.startDate)).toEqual([
      '2026-06-02T10:30:00-04:00',
      '2026-06-09T10:30:00-04:00',
      '2026-06-16T10:30:00-04:00',
      '2026-06-23T10:30:00-04:00',
    ])
    expect(events.find((e) => e.title === 'Preschool Storytime')?.schedule?.recurrence.pattern).toBe('weekly')
    expect(r.stderr).toContain('from ics document')
  })

  it('reads an iCalendar feed whose VTIMEZONE is broken, with a warning', async () => {
    const ics = (await Bun.file(join(FIXTURES, 'library-calendar.ics')).text())
      .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/, 'BEGIN:VTIMEZONE\r\nTZID:Riverbend Local\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:-0500\r\nDTSTART:1970XXXX\r\nEND:DAYLIGHT\r\n')
      .replaceAll('TZID=America/New_York', 'TZID=Riverbend Local')
      .replace('X-WR-TIMEZONE:America/New_York\r\n', '')
    const path = join(tmp.dir, 'broken-vtimezone.ics')
    await Bun.write(path, ics)
    const r = await extract([path, '--base-url', 'https://riverbendlibrary.org/events/feed.ics', '--tz', 'America/New_York', '--start', '2026-06-01', '--end', '2026-06-30'])
    expect(r.code).toBe(0)
    expectValid(r.events)
    expect(r.events!.length).toBeGreaterThan(0)
    expect(r.stderr).toMatch(/warning: .*(VTIMEZONE|Riverbend Local)/)
  })

  it('defaults the window to today + 90 days and says so', async () => {
    const r = await extract([join(FIXTURES, 'events-feed.rss')])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/window (\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})/)
    const [, start, end] = /window (\S+)\.\.(\S+)/.exec(r.stderr)!
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(90)
    expect(r.stderr).toContain('no --base-url')
  })

  it('survives truncated HTML, binary garbage and invalid JSON with exit 0 and warnings', async () => {
    const page = await Bun.file(join(FIXTURES, 'jsonld-event-page.html')).text()
    const files = {
      'truncated.html': page.slice(0, Math.floor(page.length * 0.6)),
      'garbage.bin': new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
      'invalid.json': '{"events": [ {"id": 1, "title": "Storytime", "start_date": "2026-06-0',
      'empty.html': '',
    }
    for (const [name, content] of Object.entries(files)) {
      const path = join(tmp.dir, name)
      await Bun.write(path, content)
      const r = await extract([path, '--base-url', 'https://maplewoodlibrary.org/events/x', '--start', '2026-06-01', '--end', '2026-07-31'])
      expect(r.code, name).toBe(0)
      expectValid(r.events)
      expect(r.stderr, name).toMatch(/event\(s\) from/)
    }
  })

  it('says on stderr why a page gave no events', async () => {
    const pages = {
      'about.html': ['<html><body><h1>About us</h1><p>We lend books.</p></body></html>', 'no dates found in the visible text'],
      'news.html': ['<html><body><h1>News</h1><ul><li>Posted June 1, 2026</li><li>Posted June 3, 2026</li></ul></body></html>', "none an event's (publication dates, deadlines"],
      'old.html': [
        '<html><body><ul><li>March 3, 2019, 7 PM – Council</li><li>March 17, 2019, 7 PM – Council</li></ul></body></html>',
        '2 event(s) read, none inside the window 2026-06-01..2026-06-30 (they fall between 2019-03-03 and 2019-03-17)',
      ],
    }
    for (const [name, [html, reason]] of Object.entries(pages)) {
      const path = join(tmp.dir, name)
      await Bun.write(path, html)
      const r = await extract([path, '--base-url', 'https://lib.example.org/', '--start', '2026-06-01', '--end', '2026-06-30'])
      expect(r.code, name).toBe(0)
      expect(r.events, name).toEqual([])
      expect(r.stderr, name).toContain(reason)
    }
  })

  it('reads a 10 MB listing page, its listing heuristic stopping early at its bound', async () => {
    const card = (i: number) =>
      `<div class="event-card"><h3><a href="/events/e-${i}">Program ${i} for families</a></h3><p class="date">Sat, June ${1 + (i % 28)}, 2026 · 10:30 AM – 11:15 AM</p><p>${'Stories and songs for toddlers. '.repeat(6)}</p></div>\n`
    const parts = ['<!DOCTYPE html><html><body><main><div class="list">']
    let size = parts[0].length
    for (let i = 0; size < 10_000_000; i++) {
      parts.push(card(i))
      size += parts[parts.length - 1].length
    }
    const path = join(tmp.dir, 'big.html')
    await Bun.write(path, `${parts.join('')}</div></main></body></html>`)
    const r = await extract([path, '--base-url', 'https://lib.example.org/events', '--tz', 'America/Chicago', '--start', '2026-06-01', '--end', '2026-06-30'])
    expect(r.code).toBe(0)
    expectValid(r.events)
    expect(r.events!.length).toBeGreaterThan(100)
    expect(r.stderr).toContain('listing heuristic stopped early')
  }, 60_000)

  it('refuses to fetch http(s) URLs, naming the crawler', async () => {
    const r = await run([...CLI, 'https://lib.example.org/events'])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('arrives with the crawler')
  })

  it('exits 1 for a file that cannot be read', async () => {
    const r = await run([...CLI, join(tmp.dir, 'missing.html')])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('cannot read')
    expect((await run([...CLI, tmp.dir])).code).toBe(1)
  })

  for (const args of [
    [],
    ['a.html', 'b.html'],
    ['x.html', '--start', '2026-13-01'],
    ['x.html', '--start', '2026-06-10', '--end', '2026-06-01'],
    ['x.html', '--tz', 'Mars/Olympus'],
    ['x.html', '--base-url', 'ftp://x.org'],
    ['x.html', '--colour'],
  ]) {
    it(`exits 2 saying what is wrong and pointing to --help for ${JSON.stringify(args)}`, async () => {
      const r = await run([...CLI, ...args])
      expect(r.code).toBe(2)
      expect(r.stderr).toStartWith('event-index: extract: ')
      expect(r.stderr).toContain('event-index --help')
    })
  }
})
