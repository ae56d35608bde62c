// Pins the spec's hint rules (POST /api/v1/orgs, Limits): hints are sanitized, not rejected: only
// http(s), at most 2048 characters, duplicates removed, 50 per list; what is dropped is reported with a
// reason, as a bounded summary (issue 11: the first 20 entries, URLs cut to 200 characters, and a count).
import { describe, expect, it } from 'bun:test'
import fc from 'fast-check'
import { HINT_LIMITS, sanitizeHints } from '../../src/crawl/discover/hints'

describe('sanitizeHints', () => {
  it('keeps http and https URLs in order', () => {
    const { hints, dropped } = sanitizeHints({ calendarUrls: ['https://a.org/events', 'http://a.org/cal.ics'], eventUrls: ['https://a.org/e/1'] })
    expect(hints).toEqual({ calendarUrls: ['https://a.org/events', 'http://a.org/cal.ics'], eventUrls: ['https://a.org/e/1'] })
    expect(dropped).toEqual([])
  })

  it('drops other schemes and strings that are not URLs, saying why', () => {
    const { hints, dropped } = sanitizeHints({ calendarUrls: ['javascript:alert(1)', 'ftp://a.org/x', 'webcal://a.org/c.ics', 'file:///etc/passwd', 'a.org/events', ''] })
    expect(hints.calendarUrls).toEqual([])
    expect(dropped.map((d) => d.reason)).toEqual(['not_http', 'not_http', 'not_http', 'not_http', 'invalid_url', 'invalid_url'])
    expect(dropped.every((d) => d.list === 'calendarUrls')).toBe(true)
  })

  it('removes duplicates, comparing host case-insensitively and ignoring the fragment', () => {
    const { hints, dropped } = sanitizeHints({ eventUrls: ['https://a.org/e/1', 'https://A.ORG/e/1', 'https://a.org/e/1#top', ' https://a.org/e/1 ', 'https://a.org/e/2'] })
    expect(hints.eventUrls).toEqual(['https://a.org/e/1', 'https://a.org/e/2'])
    expect(dropped.map((d) => d.reason)).toEqual(['duplicate', 'duplicate', 'duplicate'])
  })

  it('deduplicates each list on its own', () => {
    const { hints } = sanitizeHints({ calendarUrls: ['https://a.org/x'], eventUrls: ['https://a.org/x'] })
    expect(hints).toEqual({ calendarUrls: ['https://a.org/x'], eventUrls: ['https://a.org/x'] })
  })

  it('drops URLs longer than 2048 characters and keeps one of exactly 2048', () => {
    const exact = `https://a.org/${'x'.repeat(2048 - 'https://a.org/'.length)}`
    const long = `${exact}y`
    const { hints, dropped } = sanitizeHints({ calendarUrls: [long, exact] })
    expect(hints.calendarUrls).toEqual([exact])
    expect(dropped).toHaveLength(1)
    expect(dropped[0].reason).toBe('too_long')
    expect(dropped[0].url.length).toBeLessThanOrEqual(200)
  })

  it('keeps the first 50 of a list and reports the rest as over the limit', () => {
    const urls = Array.from({ length: 60 }, (_, i) => `https://a.org/e/${i}`)
    const { hints, dropped } = sanitizeHints({ eventUrls: urls })
    expect(hints.eventUrls).toEqual(urls.slice(0, 50))
    expect(dropped.map((d) => d.url)).toEqual(urls.slice(50))
    expect(dropped.every((d) => d.reason === 'over_limit')).toBe(true)
  })

  it('counts the limit after dropping bad and duplicate entries', () => {
    const urls = ['ftp://x', ...Array.from({ length: 50 }, (_, i) => `https://a.org/${i}`), 'https://a.org/0']
    const { hints, dropped } = sanitizeHints({ calendarUrls: urls })
    expect(hints.calendarUrls).toHaveLength(50)
    expect(dropped.map((d) => d.reason)).toEqual(['not_http', 'duplicate'])
  })

  it('accepts no hints at all', () => {
    expect(sanitizeHints(undefined)).toEqual({ hints: { calendarUrls: [], eventUrls: [] }, dropped: [], droppedCount: 0 })
  })

  it('reports at most 20 dropped entries with URLs cut to 200 characters, and counts them all', () => {
    const long = (i: number) => `https://a.org/${i}/${'x'.repeat(2000)}`
    const { hints, dropped, droppedCount } = sanitizeHints({ calendarUrls: Array.from({ length: 300 }, (_, i) => long(i)), eventUrls: Array.from({ length: 40 }, (_, i) => `nope ${i}`) })
    expect(hints.calendarUrls).toHaveLength(50)
    expect(droppedCount).toBe(250 + 40)
    expect(dropped).toHaveLength(HINT_LIMITS.reported)
    expect(dropped[0]).toEqual({ list: 'calendarUrls', url: long(50).slice(0, 200), reason: 'over_limit' })
    for (const d of dropped) expect(d.url.length).toBeLessThanOrEqual(HINT_LIMITS.reportedUrlLength)
  })

  it('never keeps an unsafe, long or repeated URL, and accounts for every input (property)', () => {
    const url = fc.oneof(fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string(), fc.constantFrom('javascript:x', 'data:,x', 'HTTPS://A.ORG/'))
    fc.assert(
      fc.property(fc.array(url, { maxLength: 120 }), fc.array(url, { maxLength: 120 }), (calendarUrls, eventUrls) => {
        const { hints, dropped, droppedCount } = sanitizeHints({ calendarUrls, eventUrls })
        for (const list of ['calendarUrls', 'eventUrls'] as const) {
          const kept = hints[list]
          expect(kept.length).toBeLessThanOrEqual(HINT_LIMITS.perList)
          const keys = kept.map((u) => {
            const p = new URL(u)
            expect(['http:', 'https:']).toContain(p.protocol)
            expect(u.length).toBeLessThanOrEqual(HINT_LIMITS.urlLength)
            p.hash = ''
            return p.href
          })
          expect(new Set(keys).size).toBe(keys.length)
        }
        expect(hints.calendarUrls.length + hints.eventUrls.length + droppedCount).toBe(calendarUrls.length + eventUrls.length)
        expect(dropped.length).toBe(Math.min(droppedCount, HINT_LIMITS.reported))
      }),
      { numRuns: 300 },
    )
  })
})
