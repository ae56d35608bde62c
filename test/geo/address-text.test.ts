// Pins how addresses are found in running text (footers, contact blocks): each shape ("70173 Stuttgart",
// "Springfield, IL 62701") is cut at the end of the place's name, and a connector word inside a name is
// taken whole ("41350 Villanueva del Río", which the alternation once cut after "de").
import { describe, expect, it } from 'bun:test'
import { findAddresses } from '../../src/geo/address-text'

describe('addresses in running text', () => {
  it('keeps a name with connector words whole', () => {
    expect(findAddresses('Casa de Cultura · Plaza Mayor, 3 · 41350 Villanueva del Río · Tel. 955 555 210').map((a) => a.text)).toContain('41350 Villanueva del Río')
    expect(findAddresses('Mairie · 2 rue de la Mairie · 49320 Saint-Jean-des-Mauvrets').map((a) => a.text)).toContain('49320 Saint-Jean-des-Mauvrets')
  })

  it('finds the common shapes', () => {
    expect(findAddresses('Main Library, Springfield, IL 62701. Open daily.').map((a) => a.text)).toContain('Springfield, IL 62701')
    expect(findAddresses('Kirchplatz 3 · 41468 Neuss · Tel. 02131').map((a) => a.text)).toContain('41468 Neuss')
  })
})
