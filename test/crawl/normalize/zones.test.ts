// Pins zone-name resolution (DESIGN §6 zone priority, §9 "Outlook uses Windows zone names"): TZIDs as
// sources write them map to IANA names or to nothing, never to a guess; coordinates map via tz-lookup.
import { describe, expect, it } from 'bun:test'
import { resolveZoneName, zoneFromCoordinates } from '../../../src/crawl/shared/zones'
import { WINDOWS_ZONES } from '../../../src/crawl/shared/windows-zones'
import { isIanaZone } from '../../../src/crawl/shared/time'

describe('resolveZoneName', () => {
  it('keeps IANA names, fixing their case and accepting old aliases', () => {
    expect(resolveZoneName('America/New_York')).toBe('America/New_York')
    expect(resolveZoneName('europe/berlin')).toBe('Europe/Berlin')
    expect(resolveZoneName('Europe/Kiev')).toBe('Europe/Kiev')
    expect(resolveZoneName('US/Central')).toBe('US/Central')
  })

  it('maps Windows names through the CLDR table, whatever their case or quoting', () => {
    expect(resolveZoneName('W. Europe Standard Time')).toBe('Europe/Berlin')
    expect(resolveZoneName('"Pacific Standard Time"')).toBe('America/Los_Angeles')
    expect(resolveZoneName('eastern standard time')).toBe('America/New_York')
    expect(resolveZoneName('India Standard Time')).toBe('Asia/Calcutta')
    expect(resolveZoneName('Dateline Standard Time')).toBe('Etc/GMT+12')
  })

  it('has a CLDR "001" entry for every Windows zone, each one a zone the runtime knows', () => {
    expect(Object.keys(WINDOWS_ZONES).length).toBeGreaterThanOrEqual(139)
    for (const name of ['Jordan Standard Time', 'Yukon Standard Time', 'Line Islands Standard Time', 'Greenland Standard Time', 'UTC']) expect(WINDOWS_ZONES[name]).toBeDefined()
    expect(Object.entries(WINDOWS_ZONES).filter(([, zone]) => !isIanaZone(zone))).toEqual([])
  })

  it('strips vendor prefixes (Mozilla, Citadel, softwarestudio)', () => {
    expect(resolveZoneName('/mozilla.org/20050126_1/America/New_York')).toBe('America/New_York')
    expect(resolveZoneName('/citadel.org/20190914_1/Europe/Berlin')).toBe('Europe/Berlin')
    expect(resolveZoneName('/softwarestudio.org/Olson_20011030_5/America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires')
  })

  it('maps UTC spellings and bare whole-hour offsets to Etc zones (POSIX sign)', () => {
    expect(['UTC', 'GMT', 'Z', 'Etc/UTC'].map(resolveZoneName)).toEqual(['Etc/UTC', 'Etc/UTC', 'Etc/UTC', 'Etc/UTC'])
    expect(resolveZoneName('(GMT +01:00)')).toBe('Etc/GMT-1')
    expect(resolveZoneName('UTC-05:00')).toBe('Etc/GMT+5')
  })

  it('refuses what it cannot map without guessing', () => {
    for (const tzid of ['Custom Zone 1', 'Mars/Olympus', '+05:30', '(UTC+01:00) Amsterdam, Berlin, Bern', '', 'America', 'Eastern']) expect(resolveZoneName(tzid)).toBeUndefined()
  })
})

describe('zoneFromCoordinates', () => {
  it('finds the zone of a city and refuses points that are not on Earth', () => {
    expect(zoneFromCoordinates(52.52, 13.405)).toBe('Europe/Berlin')
    expect(zoneFromCoordinates(-33.87, 151.21)).toBe('Australia/Sydney')
    expect([zoneFromCoordinates(NaN, 0), zoneFromCoordinates(91, 0), zoneFromCoordinates(0, 181)]).toEqual([undefined, undefined, undefined])
  })
})
