// Pins source memos (issue 12): what a document gave is kept so that a 304 can stand for it, but only in
// a crawl with the same window and crawler version (extraction filters and reads dates against the
// window); unreadable or oversized memos are never used, and a crawl keeps memos only within a budget,
// so the document is then read in full. The organization's address a page stated is kept with it (issue 18).
import { describe, expect, it } from 'bun:test'
import { MEMO_BUDGET_CHARS, MEMO_MAX_CHARS, memoBudget, readMemo, writeMemo } from '../../src/crawl/memo'
import type { Candidate } from '../../src/crawl/candidate-types'

const request = { window: { start: '2026-12-01', end: '2027-03-01' }, scriptVersion: '1.4.0' }
const candidate: Candidate = {
  source: { url: 'https://lib.example.org/events', format: 'html', method: 'json-ld' },
  title: 'Storytime',
  start: { date: '2026-12-03', time: '10:30', zone: 'America/Chicago' },
}
const extracted = {
  format: 'html' as const,
  candidates: [candidate],
  links: { calendars: ['https://lib.example.org/e.ics'], events: ['https://lib.example.org/events/storytime'], next: 'https://lib.example.org/events?page=2' },
}

describe('source memos', () => {
  it('give back the candidates and links of the document, for the same window and version', () => {
    const text = writeMemo('https://lib.example.org/events', extracted, request)!
    expect(readMemo(text, request)).toEqual({ url: 'https://lib.example.org/events', ...extracted, window: request.window, scriptVersion: '1.4.0' })
  })

  it("keep the organization's address the page stated, so a 304 still places its events", () => {
    const text = writeMemo('https://lib.example.org/events', { ...extracted, organizationPlace: { address: '12 Oak St, Springfield, IL 62701' } }, request)!
    expect(readMemo(text, request)?.organizationPlace).toEqual({ address: '12 Oak St, Springfield, IL 62701' })
    const broken = JSON.stringify({ ...JSON.parse(text), organizationPlace: { address: { nested: true } } })
    expect(readMemo(broken, request)).toBeUndefined()
  })

  it('are not used for another window or another crawler version', () => {
    const text = writeMemo('https://lib.example.org/events', extracted, request)!
    expect(readMemo(text, { ...request, window: { start: '2026-12-02', end: '2027-03-02' } })).toBeUndefined()
    expect(readMemo(text, { ...request, window: { start: '2026-12-01', end: '2027-03-02' } })).toBeUndefined()
    expect(readMemo(text, { ...request, scriptVersion: '1.5.0' })).toBeUndefined()
  })

  it('are not used when unreadable, and not written when too large to keep', () => {
    for (const text of [undefined, '', 'not json', 'null', '[]', '{"url":"x","format":"html","candidates":{}}']) expect(readMemo(text, request)).toBeUndefined()
    const huge = { ...extracted, candidates: [{ ...candidate, description: 'x'.repeat(MEMO_MAX_CHARS) }] }
    expect(writeMemo('https://lib.example.org/events', huge, request)).toBeUndefined()
  })

  it('are kept within a budget per crawl, so a site cannot grow its stored sources without bound', () => {
    const keep = memoBudget(10)
    expect([keep('abcd'), keep(undefined), keep('efgh'), keep('ijk'), keep('ij')]).toEqual(['abcd', undefined, 'efgh', undefined, 'ij'])
    expect(MEMO_BUDGET_CHARS).toBeGreaterThanOrEqual(4 * MEMO_MAX_CHARS)
  })
})
