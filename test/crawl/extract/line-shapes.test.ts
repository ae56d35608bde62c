// Pins the page reader's one reading per line shape (src/crawl/extract/html/page-reader.ts, PageReader): lines
// with the same text, inline breaks and publication spans are read for dates once and share that reading
// (the same text in another inline shape is read on its own),
// but what the line's neighbours say stays the line's own: a date under a deadline label ("Registration
// deadline:") is no event's date there, and that must never leak into the same text elsewhere on the page,
// whichever of the two is read first.
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { PageReader } from '../../../src/crawl/extract/html/page-reader'
import { pageLines } from '../../../src/crawl/extract/html/page-lines'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { runBytes } from '../../helpers/extract'

const page = (body: string) => `<!DOCTYPE html><html lang="en"><body>${body}</body></html>`
const readerOf = (body: string) => {
  const lines = pageLines(parse(page(body)))
  return { pr: new PageReader(lines, '2026-03-01'), lines: lines.lines }
}

describe('one date reading per line shape', () => {
  it('gives lines of one shape the same reading', () => {
    const { pr, lines } = readerOf('<div><p>June 5, 7:00 PM</p><p>Trivia</p></div><div><p>June 5, 7:00 PM</p><p>Chess</p></div>')
    const [a, b] = lines.filter((l) => l.text === 'June 5, 7:00 PM')
    expect(pr.dates(a)).toBe(pr.dates(b)!)
    expect(pr.dates(a)?.day).toBe(true)
  })

  it('reads one text set in different inline shapes once per shape', () => {
    const { pr, lines } = readerOf('<div><p><b>June 5</b> 7:00 PM</p><p>Trivia</p></div><div><p>June 5 7:00 PM</p><p>Chess</p></div><div><p><b>June 5</b> 7:00 PM</p><p>Go</p></div>')
    const [bold, plain, boldAgain] = lines.filter((l) => l.text === 'June 5 7:00 PM')
    expect(bold.breaks).not.toEqual(plain.breaks)
    expect(pr.dates(bold)).not.toBe(pr.dates(plain)!)
    expect(pr.dates(boldAgain)).toBe(pr.dates(bold)!)
  })

  it('keeps a deadline label to its own line, whichever copy is read first', () => {
    const body = '<div><p>Registration deadline:</p><p>June 5, 7:00 PM</p></div><div><p>Trivia night</p><p>June 5, 7:00 PM</p></div>'
    for (const order of ['labelled first', 'plain first']) {
      const { pr, lines } = readerOf(body)
      const [labelled, plain] = lines.filter((l) => l.text === 'June 5, 7:00 PM')
      const first = order === 'labelled first' ? labelled : plain
      const second = first === labelled ? plain : labelled
      pr.dates(first)
      pr.dates(second)
      expect(pr.dates(labelled)?.mentions.every((m) => !m.eligible)).toBe(true)
      expect(pr.dates(labelled)?.day).toBe(false)
      expect(pr.dates(plain)?.mentions.some((m) => m.eligible)).toBe(true)
      expect(pr.dates(plain)?.day).toBe(true)
    }
  })

  it('reads the same date text as an event in one card and as a deadline in another', () => {
    const ctx: ExtractContext = { baseUrl: 'https://club.example.org/events', timezone: 'America/Chicago', window: { start: '2026-03-01', end: '2026-12-31' } }
    const card = (title: string, before: string) => `<article class="ev"><h3>${title}</h3>${before}<p>June 5, 7:00 PM</p></article>`
    const html = page(`<main>${card('Summer Camp', '<p>Registration deadline:</p>')}${card('Trivia Night', '')}${card('Chess Club', '<p>Room 2</p>')}</main>`)
    const events = runBytes(html, ctx).events.map((e) => [e.title, e.startDate])
    expect(events).toContainEqual(['Trivia Night', '2026-06-05T19:00:00-05:00'])
    expect(events).toContainEqual(['Chess Club', '2026-06-05T19:00:00-05:00'])
    expect(events.some(([t]) => t === 'Summer Camp')).toBe(false)
  })
})
