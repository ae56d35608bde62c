// Pins address parsing (issue 13): street, city, region, postal code and country of the address formats
// small organizations write (US, CA, UK, DE, FR, ES, NL, IT, PT, AU), one line or several; a line that is
// no address gives nothing rather than a guess.
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

  it('gives nothing for text that is no address', () => {
    expect(parseAddress('Main Library')).toEqual({})
    expect(parseAddress('')).toEqual({})
    expect(parseAddress(undefined)).toEqual({})
    expect(parseAddress('Deutschland')).toEqual({ country: 'DE' })
  })
})
