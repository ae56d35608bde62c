// Pins the microdata reader against extruct's expected output for schema.org Event pages (corpus
// `extruct/schema.org/Event.*`): the same top-level items, with the same types and property values
// (values as written, relative URLs kept), nested items included; and the pages' normalized events
// validate against EventSchema.
import { describe, expect, it } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { parse } from 'parse5'
import { extractHtml } from '../../src/crawl/extract/html'
import { normalizeCandidates } from '../../src/crawl/normalize'
import { EventSchema } from '../../src/model/event'
import { parseMicrodata } from '../../src/crawl/extract/html/microdata'
import type { SchemaItem } from '../../src/crawl/extract/schema-org'
import { CORPUS } from '../helpers/corpus'

const DIR = join(CORPUS, 'extruct', 'schema.org')
const pages = readdirSync(DIR).filter((f) => /^Event\.\d+\.html$/.test(f))

/** Our item in extruct's shape: `{type, properties}`, with `@id` as extruct's `id` when present. */
function toExtruct(item: SchemaItem): Record<string, unknown> {
  const properties: Record<string, unknown> = {}
  const convert = (v: unknown): unknown => (Array.isArray(v) ? v.map(convert) : typeof v === 'object' && v !== null ? toExtruct(v as SchemaItem) : v)
  for (const [key, value] of Object.entries(item)) if (key !== '@type' && key !== '@id') properties[key] = convert(value)
  const out: Record<string, unknown> = { type: item['@type'], properties }
  if (item['@id']) out.id = item['@id']
  return out
}

describe('microdata reader vs extruct', () => {
  it('has the corpus pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5)
  })

  for (const page of pages) {
    it(`${page} yields extruct's items`, async () => {
      const html = await Bun.file(join(DIR, page)).text()
      const expected = await Bun.file(join(DIR, page.replace(/\.html$/, '.json'))).json()
      expect(parseMicrodata(parse(html)).map(toExtruct)).toEqual(expected)
      const ctx = { baseUrl: 'https://example.org/schema.org/', window: { start: '2000-01-01', end: '2030-12-31' } }
      const { events } = normalizeCandidates(extractHtml(html, ctx).candidates, ctx)
      expect(events.length).toBeGreaterThan(0)
      for (const e of events) expect(Value.Check(EventSchema, e)).toBe(true)
    })
  }
})
