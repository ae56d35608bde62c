// Pins the microformats reader against the microformats test suite (corpus `microformats-tests`): for
// every h-event / classic hCalendar page, the mf2 JSON's event properties (name, start, end, url,
// location, attendee, …, nested h-card/h-adr included) after writing date-times as ISO 8601 (see the
// corpus NOTES.md); pages without JSON (change logs) must simply not crash; the normalized events of every
// page validate against EventSchema.
import { describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { parse } from 'parse5'
import { normalizeCandidates } from '../../src/crawl/normalize'
import { EventSchema } from '../../src/model/event'
import { extractHtml } from '../../src/crawl/extract/html'
import { findHEvents, parseMicroformats, type Mf2Item } from '../../src/crawl/extract/html/microformats'
import { CORPUS, canonicalIso } from '../helpers/corpus'

const ROOT = join(CORPUS, 'microformats-tests')
const DATE_PROPS = new Set(['start', 'end', 'published', 'updated'])
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

/** mf2 item in a comparable form: whitespace collapsed, date-times canonical, parser-only flags removed. */
function comparable(item: Mf2Item | Record<string, unknown>): unknown {
  const i = item as Mf2Item
  const properties: Record<string, unknown[]> = {}
  for (const [key, values] of Object.entries(i.properties)) {
    properties[key] = values.map((v) => {
      if (typeof v === 'string') return DATE_PROPS.has(key) ? canonicalIso(v) : collapse(v)
      if ('type' in v) return comparable(v)
      return { value: collapse(v.value) }
    })
  }
  const out: Record<string, unknown> = { type: i.type, properties }
  if (i.value !== undefined) out.value = collapse(i.value)
  return out
}

for (const folder of ['v1-hcalendar', 'v2-h-event']) {
  const dir = join(ROOT, folder)
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html'))
  describe(`microformats ${folder}`, () => {
    it('has the corpus pages', () => {
      expect(pages.length).toBeGreaterThanOrEqual(5)
    })
    for (const page of pages) {
      const jsonPath = join(dir, page.replace(/\.html$/, '.json'))
      it(`${page} ${page.startsWith('change-log') ? 'does not crash' : 'yields the mf2 event properties'}`, async () => {
        const html = await Bun.file(join(dir, page)).text()
        if (!(await Bun.file(jsonPath).exists())) {
          expect(() => parseMicroformats(parse(html))).not.toThrow()
          const result = extractHtml(html, { baseUrl: 'https://example.org/', window: { start: '2000-01-01', end: '2030-12-31' } })
          expect(result.candidates).toEqual([])
          return
        }
        const expected = (await Bun.file(jsonPath).json()).items as Mf2Item[]
        const actual = findHEvents(parseMicroformats(parse(html)))
        expect(actual.map(comparable)).toEqual(expected.filter((x) => x.type.includes('h-event')).map(comparable))
        const ctx = { baseUrl: 'https://example.org/', window: { start: '2000-01-01', end: '2030-12-31' } }
        const { events } = normalizeCandidates(extractHtml(html, ctx).candidates, ctx)
        for (const e of events) expect(Value.Check(EventSchema, e)).toBe(true)
      })
    }
  })
}
