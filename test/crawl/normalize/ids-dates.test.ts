// Pins event ids and dates (DESIGN §6): `event_id` rests on the source's identity plus the occurrence
// start, never on the title alone; dates are ISO 8601 with the event zone's offset (source zone, then
// the organization's), date-only stays date-only, the end comes from the duration when missing, bad ends
// are dropped, and the window keeps events overlapping it on local days, inclusive.
import { describe, expect, it } from 'bun:test'
import { normalizeCandidates } from '../../../src/crawl/normalize'
import { resolveOccurrence, overlapsWindow } from '../../../src/crawl/normalize/dates'
import { eventId, identityOf } from '../../../src/crawl/normalize/ids'
import type { Candidate, ExtractContext } from '../../../src/crawl/candidate-types'

const ctx: ExtractContext = { baseUrl: 'https://lib.example.org/events', timezone: 'America/New_York', window: { start: '2026-06-01', end: '2026-06-30' } }
const cand = (fields: Partial<Candidate>): Candidate => ({ source: { url: 'https://lib.example.org/events', format: 'html', method: 'test' }, title: 'Storytime', ...fields })

describe('event_id', () => {
  const base = { domain: 'example.org', documentUrl: 'https://lib.example.org/events', start: '2026-06-03T10:30:00-04:00' }

  it('prefers the source id, then the canonical URL, and uses the title only as a last resort', () => {
    expect(identityOf({ ...base, sourceId: 'uid-1', url: 'https://x.org/e', title: 'T' }).kind).toBe('source-id')
    expect(identityOf({ ...base, url: 'https://x.org/e#top', title: 'T' })).toEqual({ kind: 'url', value: 'https://x.org/e' })
    expect(identityOf({ ...base, title: 'T' }).kind).toBe('title')
  })

  it('is stable, differs per occurrence, and ignores title changes when the source has an identity', () => {
    const a = eventId({ ...base, sourceId: 'uid-1', title: 'Storytime' })
    expect(eventId({ ...base, sourceId: 'uid-1', title: 'CANCELLED: Storytime' })).toBe(a)
    expect(eventId({ ...base, sourceId: 'uid-1', start: '2026-06-10T10:30:00-04:00' })).not.toBe(a)
    expect(eventId({ ...base, sourceId: 'uid-2' })).not.toBe(a)
    expect(a).toMatch(/^evt_[0-9a-f]{24}$/)
  })

  it('tells apart two events that share a listing URL and a start', () => {
    const { events } = normalizeCandidates(
      [cand({ title: 'Chess', url: '/cal', start: { date: '2026-06-03', time: '16:00' } }), cand({ title: 'Lego', url: '/cal', start: { date: '2026-06-03', time: '16:00' } })],
      ctx,
    )
    expect(new Set(events.map((e) => e.event_id)).size).toBe(2)
  })
})

describe('dates', () => {
  it('writes the offset of the zone in force, and keeps date-only values', () => {
    expect(resolveOccurrence({ date: '2026-01-10', time: '10:00' }, undefined, undefined, 'America/New_York').start.iso).toBe('2026-01-10T10:00:00-05:00')
    expect(resolveOccurrence({ date: '2026-07-10', time: '10:00', zone: 'Europe/Paris' }, undefined, undefined, 'America/New_York').start.iso).toBe('2026-07-10T10:00:00+02:00')
    expect(resolveOccurrence({ date: '2026-07-10' }, { date: '2026-07-12' }, undefined, 'America/New_York')).toMatchObject({ start: { iso: '2026-07-10' }, end: { iso: '2026-07-12' } })
  })

  it('takes the end from the duration, across a DST change too', () => {
    const r = resolveOccurrence({ date: '2026-11-01', time: '00:30' }, undefined, 'PT3H', 'America/New_York')
    expect([r.start.iso, r.end?.iso, r.duration]).toEqual(['2026-11-01T00:30:00-04:00', '2026-11-01T02:30:00-05:00', 'PT3H'])
  })

  it('drops an end before the start, with a note', () => {
    const r = resolveOccurrence({ date: '2026-06-03', time: '18:00' }, { date: '2026-06-03', time: '17:00' }, undefined, 'America/New_York')
    expect(r.end).toBeUndefined()
    expect(r.notes[0]).toContain('before the start')
  })

  it('keeps events overlapping the window on local days, inclusive', () => {
    const win = { start: '2026-06-01', end: '2026-06-30' }
    const late = resolveOccurrence({ date: '2026-06-30', time: '23:30' }, undefined, undefined, 'America/Los_Angeles')
    const spanning = resolveOccurrence({ date: '2026-05-20' }, { date: '2026-06-02' }, undefined, undefined)
    const before = resolveOccurrence({ date: '2026-05-31', time: '23:00' }, undefined, undefined, 'America/New_York')
    expect([overlapsWindow(late, win), overlapsWindow(spanning, win), overlapsWindow(before, win)]).toEqual([true, true, false])
  })

  it('never invents a time and drops events without a usable start, with a warning', () => {
    const { events, warnings } = normalizeCandidates([cand({ start: { date: '2026-06-05' } }), cand({ title: 'No date' }), cand({ title: undefined, start: { date: '2026-06-05' } })], ctx)
    expect(events.map((e) => e.startDate)).toEqual(['2026-06-05'])
    expect(warnings.some((w) => w.includes('"No date"') && w.includes('no usable start'))).toBe(true)
    expect(warnings.some((w) => w.includes('no title'))).toBe(true)
  })
})
