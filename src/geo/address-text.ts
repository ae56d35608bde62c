/**
 * Addresses written in running text (a page's footer, a contact block, a meeting notice): the short
 * stretches that have an address's shape — "Springfield, IL 62701", "Toronto, ON", "70173 Stuttgart",
 * "1012 AB Amsterdam", "Guildford GU1 3AA", "Sydney NSW 2000" — each parsed with `parseAddress`. Shape
 * alone proves little ("10000 Visitors"), so callers keep only those the gazetteer knows.
 */
import { parseAddress, type ParsedAddress } from './address'
import { isRegion } from './regions'

const MAX_TEXT = 300_000
const MAX_FOUND = 200

// A connector word whole ("Villanueva del Río y Minas", not "Villanueva de" + "l Río").
const NAME = String.raw`[A-ZÀ-ÖØ-Þ][\p{L}.'’]*(?:[ -](?:[A-ZÀ-ÖØ-Þ(][\p{L}.'’)]*|del|des|les|der|de|la|le|am|an|im|sur|en|di|upon|on|y)(?![\p{L}]))*`
const US_REGION = String.raw`(?:A[LKZR]|C[AOT]|D[EC]|FL|GA|HI|I[DLNA]|K[SY]|LA|M[EDAINSOT]|N[EVHJMYCD]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[TA]|W[AVIY]|AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT|NSW|VIC|QLD|TAS|ACT)`
const STATE_NAMES = String.raw`(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|Québec|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia|New Brunswick)`

/**
 * Each address shape, with what every one of its matches holds: a short scan that lets a text without it
 * skip the shape's pattern, whose many starts (every capitalised word) make it the costly part.
 */
const SHAPES: { pattern: RegExp; needs: RegExp }[] = [
  // "Springfield, IL 62701", "Toronto, ON M5H 2N2", "Fresno, California"; a lower-case word after the code means prose ("…, IN the").
  {
    pattern: new RegExp(String.raw`${NAME},\s*(?:${US_REGION}|${STATE_NAMES})(?:\s+(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4}))?\b(?![ \t]+[a-z])`, 'gu'),
    needs: new RegExp(String.raw`,\s*(?:${US_REGION}|${STATE_NAMES})`, 'u'),
  },
  // "Sydney NSW 2000", "Springfield IL 62701"
  { pattern: new RegExp(String.raw`${NAME}\s+(?:${US_REGION})\s+(?:\d{5}(?:-\d{4})?|\d{4})\b`, 'gu'), needs: new RegExp(String.raw`\s(?:${US_REGION})\s+\d{4}`, 'u') },
  // "70173 Stuttgart", "D-70173 Stuttgart", "69002 Lyon", "1010 Wien", "1100-148 Lisboa", "1012 AB Amsterdam"
  { pattern: new RegExp(String.raw`(?<![\d.,:/-])(?:[A-Z]{1,2}-)?(?:\d{5}|\d{4}-\d{3}|\d{4}\s?[A-Z]{2}(?=\s)|\d{4})\s+${NAME}`, 'gu'), needs: /\d{4}/ },
  // "Little Whinging, Surrey GU1 2AB", "London SW1A 2AA"
  { pattern: new RegExp(String.raw`(?:${NAME},\s*)?${NAME}\s+[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b`, 'gu'), needs: /\s[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}/ },
  // "Montréal (Québec) H2J 2L3", "Kingston (Ontario)"
  { pattern: new RegExp(String.raw`${NAME}\s*\(\s*(?:${US_REGION}|${STATE_NAMES})\s*\)(?:\s+[A-Z]\d[A-Z] ?\d[A-Z]\d)?`, 'gu'), needs: /\(/ },
]

/**
 * "São Paulo – SP", "Campinas, SP", "Rio Branco/AC": a city and a region code this module does not know
 * (Brazil's states clash with US states and country codes: "PA", "RS"). Callers keep such a match only
 * when the city lies in a country the site already points to, so only the city is kept.
 */
const UNKNOWN_REGION = new RegExp(String.raw`(${NAME})\s*(?:,|\s[–—-]|\/)\s*[A-Z]{2}\b(?![ \t]*[\p{L}\d])`, 'gu')

/** "City – XX" stretches of `text` whose region code is unknown (see `UNKNOWN_REGION`), parsed. */
export function findLooseAddresses(text: string): { text: string; address: ParsedAddress }[] {
  const out: { text: string; address: ParsedAddress }[] = []
  for (const m of text.slice(0, MAX_TEXT).matchAll(UNKNOWN_REGION)) {
    if (out.length >= MAX_FOUND) break
    const snippet = m[0].replace(/\s+/g, ' ').trim()
    // A region this module knows ("Springfield, IL") is an address `findAddresses` reads whole.
    if (isRegion(parseAddress(snippet).region)) continue
    out.push({ text: snippet, address: { city: m[1].replace(/\s+/g, ' ').trim() } })
  }
  return out
}

/** Address-shaped stretches of `text`, parsed, in order of appearance (at most 200). */
export function findAddresses(text: string): { text: string; address: ParsedAddress }[] {
  const sample = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text
  const found: { index: number; text: string; address: ParsedAddress }[] = []
  const seen = new Set<string>()
  for (const { pattern, needs } of SHAPES) {
    if (!needs.test(sample)) continue
    for (const m of sample.matchAll(pattern)) {
      if (found.length >= MAX_FOUND) break
      const snippet = m[0].replace(/\s+/g, ' ').trim()
      if (seen.has(`${m.index}|${snippet}`)) continue
      seen.add(`${m.index}|${snippet}`)
      const address = parseAddress(snippet)
      if (address.city || address.region) found.push({ index: m.index ?? 0, text: snippet, address })
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ text, address }) => ({ text, address }))
}
