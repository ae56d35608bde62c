// Pins the zone of an organization that no source names (DESIGN §6; issue 13): read from its venues'
// coordinates and addresses through the gazetteer, then the addresses on its site, then the country of its
// phone numbers, domain and language when that country has one zone; each answer says how it was chosen.
import { describe, expect, it } from 'bun:test'
import { inferSiteZone } from '../../../src/crawl/discover/site-zone'

const fromText = (text: string, url?: string) => inferSiteZone({ texts: [text], url })?.zone

describe('inferSiteZone: addresses written on the site', () => {
  it('reads US states and Canadian provinces with or without a postal code', () => {
    expect(fromText('480 Gerrard Street East, Toronto, ON M4M 1X3 · 416-555-0188')).toBe('America/Toronto')
    expect(fromText('Visit us at 12 Main St, Riverbend, NY 12401')).toBe('America/New_York')
    expect(fromText('St. Mark’s, Oak Park, Illinois')).toBe('America/Chicago')
    expect(fromText('Phoenix, AZ 85004')).toBe('America/Phoenix')
  })

  it('follows the majority, weighing a known city above a region alone', () => {
    expect(fromText('Main: Denver, CO 80202. Also: Reno, NV. Branch: Boulder, CO 80302')).toBe('America/Denver')
    expect(fromText('Sister city Portland, OR; Home: Austin, TX 78701; Office: Dallas, TX')).toBe('America/Chicago')
  })

  it('reads European and Australian address shapes', () => {
    expect(fromText('Stadtbibliothek · Königstraße 12 · 70173 Stuttgart · Öffnungszeiten')).toBe('Europe/Berlin')
    expect(fromText('Médiathèque, 12 rue de la République, 69002 Lyon')).toBe('Europe/Paris')
    expect(fromText('Centro Cultural, Calle Mayor 5, 28013 Madrid')).toBe('Europe/Madrid')
    expect(fromText('Casa de Cultura, Calle Mayor 1, 38001 Santa Cruz de Tenerife')).toBe('Atlantic/Canary')
    expect(fromText('4 Privet Drive, Little Whinging, Surrey GU1 2AB')).toBe('Europe/London')
    expect(fromText('Town Hall, 1 Martin Place, Sydney NSW 2000')).toBe('Australia/Sydney')
    expect(fromText('Bibliotheek, Oude Boteringestraat 44, 9712 GL Groningen')).toBe('Europe/Amsterdam')
  })

  it('finds nothing in text without an address', () => {
    expect(fromText('Open Monday to Friday, 9 am to 5 pm. Copyright 2026, all rights reserved.')).toBeUndefined()
    expect(fromText('OK, IN the morning we open at 9')).toBeUndefined()
    expect(fromText('More than 10000 Visitors came in 2025')).toBeUndefined()
  })
})

describe('inferSiteZone: venues of the events', () => {
  it('prefers venue coordinates, then structured venue addresses, and says which', () => {
    const byCoords = inferSiteZone({ places: [{ name: 'Pavilion', latitude: 39.7392, longitude: -104.9903 }], texts: ['12 Main St, Springfield, IL 62701'] })
    expect(byCoords).toMatchObject({ zone: 'America/Denver' })
    expect(byCoords?.how).toContain('venue coordinates')
    const byAddress = inferSiteZone({ places: [{ name: 'Town Hall', city: 'Portland', region: 'ME', postalCode: '04101' }] })
    expect(byAddress).toMatchObject({ zone: 'America/New_York' })
    expect(byAddress?.how).toContain('Portland, ME, US')
    expect(inferSiteZone({ places: [{ address: 'Town Hall, 1120 SW 5th Ave, Portland, OR 97204' }] })?.zone).toBe('America/Los_Angeles')
  })

  it('tells the two Londons and the two Parises apart by region, country, or the site’s country', () => {
    expect(inferSiteZone({ places: [{ city: 'London', region: 'ON' }] })?.zone).toBe('America/Toronto')
    expect(inferSiteZone({ places: [{ city: 'London' }] })?.zone).toBe('Europe/London')
    expect(inferSiteZone({ places: [{ city: 'Paris', region: 'TX' }] })?.zone).toBe('America/Chicago')
    expect(inferSiteZone({ places: [{ city: 'Paris' }] })?.zone).toBe('Europe/Paris')
    // A bare "Paris" on a site whose phone numbers are North American is the Texan one.
    expect(inferSiteZone({ places: [{ city: 'Paris' }], texts: ['Call (903) 784-1234'] })?.zone).toBe('America/Chicago')
  })
})

describe('inferSiteZone: the country when no place is named', () => {
  it('uses the country of phone numbers, then of the domain, then of the language, when that country has one zone', () => {
    expect(inferSiteZone({ texts: ['Tel. +49 711 216-0'] })).toMatchObject({ zone: 'Europe/Berlin' })
    expect(inferSiteZone({ texts: ['Tél. +33 4 72 10 30 30'] })?.how).toContain('phone')
    expect(inferSiteZone({ url: 'https://www.bibliotheek-zwolle.nl/agenda' })).toMatchObject({ zone: 'Europe/Amsterdam' })
    expect(inferSiteZone({ url: 'https://www.mairie.fr/' })?.how).toContain('domain')
    expect(inferSiteZone({ languages: ['de'] })).toMatchObject({ zone: 'Europe/Berlin' })
    expect(inferSiteZone({ languages: ['es-ES'] })).toMatchObject({ zone: 'Europe/Madrid' })
  })

  it('says nothing for countries with several zones or languages spoken across many', () => {
    expect(inferSiteZone({ texts: ['Call (503) 555-0100'] })).toBeUndefined()
    expect(inferSiteZone({ url: 'https://example.com.au/' })).toBeUndefined()
    expect(inferSiteZone({ url: 'https://startup.io/' })).toBeUndefined()
    expect(inferSiteZone({ languages: ['en'] })).toBeUndefined()
    expect(inferSiteZone({ languages: ['es'] })).toBeUndefined()
    expect(inferSiteZone({})).toBeUndefined()
  })

  it('lets a place beat the country of the domain', () => {
    expect(inferSiteZone({ url: 'https://verein.de/', texts: ['Treffpunkt: 1010 Wien, Stephansplatz'] })?.zone).toBe('Europe/Vienna')
  })
})

describe('inferSiteZone: shapes beyond US and EU street addresses', () => {
  it('reads "City (Province) postal code", island postal codes and 5-digit codes of Mexico', () => {
    expect(inferSiteZone({ texts: ['4560, rue Saint-Denis, Montréal (Québec) H2J 2L3'] })?.zone).toBe('America/Toronto')
    expect(inferSiteZone({ texts: ['Plaza de San Bartolomé, 1 · 35328 Montaña Alta · Gran Canaria'], url: 'https://www.montanaalta.es/' })?.zone).toBe('Atlantic/Canary')
    expect(inferSiteZone({ texts: ['Rua do Esmeraldo 10, 9000-051 Funchal'] })?.zone).toBe('Atlantic/Madeira')
    expect(inferSiteZone({ texts: ['Calle de Macedonio Alcalá 410, Centro, 68000 Oaxaca de Juárez, Oax.'], languages: ['es-MX'] })?.zone).toBe('America/Mexico_City')
  })

  it('reads "City – XX" with an unknown region code only in a country the site points to', () => {
    expect(inferSiteZone({ texts: ['Teatro de Arena, Rua das Acácias 250 – Vila Mariana, São Paulo – SP'], languages: ['pt_BR'] })?.zone).toBe('America/Sao_Paulo')
    expect(inferSiteZone({ texts: ['Teatro de Arena, Rua das Acácias 250 – Vila Mariana, São Paulo – SP'] })).toBeUndefined()
  })

  it('reads Brazilian states that clash with other codes ("RS" is Serbia) and "City/UF", in Brazil', () => {
    const portoAlegre = 'Biblioteca Vila Nova · Rua dos Andradas, 1001 – Centro Histórico · Porto Alegre – RS'
    expect(inferSiteZone({ texts: [portoAlegre], languages: ['pt-BR'] })?.zone).toBe('America/Sao_Paulo')
    expect(inferSiteZone({ texts: ['Casa de Cultura · Av. Brasil, 200 · Rio Branco/AC'], languages: ['pt-BR'] })?.zone).toBe('America/Rio_Branco')
    // "CEP 90020-007" is Brazil's postal code, named by a word no other country uses: the page need not say pt-BR.
    expect(inferSiteZone({ texts: [`${portoAlegre} · CEP 90020-007`], languages: ['pt'] })).toMatchObject({ zone: 'America/Sao_Paulo' })
    expect(inferSiteZone({ texts: [portoAlegre], languages: ['pt'] })).toBeUndefined()
  })

  it('reads a town whose name joins two words with "y" ("Villanueva del Río y Minas"), not a bigger "Villanueva" abroad', () => {
    expect(inferSiteZone({ texts: ['C/ Real, 14 · 41350 Villanueva del Río y Minas (Sevilla)'], languages: ['es'] })?.zone).toBe('Europe/Madrid')
  })

  it('does not take a year for a postal code', () => {
    expect(inferSiteZone({ texts: ['Anmeldung bis März 2026 Uhrzeit folgt'], url: 'https://kurse.example.at/' })?.how).toContain('domain')
  })
})
