/**
 * Place names reduced for comparison, so that an address's spelling finds the gazetteer's: case,
 * accents, punctuation and hyphens fold away ("Saint-Étienne" = "saint etienne", "Zurich" = "Zürich"), and
 * the usual abbreviations of English and French place names are spelled out ("St. Louis" = "Saint Louis",
 * "Mt. Vernon" = "Mount Vernon", "Ft Worth" = "Fort Worth").
 */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort', pt: 'point' }
const PLAIN = /^[a-z]+(?: [a-z]+)*$/
const ASCII = /^[\x00-\x7f]*$/
const SHORT_WORD = /(?:^| )(?:st|ste|mt|ft|pt)(?: |$)/

/** The comparison key of a place name ('' for text with no letters). Fast for plain ASCII names. */
export function foldName(name: string): string {
  let s = name.toLowerCase()
  if (PLAIN.test(s)) {
    // already a key
  } else if (ASCII.test(s)) {
    s = s.replace(/[^a-z0-9]+/g, ' ').trim()
  } else {
    s = s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  }
  return SHORT_WORD.test(s)
    ? s
        .split(' ')
        .map((w) => ABBREVIATIONS[w] ?? w)
        .join(' ')
    : s
}
