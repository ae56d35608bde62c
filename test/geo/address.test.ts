// Pins address parsing (issue 13): street, city, region, postal code and country of the address formats
// small organizations write (US, CA, UK, DE, FR, ES, NL, IT, PT, AU), one line or several; a line that is
// no address gives nothing rather than a guess, and a city read from a weak shape says so (issue 18).
import { describe, expect, it } from 'bun:test'
import { parseAddress } from '../../src/geo/address'

describe('parseAddress', () => {
  it('reads North American addresses', () => {
    expect(parseAddress('12 Main St, Springfield, IL 62701')).toEqual({ street: '12 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' })
    expect(parseAddress('12 Main St, Springfield IL 62701, USA')).toEqual({ street: '12 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' })
    expect(parseAddress('Springfield, Illinois')).toEqual({ city: 'Springfield', region: 'Illinois', country: 'US' })
    expect(parseAddress('100 Queen St W, Toronto, ON M5H 2N2, Canada')).toEqual({ street: '100 Queen St W', city: 'Toronto', region: 'ON', postalCode: 'M5H 2N2', country: 'CA' })
    expect(parseAddress('London, ON')).toEqual({ city: 'London', region: 'ON', country: 'CA' })
    expect(parseAddress('Portland, ME 04101')).toEqual({ city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' })
  })

  it('reads British addresses: post town, county and postcode', () => {
    expect(parseAddress('4 Privet Drive, Little Whinging, Surrey GU1 2AB')).toEqual({ street: '4 Privet Drive', city: 'Little Whinging', region: 'Surrey', postalCode: 'GU1 2AB', country: 'GB' })
    expect(parseAddress('10 Downing Street, London SW1A 2AA')).toEqual({ street: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' })
    expect(parseAddress('Baker Street, London NW1 6XE')).toMatchObject({ street: 'Baker Street', city: 'London', country: 'GB' })
  })

  it('reads continental addresses, guessing the country from the street when the code is shared', () => {
    expect(parseAddress('Königstraße 12, 70173 Stuttgart')).toEqual({ street: 'Königstraße 12', city: 'Stuttgart', postalCode: '70173', countries: ['DE', 'FR', 'ES', 'IT', 'MX', 'FI', 'TR'] })
    expect(parseAddress('12 rue de la République, 69002 Lyon').countries?.[0]).toBe('FR')
    expect(parseAddress('Calle Mayor 5, 28013 Madrid')).toMatchObject({ street: 'Calle Mayor 5', city: 'Madrid', postalCode: '28013', countries: ['ES', 'DE', 'FR', 'IT', 'MX', 'FI', 'TR'] })
    expect(parseAddress('Via Roma 1, 00184 Roma RM')).toMatchObject({ street: 'Via Roma 1', city: 'Roma', region: 'RM', postalCode: '00184' })
    expect(parseAddress('Place Bellecour, 69002 Lyon Cedex 02, France')).toEqual({ street: 'Place Bellecour', city: 'Lyon', postalCode: '69002', country: 'FR' })
    expect(parseAddress('Musterweg 3\nD-10115 Berlin\nDeutschland')).toEqual({ street: 'Musterweg 3', city: 'Berlin', postalCode: '10115', country: 'DE' })
    expect(parseAddress('Kalverstraat 1, 1012 NX Amsterdam')).toEqual({ street: 'Kalverstraat 1', city: 'Amsterdam', postalCode: '1012 NX', country: 'NL' })
    expect(parseAddress('Rua Augusta 10, 1100-048 Lisboa, Portugal')).toEqual({ street: 'Rua Augusta 10', city: 'Lisboa', postalCode: '1100-048', country: 'PT' })
    expect(parseAddress('Stephansplatz 1, 1010 Wien, Österreich')).toEqual({ street: 'Stephansplatz 1', city: 'Wien', postalCode: '1010', country: 'AT' })
  })

  it('reads Australian addresses', () => {
    expect(parseAddress('1 Martin Place, Sydney NSW 2000')).toEqual({ street: '1 Martin Place', city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' })
  })

  it('reads a country written after the postal code, and postal codes written as parts of their own (issue 18)', () => {
    expect(parseAddress('1 Main St, Lindsay, CA 93247 United States')).toEqual({ street: '1 Main St', city: 'Lindsay', region: 'CA', postalCode: '93247', country: 'US' })
    expect(parseAddress('12 Road 28, Madera, CA, 93637 United States')).toEqual({ street: '12 Road 28', city: 'Madera', region: 'CA', postalCode: '93637', country: 'US' })
    expect(parseAddress('Hoge Steeg 2, Wageningen, 6708 PH, NL')).toEqual({ street: 'Hoge Steeg 2', city: 'Wageningen', postalCode: '6708 PH', country: 'NL' })
    expect(parseAddress('Moreelsepark 48, 3511 EP, Utrecht')).toEqual({ street: 'Moreelsepark 48', city: 'Utrecht', postalCode: '3511 EP', country: 'NL' })
    expect(parseAddress('400 North Street, harrisburg, 17120-0225')).toEqual({ street: '400 North Street', city: 'harrisburg', postalCode: '17120-0225', country: 'US' })
    // NL stays Newfoundland when a Canadian postal code says so.
    expect(parseAddress("St. John's, NL A1C 5M2")).toMatchObject({ city: "St. John's", region: 'NL', country: 'CA' })
  })

  it('splits a city run on from the street, marking it for the gazetteer to confirm (issue 18)', () => {
    expect(parseAddress('11400 Olde Cabin Road Creve Coeur, MO 63141')).toEqual({
      street: '11400 Olde Cabin Road',
      city: 'Creve Coeur',
      region: 'MO',
      postalCode: '63141',
      country: 'US',
      cityUnsure: 'joined',
    })
    expect(parseAddress('1520 MARKET ST. #2000 St. Louis, MO 63103')).toMatchObject({ street: '1520 MARKET ST. #2000', city: 'St. Louis', cityUnsure: 'joined' })
    expect(parseAddress('1400 W. Lacey Blvd Hanford CA 93230')).toMatchObject({ street: '1400 W. Lacey Blvd', city: 'Hanford', region: 'CA', cityUnsure: 'joined' })
    expect(parseAddress('12 Main St. Springfield, IL')).toMatchObject({ street: '12 Main St.', city: 'Springfield', cityUnsure: 'joined' })
    // A code before the town where codes go there; a house number and a street are not a Dutch postcode and a town.
    expect(parseAddress('Calle de Macedonio Alcalá 410, Centro, 68000 Oaxaca de Juárez, Oax.')).toMatchObject({ city: 'Oaxaca de Juárez', postalCode: '68000', region: 'Oax' })
    expect(parseAddress('1127 SE Alder St')).toEqual({})
    expect(parseAddress('via delle Gualchiere 7, Valfonda (BS)')).toEqual({ street: 'via delle Gualchiere 7', city: 'Valfonda', region: 'BS' })
    // A town with nothing beside it is only a guess: "Room Omega, Faculty of Philosophy" has this shape too.
    expect(parseAddress('Broerstraat 5, Groningen')).toEqual({ street: 'Broerstraat 5', city: 'Groningen', cityUnsure: 'weak' })
  })

  it('gives nothing for text that is no address', () => {
    expect(parseAddress('Main Library')).toEqual({})
    expect(parseAddress('')).toEqual({})
    expect(parseAddress(undefined)).toEqual({})
    expect(parseAddress('Deutschland')).toEqual({ country: 'DE' })
  })
})
