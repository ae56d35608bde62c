/**
 * The FTS5 query the services build (src/services/search-businesses.ts ftsQuery: every word quoted, as a
 * prefix, `"spring"* "libr"*`) as the text of a PostgreSQL tsquery for `to_tsquery('event_index_text', …)`:
 * every term must match (`&`), a starred term as a prefix (`:*`), the words of one quoted phrase in a row
 * (`<->`). Words are read as FTS5's unicode61 tokenizer reads them (runs of letters and digits, lower-cased),
 * which also splits domains and URLs at `. @ / : _` as `event_index_words()` splits the stored text, so
 * `springfield-library.org` is found by each of its words on both backends. Accents are left to the
 * configuration (unaccent), as in the stored vectors. FTS5 operators (AND, OR, NOT, NEAR, column filters)
 * are never built by the callers and read as plain words. Null when the query holds no word: it matches
 * nothing.
 */
export function tsQueryText(match: string): string | null {
  const terms: string[] = []
  for (const m of match.matchAll(/"((?:[^"]|"")*)"(\*?)|([^\s"]+)/g)) {
    const text = m[1] !== undefined ? m[1].replace(/""/g, '"') : m[3]
    const prefix = m[2] === '*' || (m[3] !== undefined && m[3].endsWith('*'))
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)
    if (!words) continue
    terms.push(words.map((w, i) => `'${w}'${prefix && i === words.length - 1 ? ':*' : ''}`).join(' <-> '))
  }
  return terms.length ? terms.join(' & ') : null
}

/**
 * How many words a row's vector holds (every position of every lexeme), as bm25 counts a row's length:
 * the tie-break after the rank, shorter first, which is how bm25 orders rows with the same hits.
 */
export const textSize = (vector: string) => `coalesce((SELECT sum(cardinality(u.positions)) FROM unnest(${vector}) u), 0)::float8`
