// Pins the translation of the services' FTS5 query (ftsQuery: every word quoted, as a prefix) into the
// tsquery text PostgreSQL's reads run: every term required, a starred term a prefix (`:*`), the words of
// a quoted phrase in a row, words read as FTS5 reads them (letters and digits), so a domain or URL is
// its words as `event_index_words()` stores them, quotes and operators never reaching to_tsquery's syntax.
import { describe, expect, it } from 'bun:test'
import { tsQueryText } from '../../../src/db/pg/reads/fts-query'
import { ftsQuery } from '../../../src/services/search-businesses'

describe('tsQueryText', () => {
  it('makes every quoted, starred word of the services a required prefix', () => {
    expect(tsQueryText(ftsQuery('spring libr')!)).toBe("'spring':* & 'libr':*")
    expect(tsQueryText(ftsQuery('Storytime')!)).toBe("'storytime':*")
  })

  it('reads a domain, URL or address as its words, as the stored vectors hold them', () => {
    expect(tsQueryText('"springfield-library.org"*')).toBe("'springfield' <-> 'library' <-> 'org':*")
    expect(tsQueryText(ftsQuery('springfield-library.org/kids')!)).toBe("'springfield':* & 'library':* & 'org':* & 'kids':*")
  })

  it('keeps a phrase in order and only its last word a prefix; an unstarred term is exact', () => {
    expect(tsQueryText('"jazz night"*')).toBe("'jazz' <-> 'night':*")
    expect(tsQueryText('"jazz night"')).toBe("'jazz' <-> 'night'")
    expect(tsQueryText('jazz')).toBe("'jazz'")
    expect(tsQueryText('jazz*')).toBe("'jazz':*")
  })

  it('never lets quotes, tsquery operators or FTS5 syntax through as syntax', () => {
    expect(tsQueryText(`"it""s"* "a'b"* "x&y|!z"*`)).toBe("'it' <-> 's':* & 'a' <-> 'b':* & 'x' <-> 'y' <-> 'z':*")
    expect(tsQueryText("title:jazz OR (NOT 'x')")).toBe("'title' <-> 'jazz' & 'or' & 'not' & 'x'")
  })

  it('keeps accents and letters of every script for the configuration to fold, and lower-cases', () => {
    expect(tsQueryText(ftsQuery('Crèche Ünïcode 東京')!)).toBe("'crèche':* & 'ünïcode':* & '東京':*")
  })

  it('is null when there is no word to look for', () => {
    expect(tsQueryText('')).toBeNull()
    expect(tsQueryText('"" "*" ***')).toBeNull()
  })
})
