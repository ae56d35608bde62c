// Pins that the conformance suites really run: the shared corpus must sit beside the checkout
// (../shared/corpus, as CI places it). Without it, corpus-driven files would register fewer tests and
// pass quietly; this test fails loudly instead, naming where the corpus was looked for.
import { describe, expect, it } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CORPUS } from '../helpers/corpus'

describe('the shared corpus', () => {
  it('is present beside the checkout with every folder the conformance tests read', () => {
    const missing = [
      'README.md',
      'schemaorg/event-examples.json',
      'libical/icalrecur_test.txt',
      'ical/icaljs/expected.json',
      'ical/node-ical',
      'ical/recurring-ical-events/expected.json',
      'microformats-tests/v2-h-event',
      'extruct/schema.org',
      'tz-lookup/tz-lookup-oss-vectors.json',
    ].filter((p) => !existsSync(join(CORPUS, p)))
    expect({ corpus: CORPUS, missing }).toEqual({ corpus: CORPUS, missing: [] })
  })
})
