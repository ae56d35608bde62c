// Pins lenient JSON parsing for JSON-LD blocks (DESIGN §9): wrappers (comments, CDATA, `;`), raw control
// characters, unescaped quotes, trailing commas, several top-level objects, truncation, numbers with
// leading zeros (kept as the text written) and HTML comments between values are repaired; a repair never
// swallows text into a value; what cannot be repaired is an error message, never a throw.
import { describe, expect, it } from 'bun:test'
import { parseLenientJson, unwrapScript } from '../../../src/crawl/extract/lenient-json'

const value = (raw: string) => {
  const r = parseLenientJson(raw)
  if ('error' in r) throw new Error(r.error)
  return r.value
}

describe('parseLenientJson', () => {
  it('keeps a number written with leading zeros as its text (a postal code), and leaves real numbers alone', () => {
    expect(value('{"postalCode": 04109, "addressLocality": "Leipzig"}')).toEqual({ postalCode: '04109', addressLocality: 'Leipzig' })
    expect(value('{"a": [007, 0, 0.5, -0.25, 10, 1e3, 00]}')).toEqual({ a: ['007', 0, 0.5, -0.25, 10, 1000, '00'] })
    expect(value('{"postalCode": 01067\n"addressCountry": "DE"}')).toEqual({ postalCode: '01067', addressCountry: 'DE' })
  })

  it('skips HTML comments between values, before and after the block', () => {
    expect(value('<!---->{"@type": "Event", <!----> "name": "Konzert"<!---->, "startDate": "2026-05-10T19:30"}<!---->')).toEqual({ '@type': 'Event', name: 'Konzert', startDate: '2026-05-10T19:30' })
    expect(value('{"name": "Lesung"}\n<!-- /ko -->\n')).toEqual({ name: 'Lesung' })
    expect(value('[{"name": "A"}<!---->,<!---->{"name": "B"}]')).toEqual([{ name: 'A' }, { name: 'B' }])
  })

  it('never swallows the text after a comment into a value, and keeps a comment written inside a string', () => {
    expect(value('{"name": "Concert" <!----> , "startDate": "2026-05-10", "x": 1,}')).toEqual({ name: 'Concert', startDate: '2026-05-10', x: 1 })
    expect(value('{"description": "See <!-- here --> and "there"", "n": 1,}')).toEqual({ description: 'See <!-- here --> and "there"', n: 1 })
  })

  it('strips comment, CDATA and semicolon wrappers', () => {
    expect(unwrapScript('<!--\n{"a":1}\n-->')).toBe('{"a":1}')
    expect(unwrapScript('//<![CDATA[\n{"a":1};\n//]]>')).toBe('{"a":1}')
    expect(unwrapScript('/*<![CDATA[*/{"a":1}/*]]>*/')).toBe('{"a":1}')
    expect(value('{"a": 1};;')).toEqual({ a: 1 })
  })

  it('escapes raw newlines, tabs and control characters inside strings', () => {
    expect(value('{"d": "line one\nline\ttwo\u0001"}')).toEqual({ d: 'line one\nline\ttwo\u0001' })
  })

  it('keeps unescaped quotes inside a description', () => {
    expect(value('{"name": "Meet "Ms. Rae" today", "x": 1}')).toEqual({ name: 'Meet "Ms. Rae" today', x: 1 })
    expect(value('{"a": "He said "hi", then left", "b": 2}')).toEqual({ a: 'He said "hi", then left', b: 2 })
  })

  it('drops trailing and doubled commas, comments and invalid escapes', () => {
    expect(value('{"a": [1, 2,,], "b": "it\\\'s", // note\n "c": 3,}')).toEqual({ a: [1, 2], b: "it's", c: 3 })
  })

  it('joins several top-level objects and closes a truncated block', () => {
    expect(value('{"a":1}\n{"b":2}')).toEqual([{ a: 1 }, { b: 2 }])
    expect(value('{"a":1},{"b":2}')).toEqual([{ a: 1 }, { b: 2 }])
    expect(value('{"@type":"Event","name":"Cut')).toEqual({ '@type': 'Event', name: 'Cut' })
  })

  it('adds a forgotten comma between lines', () => {
    expect(value('{"a": "x"\n "b": "y"}')).toEqual({ a: 'x', b: 'y' })
  })

  it('returns an error for what is not JSON at all', () => {
    expect('error' in parseLenientJson('{ "name": {{ event.title }} }')).toBe(true)
    expect('error' in parseLenientJson('   ')).toBe(true)
  })
})
