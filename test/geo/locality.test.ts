// Pins the locality reader (issue 18): the city, region and country of an event's place in the address
// formats of the countries we read (US, CA, UK, DE, FR, ES, NL, IT, PT, AU), confirmed in the offline
// gazetteer so that street words and room names are never taken for a city; loose mentions ("Broerstraat
// 5, Groningen", "SURF-kantoor Utrecht") count only for a town that keeps the organization's clock.
import { describe, expect, it } from 'bun:test'
import { LocalityReader } from '../../src/geo/locality'

describe('LocalityReader.ofAddress', () => {
  it("reads the city, region and country of the ten countries' address formats", () => {
    const us = new LocalityReader('America/Chicago')
    expect(us.ofAddress('12 Main St, Springfield, IL 62701')).toEqual({ city: 'Springfield', region: 'IL', country: 'US', confirmed: true })
    expect(new LocalityReader('America/Toronto').ofAddress('100 Queen St W, Toronto, ON M5H 2N2')).toEqual({ city: 'Toronto', region: '08', country: 'CA', confirmed: true })
    expect(new LocalityReader('Europe/London').ofAddress('10 Downing Street, London SW1A 2AA')).toMatchObject({ city: 'London', country: 'GB', confirmed: true })
    const eu = new LocalityReader('Europe/Berlin')
    expect(eu.ofAddress('Königstraße 12, 70173 Stuttgart')).toMatchObject({ city: 'Stuttgart', country: 'DE' })
    expect(eu.ofAddress('12 rue de la République, 69002 Lyon')).toMatchObject({ city: 'Lyon', country: 'FR' })
    expect(eu.ofAddress('Calle Mayor 5, 28013 Madrid')).toMatchObject({ city: 'Madrid', country: 'ES' })
    expect(eu.ofAddress('Damrak 1, 1012 AB Amsterdam')).toMatchObject({ city: 'Amsterdam', country: 'NL' })
    expect(eu.ofAddress('Via Roma 1, 00184 Roma RM')).toMatchObject({ city: 'Roma', country: 'IT' })
    expect(new LocalityReader('Europe/Lisbon').ofAddress('Rua Augusta 10, 1100-148 Lisboa')).toMatchObject({ city: 'Lisboa', country: 'PT' })
    expect(new LocalityReader('Australia/Sydney').ofAddress('1 Macquarie St, Sydney NSW 2000')).toMatchObject({ city: 'Sydney', region: '02', country: 'AU' })
  })

  it('finds the city run on from the street, as the longest run of final words that is a place of the region', () => {
    const reader = new LocalityReader('America/Chicago')
    expect(reader.ofAddress('11400 Olde Cabin Road Creve Coeur, MO 63141')).toMatchObject({ city: 'Creve Coeur', region: 'MO', confirmed: true })
    expect(reader.ofAddress('1520 MARKET ST. #2000 St. Louis, MO 63103')).toMatchObject({ city: 'St. Louis', region: 'MO' })
    expect(new LocalityReader('America/Los_Angeles').ofAddress('854 N Harvard Ave Lindsay, CA 93247 United States')).toMatchObject({ city: 'Lindsay', region: 'CA', country: 'US' })
    expect(new LocalityReader('America/Los_Angeles').ofAddress('6826 Avenue 240 Tulare CA 93274')).toMatchObject({ city: 'Tulare' })
  })

  it('believes a town beside its region or postal code that the gazetteer lacks, and says it is unconfirmed', () => {
    expect(new LocalityReader('America/Chicago').ofAddress('12 Main St, Smallville, KS 66002')).toEqual({ city: 'Smallville', region: 'KS', country: 'US', confirmed: false })
    expect(new LocalityReader('America/Denver').ofAddress('8012 Airport Rd, Santa Teresa, New Mexico 88008')).toEqual({ city: 'Santa Teresa', region: 'NM', country: 'US', confirmed: true })
  })

  it("confirms a town only where the address places it, or by the document's clock when its region is unknown to us", () => {
    // "Oax." names no region the gazetteer files places under: Juárez (Chihuahua) is not the answer.
    expect(new LocalityReader('America/Mexico_City').ofAddress('Calle de Macedonio Alcalá 410, Centro, 68000 Oaxaca de Juárez, Oax.')).toMatchObject({ city: 'Oaxaca de Juárez' })
  })

  it('reads postal codes written as parts of their own and a country after them', () => {
    const nl = new LocalityReader('Europe/Amsterdam')
    expect(nl.ofAddress('Hoge Steeg 2, Wageningen, 6708 PH, NL')).toMatchObject({ city: 'Wageningen', country: 'NL' })
    expect(nl.ofAddress('UTR 2.10, SURF Utrecht. Moreelsepark 48, 3511 EP, Utrecht')).toMatchObject({ city: 'Utrecht', country: 'NL' })
    expect(new LocalityReader('America/New_York').ofAddress('400 North Street, 2nd Floor, harrisburg, 17120-0225')).toMatchObject({ city: 'Harrisburg', region: 'PA', country: 'US' })
  })

  it("takes a town with nothing beside it only when it keeps the organization's clock", () => {
    expect(new LocalityReader('Europe/Amsterdam').ofAddress('Aula Academiegebouw, Broerstraat 5, Groningen')).toMatchObject({ city: 'Groningen', country: 'NL' })
    expect(new LocalityReader('America/Indiana/Indianapolis').ofAddress('955 Kentucky Avenue, Indianapolis')).toMatchObject({ city: 'Indianapolis', region: 'IN' })
    // New York and Detroit keep one clock: a Michigan town counts for a site in America/New_York.
    expect(new LocalityReader('America/New_York').ofAddress('500 Griswold St, Detroit')).toMatchObject({ city: 'Detroit', region: 'MI' })
    expect(new LocalityReader('America/Chicago').ofAddress('Aula Academiegebouw, Broerstraat 5, Groningen')).toBeUndefined()
    expect(new LocalityReader().ofAddress('Aula Academiegebouw, Broerstraat 5, Groningen')).toBeUndefined()
  })

  it('never takes street words or room names for a city', () => {
    const reader = new LocalityReader('Europe/Amsterdam')
    expect(reader.ofAddress('Room Omega, Faculty of Philosophy')).toBeUndefined()
    expect(reader.ofAddress('7 S. Broadway')).toBeUndefined()
    expect(reader.ofAddress('Victoria and Albert Museum')).toBeUndefined()
    expect(new LocalityReader('America/Chicago').ofAddress('1400 Main Street Suite 200')).toBeUndefined()
  })

  it('answers the same text from its memo', () => {
    const reader = new LocalityReader('America/Chicago')
    const first = reader.ofAddress('12 Main St, Springfield, IL 62701')
    expect(reader.ofAddress('12 Main St, Springfield, IL 62701')).toBe(first!)
  })
})

describe('LocalityReader.ofPlaceText and ofStructured', () => {
  it("reads a town named in a venue's wording", () => {
    const nl = new LocalityReader('Europe/Amsterdam')
    expect(nl.ofPlaceText('DANS, Den Haag')).toMatchObject({ city: 'Den Haag', country: 'NL', confirmed: true })
    expect(nl.ofPlaceText('SURF-kantoor Utrecht')).toMatchObject({ city: 'Utrecht' })
    expect(nl.ofPlaceText('Naturalis en LUMC in Leiden')).toMatchObject({ city: 'Leiden' })
    expect(nl.ofPlaceText('Groningen, the Netherlands (in-person only)')).toMatchObject({ city: 'Groningen' })
    expect(nl.ofPlaceText('Faculty of Religion, Culture and Society (Oude Boteringestraat 38, Groningen) - The old courtroom')).toMatchObject({ city: 'Groningen' })
  })

  it('does not read a person or a small namesake out of a room name', () => {
    const dallas = new LocalityReader('America/Chicago')
    expect(dallas.ofPlaceText('Ada L. Williams Governance Room')).toBeUndefined()
    expect(dallas.ofPlaceText('Theater Room')).toBeUndefined()
    expect(dallas.ofPlaceText('Online')).toBeUndefined()
    // A town closing a venue's name must be of some size: Groningen (NL) is, but not for a Chicago-zone site.
    expect(dallas.ofPlaceText('Forum Groningen')).toBeUndefined()
  })

  it("believes a source's own locality field, in the gazetteer's spelling when it is the same name", () => {
    const reader = new LocalityReader('America/New_York')
    expect(reader.ofStructured({ city: 'harrisburg', region: 'PA' })).toEqual({ city: 'Harrisburg', region: 'PA', country: 'US', confirmed: true })
    expect(reader.ofStructured({ city: 'Smallville', region: 'KS', country: 'US' })).toEqual({ city: 'Smallville', region: 'KS', country: 'US', confirmed: false })
    expect(reader.ofStructured({ city: '  ' })).toBeUndefined()
  })
})

describe('LocalityReader and country codes', () => {
  it('reads a trailing country code as no town: "Main Hall GB" is not Saint Helier, Jersey', () => {
    const uk = new LocalityReader('Europe/London')
    expect(uk.ofPlaceText('Main Hall GB')).toBeUndefined()
    expect(uk.ofPlaceText('Main Hall, Douglas')).toMatchObject({ city: 'Douglas' })
  })
})
