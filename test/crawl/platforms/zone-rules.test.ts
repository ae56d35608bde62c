/**
 * The false-UTC rule (issue 14, one home: src/crawl/platforms/zone-rules.ts): a `Z` is read as local wall
 * time when the platform is known to write it so (CivicClerk), or when the record's visible time shows the
 * written wall clock while the organization's zone is not at UTC; a `Z` that matches the visible time once
 * converted is a true instant and stays.
 */
import { describe, expect, it } from 'bun:test'
import { asLocal, isFalseUtc, writesLocalAsUtc } from '../../../src/crawl/platforms/zone-rules'

const nine = { date: '2026-01-06', time: '09:00:00', offset: 'Z' }

describe('isFalseUtc', () => {
  it('trusts the platform’s known habit', () => {
    expect(writesLocalAsUtc('civicclerk')).toBe(true)
    expect(writesLocalAsUtc('eventbrite')).toBe(false)
    expect(writesLocalAsUtc(undefined)).toBe(false)
    expect(isFalseUtc(nine, { platform: 'civicclerk' })).toBe(true)
    expect(isFalseUtc({ ...nine, offset: '+00:00' }, { platform: 'civicclerk' })).toBe(true)
  })

  it('decides from a visible time that shows the written wall clock', () => {
    expect(isFalseUtc(nine, { zone: 'America/Denver', visible: ['Tuesday, January 6, 2026 @ 9:00 AM'] })).toBe(true)
    expect(isFalseUtc(nine, { zone: 'America/Denver', visible: ['2:00 AM'] })).toBe(false)
    expect(isFalseUtc(nine, { zone: 'America/Denver', visible: ['09:00'] })).toBe(true)
  })

  it('keeps a true UTC instant, a time without Z, a date-only value, and a zone that is at UTC then', () => {
    expect(isFalseUtc({ date: '2026-01-06', time: '16:00', offset: 'Z' }, { zone: 'America/Denver', visible: ['9:00 AM'] })).toBe(false)
    expect(isFalseUtc({ date: '2026-01-06', time: '09:00', offset: '-07:00' }, { platform: 'civicclerk' })).toBe(false)
    expect(isFalseUtc({ date: '2026-01-06' }, { platform: 'civicclerk' })).toBe(false)
    expect(isFalseUtc(nine, { zone: 'Europe/London', visible: ['9:00 AM'] })).toBe(false)
    expect(isFalseUtc(nine, { zone: 'America/Denver' })).toBe(false)
  })

  it('drops only the offset', () => {
    expect(asLocal({ ...nine, zone: 'America/Denver' })).toEqual({ date: '2026-01-06', time: '09:00:00', zone: 'America/Denver' })
  })
})
