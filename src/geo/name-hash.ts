/**
 * Hashes of folded place names (names.ts `foldName`), so that the gazetteer indexes 135,000 names without
 * making a string of each: `keyHash` hashes a folded name, `bytesKeyHash` gives the same number straight
 * from the UTF-8 bytes of a name as written for the names it can fold on the fly (ASCII and most
 * two-byte characters: Latin, Greek, Cyrillic), and says when the caller must fold the decoded string.
 */
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/** The hash of a folded name (FNV-1a over its UTF-16 code units). */
export function keyHash(key: string): number {
  let h = FNV_OFFSET
  for (let k = 0; k < key.length; k++) h = Math.imul(h ^ key.charCodeAt(k), FNV_PRIME)
  return h
}

/**
 * `keyHash(foldName(text))` for the bytes of a name without decoding it, when every character is ASCII or
 * a two-byte UTF-8 character that folds on its own (`charFold`) and no word is one of the abbreviations
 * foldName spells out; null otherwise (the caller folds the decoded string), and undefined when the name
 * folds to '' (no letters or digits: not indexed). It walks the name as foldName does: lower case, accents
 * dropped, every run of other characters one space, none at either end.
 */
export function bytesKeyHash(buf: Uint8Array, start: number, end: number): number | null | undefined {
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
