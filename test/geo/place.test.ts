// Pins place resolution through the offline gazetteer (issue 13): a written place → coordinates and zone,
// ambiguous names told apart by the region and country written with them, by the country the caller
// expects, then by population; the country's zone only when nearly all its people live in one.
import { describe, expect, it } from 'bun:test'
import { countryFromName, countryOfHost, countryOfLanguage, countriesOfPhones, zoneOfCountry, zoneOfRegion } from '../../src/geo/countries'
import { placesNamed } from '../../src/geo/gazetteer'
import { resolvePlace } from '../../src/geo/place'

describe('resolvePlace', () => {
  it('tells namesakes apart by the region written with them', () => {
    expect(resolvePlace('Paris, TX')).toMatchObject({ name: 'Paris', country: 'US', region: 'TX', zone: 'America/Chicago', precision: 'city' })
    expect(resolvePlace('Paris, France')).toMatchObject({ country: 'FR', zone: 'Europe/Paris' })
    expect(resolvePlace('Portland, ME')).toMatchObject({ country: 'US', region: 'ME', zone: 'America/New_York' })
    expect(resolvePlace('Portland, OR')).toMatchObject({ country: 'US', region: 'OR', zone: 'America/Los_Angeles' })
    expect(resolvePlace('London, ON')).toMatchObject({ country: 'CA', region: '08', zone: 'America/Toronto' })
    expect(resolvePlace('12 Main St, Springfield, IL 62701')).toMatchObject({ region: 'IL', zone: 'America/Chicago' })
    expect(resolvePlace('Springfield, MA')).toMatchObject({ region: 'MA', zone: 'America/New_York' })
  })

  it('takes the most populous namesake when nothing else tells, and the expected country when it has one', () => {
    expect(resolvePlace('Paris')).toMatchObject({ country: 'FR' })
    expect(resolvePlace('London')).toMatchObject({ country: 'GB', zone: 'Europe/London' })
    expect(resolvePlace('Springfield')).toMatchObject({ country: 'US', region: 'MO' })
    expect(resolvePlace('Paris', { countries: ['US'] })).toMatchObject({ country: 'US', region: 'TX' })
    expect(resolvePlace('London', { countries: ['CA'] })).toMatchObject({ country: 'CA' })
  })

  it('resolves continental addresses and local names of large cities', () => {
    const stuttgart = resolvePlace('Königstraße 12, 70173 Stuttgart')
    expect(stuttgart).toMatchObject({ name: 'Stuttgart', country: 'DE', zone: 'Europe/Berlin', precision: 'city' })
    expect(stuttgart!.latitude).toBeCloseTo(48.78, 1)
    expect(resolvePlace('12 rue de la République, 69002 Lyon')).toMatchObject({ name: 'Lyon', country: 'FR' })
    expect(resolvePlace('Calle Mayor 5, 28013 Madrid')).toMatchObject({ name: 'Madrid', country: 'ES', zone: 'Europe/Madrid' })
    expect(resolvePlace('Marienplatz 1, 80331 München')).toMatchObject({ name: 'Munich', country: 'DE' })
    expect(resolvePlace('Spui 70, 2511 BT Den Haag')).toMatchObject({ name: 'The Hague', country: 'NL' })
    expect(resolvePlace('Zurich')).toMatchObject({ country: 'CH', zone: 'Europe/Zurich' })
    expect(resolvePlace('St. Louis, MO')).toMatchObject({ country: 'US', zone: 'America/Chicago' })
  })

  it('falls back to the region, then the country, saying so', () => {
    expect(resolvePlace('4 Privet Drive, Little Whinging, Surrey GU1 2AB')).toMatchObject({ country: 'GB', zone: 'Europe/London', precision: 'country' })
    expect(resolvePlace('Nowhere Creek, IN')).toMatchObject({ region: 'IN', zone: 'America/Indiana/Indianapolis', precision: 'region' })
    expect(resolvePlace('Somewhere, Deutschland')).toMatchObject({ country: 'DE', zone: 'Europe/Berlin' })
    expect(resolvePlace('Qwxzv')).toBeUndefined()
  })
})

describe('countries', () => {
  it('names countries in seven languages', () => {
    expect(['Deutschland', 'Allemagne', 'Alemania', 'Germania', 'España', 'Pays-Bas', 'United States', 'USA', 'UK', 'Royaume-Uni'].map(countryFromName)).toEqual([
      'DE',
      'DE',
      'DE',
      'DE',
      'ES',
      'NL',
      'US',
      'US',
      'GB',
      'GB',
    ])
  })

  it('gives a country a zone only when nine in ten of its people live in it', () => {
    expect(['DE', 'FR', 'ES', 'PT', 'GB', 'NL', 'IT'].map(zoneOfCountry)).toEqual([
      'Europe/Berlin',
      'Europe/Paris',
      'Europe/Madrid',
      'Europe/Lisbon',
      'Europe/London',
      'Europe/Amsterdam',
      'Europe/Rome',
    ])
    expect(['US', 'CA', 'AU', 'BR', 'MX', 'RU'].map(zoneOfCountry)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined])
  })

  it('gives a region the zone most of its people live in (the former state table, from the gazetteer)', () => {
    expect(zoneOfRegion('US', 'IN')).toBe('America/Indiana/Indianapolis')
    expect(zoneOfRegion('US', 'TX')).toBe('America/Chicago')
    expect(zoneOfRegion('US', 'AZ')).toBe('America/Phoenix')
    expect(zoneOfRegion('CA', '02')).toBe('America/Vancouver')
    expect(zoneOfRegion('AU', '08')).toBe('Australia/Perth')
  })

  it('reads country hints from domains, phone numbers and languages', () => {
    expect([countryOfHost('www.stuttgart.de'), countryOfHost('council.gov.uk'), countryOfHost('startup.io'), countryOfHost('example.org')]).toEqual(['DE', 'GB', undefined, undefined])
    expect(Object.fromEntries(countriesOfPhones('Tel. +49 711 216-0, +33 4 72 10 30 30, (503) 555-0100, 416-555-0123'))).toEqual({ DE: 1, FR: 1, US: 1, CA: 1 })
    expect(countriesOfPhones('Order 2026-05-10, ref 123456789').size).toBe(0)
    expect(['de', 'nl', 'fr', 'fr-CA', 'es', 'es-ES', 'en', 'en-GB'].map(countryOfLanguage)).toEqual(['DE', 'NL', undefined, 'CA', undefined, 'ES', undefined, 'GB'])
  })

  it('finds places by folded names', () => {
    expect(placesNamed('saint louis', { country: 'US' })[0]?.region).toBe('MO')
    expect(placesNamed('KÖLN')[0]?.country).toBe('DE')
    expect(placesNamed('')).toEqual([])
  })
})
