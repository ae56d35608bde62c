// Pins the last-resort zone of an organization (issue 5): read from the state or province in the
// addresses it writes, when no source names a zone.
import { describe, expect, it } from 'bun:test'
import { zoneFromAddresses, zoneOfRegion } from '../../../src/crawl/discover/site-zone'

describe('zoneFromAddresses', () => {
  it('reads US states and Canadian provinces with or without a postal code', () => {
    expect(zoneFromAddresses('480 Gerrard Street East, Toronto, ON M4M 1X3 · 416-555-0188')).toBe('America/Toronto')
    expect(zoneFromAddresses('Visit us at 12 Main St, Riverbend, NY 12401')).toBe('America/New_York')
    expect(zoneFromAddresses('St. Mark’s, Oak Park, Illinois')).toBe('America/Chicago')
    expect(zoneFromAddresses('Phoenix, AZ 85004')).toBe('America/Phoenix')
  })

  it('follows the majority and prefers addresses with a postal code', () => {
    expect(zoneFromAddresses('Main: Denver, CO 80202. Also: Reno, NV. Branch: Boulder, CO 80302')).toBe('America/Denver')
    expect(zoneFromAddresses('Sister city Portland, OR; Home: Austin, TX 78701')).toBe('America/Chicago')
  })

  it('finds nothing in text without an address', () => {
    expect(zoneFromAddresses('Open Monday to Friday, 9 am to 5 pm. Copyright 2026, all rights reserved.')).toBeUndefined()
    expect(zoneFromAddresses('OK, IN the morning we open at 9')).toBeUndefined()
  })
})

describe('zoneOfRegion', () => {
  it('maps codes and names, and ignores the rest', () => {
    expect([zoneOfRegion('CA'), zoneOfRegion('British Columbia'), zoneOfRegion('ny'), zoneOfRegion('Bavaria'), zoneOfRegion(undefined)]).toEqual(['America/Los_Angeles', 'America/Vancouver', 'America/New_York', undefined, undefined])
  })
})
