// Pins how the page's lines read text nodes (src/crawl/extract/html/page-lines.ts, squeezeNode in shared/dom.ts): white space of every
// kind (tabs, newlines, no-break and zero-width spaces, ideographic space) squeezed to one space exactly as
// the regular expression `/[\s\u00a0\u200b]+/g` would, indentation between tags giving no text, and
// inline elements read as separate words without a space before punctuation.
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { pageLines, squeeze } from '../../../src/crawl/extract/html/page-lines'
import { squeezeNode } from '../../../src/crawl/shared/dom'

const byRegex = (t: string) => t.replace(/[\s\u00a0\u200b]+/g, ' ')
const lines = (body: string) => pageLines(parse(`<!DOCTYPE html><html><body>${body}</body></html>`)).lines.map((l) => l.text)

describe('text nodes on the page lines', () => {
  it('squeezes white space like the regular expression, for every kind of space', () => {
    const pieces = ['', ' ', '  ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u200b', '\u2003', '\u3000', '\ufeff', '\u2028', '\u202f', '\u1680', 'a', 'Lego', '9:00', '\u200c', '\u00ad']
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const text = a + b + c
          expect(squeeze(text)).toBe(byRegex(text))
          expect(squeezeNode(text)).toBe(byRegex(text))
        }
  })

  it('gives lines without the indentation between tags, words of adjacent elements apart, punctuation joined', () => {
    expect(lines('<div>\n  <p>\n\t<span>9:00\u00a0AM</span><a href="/e">Board\u200b meeting</a><span>, Hall A</span>\n  </p>\n</div>')).toEqual(['9:00 AM Board meeting, Hall A'])
  })
})
