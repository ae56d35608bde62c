/**
 * What is left of a line once its dates are taken out (src/crawl/extract/html/line-dates.ts, `leftover`) is
 * read in place, word by word between separators, for speed (issue 13): it must keep exactly the words
 * that cutting the dates out, splitting the rest on white space, dashes and punctuation and dropping
 * filler keeps, whatever the characters (wide spaces, dashes, quotes, accents, astral letters) and however
 * the mentions lie (touching, overlapping, at either end).
 */
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { leftover } from '../../../src/crawl/extract/html/line-dates'
import type { RawWhen } from '../../../src/crawl/extract/prose-dates'

const SEPARATORS = /[\s\-–—:,.;|/@·•()[\]*'"’]+/g

/** The long way: the text without the mentions (a space where each was), split on separator runs, each word kept or dropped on its own. */
function reference(text: string, mentions: RawWhen[]): string {
  let out = ''
  let last = 0
  for (const m of mentions) {
    out += `${text.slice(last, m.index)} `
    last = Math.max(last, m.endIndex)
  }
  out += text.slice(last)
  // A single word (no separator in it) is kept or dropped by the same rule the reader applies.
  return out
    .split(SEPARATORS)
    .map((w) => (w ? leftover(w, []) : ''))
    .join('')
}

const when = (index: number, endIndex: number): RawWhen => ({ index, endIndex, start: { day: 1, month: 6 } })

const PIECES = [
  'June',
  '5',
  '5th',
  '2026',
  '7:00',
  'PM',
  'and',
  'the',
  'Monday',
  'Wedensday',
  'uhr',
  'à',
  'Lego',
  'Club',
  'Storytime',
  'x',
  'Ü',
  '𝒜𝒷',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u2009',
  '\u3000',
  '\ufeff',
  '-',
  '–',
  '—',
  ':',
  ',',
  '.',
  ';',
  '|',
  '/',
  '@',
  '·',
  '•',
  '(',
  ')',
  '[',
  ']',
  '*',
  "'",
  '"',
  '’',
  '!',
  '_',
  '&',
]

describe('leftover', () => {
  it('keeps the words of a line outside its dates, filler dropped', () => {
    expect(leftover('June 5, 7:00 PM – Lego Club (ages 5–12)', [when(0, 15)])).toBe('LegoClubages')
    expect(leftover('Monday, June 5 · Doors at 7 pm', [when(8, 14), when(25, 30)])).toBe('')
    expect(leftover('Storytime', [])).toBe('Storytime')
  })

  it('reads words as splitting on separators would, for any text and mentions', () => {
    const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''))
    const spans = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 20 })), { maxLength: 4 })
    fc.assert(
      fc.property(line, spans, (text, raw) => {
        const mentions = raw
          .map(([at, len]) => {
            const index = text.length ? at % (text.length + 1) : 0
            return when(index, Math.min(text.length, index + len))
          })
          .sort((a, b) => a.index - b.index)
        expect([text, mentions, leftover(text, mentions)]).toEqual([text, mentions, reference(text, mentions)])
      }),
      { numRuns: 3000 },
    )
  })
})
