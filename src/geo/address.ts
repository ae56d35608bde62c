/**
 * Postal addresses as organizations write them on one line or several, split into street, city, region,
 * postal code and country. Formats: US ("12 Main St, Springfield, IL 62701"), Canada ("…, Toronto, ON
 * M5H 1J9"), UK ("4 Privet Drive, Little Whinging, Surrey GU1 2AB"), Germany, France, Spain and Italy
 * ("Königstraße 12, 70173 Stuttgart", "12 rue de la République, 69002 Lyon", "Calle Mayor 5, 28013
 * Madrid", "Via Roma 1, 00184 Roma RM"), the Netherlands ("1012 AB Amsterdam"), Portugal ("1100-148
 * Lisboa") and Australia ("Sydney NSW 2000"). Pure text work: which place a city name is belongs to
 * `resolvePlace`.
 */
import { countryFromName, isCountryCode } from './countries'
import { regionsOf } from './regions'

export type ParsedAddress = {
  street?: string
  city?: string
  /** As written (`IL`, `Ontario`, `Surrey`, `RM`). */
  region?: string
  postalCode?: string
  /** ISO 3166-1 alpha-2, when the address says it (a country name, or a postal code only one country uses). */
  country?: string
  /** Countries the address's shape allows when it names none (a 5-digit code before the city: DE, FR, ES, IT). */
  countries?: string[]
  /**
   * Set when the city was read from a weaker shape, for callers to confirm it in the gazetteer: `joined`
   * when it ran on from the street in one part ("11400 Olde Cabin Road Creve Coeur, MO": the words after
   * the street's last number or street word), `weak` when no postal code or region stands beside it
   * ("Broerstraat 5, Groningen", but also "Room Omega, Faculty of Philosophy").
   */
  cityUnsure?: 'joined' | 'weak'
}

const US_ZIP = /^\d{5}(?:-\d{4})?$/
const CA_POSTAL = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/
const UK_POSTCODE = /^(.*?)\s*\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/
// biome-ignore format: a word table, kept packed so it reads as one table
const LETTER_PREFIX: Record<string, string> = { D: 'DE', DE: 'DE', F: 'FR', FR: 'FR', E: 'ES', ES: 'ES', I: 'IT', IT: 'IT', A: 'AT', AT: 'AT', CH: 'CH', B: 'BE', BE: 'BE', NL: 'NL', L: 'LU', P: 'PT', PT: 'PT', DK: 'DK', N: 'NO', S: 'SE' }
// biome-ignore format: a word table, kept packed so it reads as one table
const STREET_WORDS: [RegExp, string[]][] = [
  [/(stra(ss|ß)e|str\.|\b\w+(weg|platz|allee|gasse|damm|ufer)\b|\b(am|an der|auf der|im)\s)/i, ['DE', 'AT', 'CH']],
  [/\b(rue|avenue|boulevard|bd|place|chemin|allée|allee|quai|impasse|cours|route de|faubourg)\b/i, ['FR', 'BE', 'CH']],
  [/\b(calle|avenida|avda|plaza|paseo|carrer|camino|ronda|glorieta)\b|\bc\/|\bav\./i, ['ES']],
  [/\b(via|viale|piazza|piazzale|corso|largo|vicolo|strada)\b/i, ['IT']],
  [/\b(rua|praça|praca|travessa|avenida|largo|estrada)\b/i, ['PT']],
  [/(straat|laan|plein|gracht|kade|singel|\bweg\b|dijk)\b/i, ['NL', 'BE']],
]
/** A street word after the first word ("Alder St Portland"), not a town's own "St." ("St. Gallen"). */
const STREET_INSIDE = /^\S+\s.*\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd)\b/i
const STREET_END = /\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|highway|hwy|parkway|pkwy)\.?$/i
const ENGLISH_STREET =
  /\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|close|place|pl|square|sq|terrace|crescent|court|ct|gardens|row|walk|boulevard|blvd|highway|hwy|parkway|pkwy|circle|cir|suite|ste|floor|building|room)\b\.?/i

/** What `clean` would change (most parts, "12 Main St", are clean): doubled or odd white space, a separator or space at an end. */
const UNCLEAN = /\s\s|[^\S ]|^[\s,;:–—-]|[\s,;:–—-]$/

function clean(part: string): string {
  if (!UNCLEAN.test(part)) return part
  return part
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .trim()
}

/** The city as written, without a French CEDEX suffix, an Italian province code or a bracketed region. */
function cityOf(text: string, out: ParsedAddress): string | undefined {
  let city = clean(text.replace(/\s+cedex(\s+\d{1,2})?$/i, ''))
  const province = /^(.+?)\s+\(?([A-Z]{2})\)?$/.exec(city)
  if (province && !regionsOf(province[2]).length) {
    out.region ??= province[2]
    city = province[1]
  }
  const bracket = /^(.+?)\s*\(([^)]+)\)$/.exec(city)
  if (bracket) {
    out.region ??= bracket[2]
    city = bracket[1]
  }
  return city && /\p{L}/u.test(city) && !/\d{3,}/.test(city) && city.length <= 60 ? city : undefined
}

/** Countries whose street vocabulary the address uses, in order of the first word found. */
function streetCountries(text: string): string[] {
  return STREET_WORDS.filter(([re]) => re.test(text)).flatMap(([, cs]) => cs)
}

type Tail = { city?: string; cityFromPrevious?: boolean }

/** Reads the part that holds the postal code (and often the city and region); undefined when it holds none. */
function readTail(part: string, out: ParsedAddress): Tail | undefined {
  let m = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4})$/.exec(part)
  if (m && /[A-Za-z]/.test(m[1])) {
    // "Springfield IL 62701", "Sydney NSW 2000", "Toronto, Ontario M5H 2N2": the region is the last word or words.
    const words = m[1].replace(/[,()]/g, ' ').trim().split(/\s+/)
    const code = m[2]
    for (let k = 1; k <= Math.min(3, words.length); k++) {
      const region = words.slice(-k).join(' ')
      const fits = regionsOf(region).filter((r) => (r.country === 'US' ? US_ZIP.test(code) : r.country === 'CA' ? CA_POSTAL.test(code) : r.country === 'AU' ? /^\d{4}$/.test(code) : false))
      if (!fits.length) continue
      Object.assign(out, { region: clean(region), postalCode: code, country: fits[0].country })
      const city = words.slice(0, -k).join(' ')
      return { city: city ? cityOfPart(city, out) : undefined, cityFromPrevious: !city }
    }
  }
  m = UK_POSTCODE.exec(part)
  if (m && /\d[A-Z]{2}$/.test(m[2])) {
    Object.assign(out, { postalCode: m[2], country: 'GB' })
    return { city: m[1] ? cityOfPart(m[1], out) : undefined, cityFromPrevious: !m[1] }
  }
  m = /^(?:([A-Z]{1,2})\s?-\s?)?(\d{4}\s?[A-Z]{2}(?=\s)|\d{4}-\d{3}|\d{5}|\d{4})\s+(\D.*)$/.exec(part)
  // "1127 SE Alder St" is a house number and a street, not a Dutch postcode and a town.
  if (m && !STREET_END.test(m[3]) && !STREET_INSIDE.test(m[3])) {
    const [, prefix, code, rest] = m
    out.postalCode = code
    if (prefix && LETTER_PREFIX[prefix]) out.country = LETTER_PREFIX[prefix]
    else if (/^\d{4}\s?[A-Z]{2}$/.test(code)) out.country = 'NL'
    else if (/^\d{4}-\d{3}$/.test(code)) out.country = 'PT'
    else out.countries = code.length === 5 ? ['DE', 'FR', 'ES', 'IT', 'MX', 'FI', 'TR'] : ['AT', 'CH', 'BE', 'NL', 'DK', 'NO', 'HU', 'LU']
    return { city: cityOf(rest, out) }
  }
  const regions = regionsOf(part)
  if (regions.length && !/\d/.test(part)) {
    out.region = clean(part)
    if (regions.every((r) => r.country === regions[0].country)) out.country ??= regions[0].country
    return { cityFromPrevious: true }
  }
  m = /^(.+?)\s+([A-Z]{2,3})$/.exec(part)
  if (m && regionsOf(m[2]).length && !/\d/.test(m[1])) {
    out.region = m[2]
    if (regionsOf(m[2]).length === 1) out.country ??= regionsOf(m[2])[0].country
    return { city: cityOfPart(m[1], out) }
  }
  // A region code this module does not know ("São Paulo – SP", "Oaxaca, Oax."): kept as written, the city before it.
  if (/^[A-Z][A-Za-z]{1,3}\.?$/.test(part) && part.replace('.', '').length <= 4 && /^[A-Z]{2}$|\.$|^[A-Z][a-z]{2}$/.test(part)) {
    out.region = part.replace(/\.$/, '')
    return { cityFromPrevious: true }
  }
  return undefined
}

function isStreet(part: string): boolean {
  return /\d/.test(part) || ENGLISH_STREET.test(part) || STREET_WORDS.some(([re]) => re.test(part))
}

const SAINT = /^(st|ste|mt|ft)\.?$/i
const SAINT_START = /^(st|ste|mt|ft)\.?\s+(?=\p{Lu})/iu
const STREET_TOKEN = new RegExp(`^(?:.*\\d.*|#.*|${ENGLISH_STREET.source.replace(/\\b/g, '')}|n|s|e|w|ne|nw|se|sw)$`, 'i')

/**
 * A part that holds the street and the city with no comma between ("854 N Harvard Ave Lindsay"): the city
 * is the words after the street's last number or street word. Only a guess ("…St. Louis" gives "Louis"),
 * marked `joined` for callers that can confirm it (see `cityUnsure`).
 */
function splitJoined(part: string, out: ParsedAddress): string | undefined {
  const words = part.split(' ')
  const streetToken = (k: number) => k >= 0 && STREET_TOKEN.test(words[k].replace(/[.,]$/, ''))
  // "… #2000 St. Louis", "… Main St St. Charles", "St. John's": a saint's abbreviation that opens the part or follows the street starts the city.
  const startsCity = (k: number) => SAINT.test(words[k]) && /^\p{Lu}/u.test(words[k + 1] ?? '') && (k === 0 || streetToken(k - 1))
  let last = -1
  for (let k = 0; k < words.length; k++) if (streetToken(k) && !startsCity(k)) last = k
  if (last < 0 || last === words.length - 1 || !/^\p{Lu}/u.test(words[last + 1])) return undefined
  const city = cityOf(words.slice(last + 1).join(' '), out)
  if (!city) return undefined
  out.street = words.slice(0, last + 1).join(' ')
  out.cityUnsure = 'joined'
  return city
}

/**
 * The city written in a part of its own ("Oaxaca de Juárez"), after its postal code ("68000 Oaxaca de
 * Juárez"), or run on from the street ("854 N Harvard Ave Lindsay"); none from a part that is only a street.
 */
function cityOfPart(part: string, out: ParsedAddress): string | undefined {
  if (!isStreet(part.replace(SAINT_START, ''))) return cityOf(part, out)
  const coded = /^(\d{4,5})\s+(\p{Lu}\D*)$/u.exec(part)
  // Only where codes come before the town: in the US, Canada, the UK and Australia a leading number is the house's.
  if (coded && !['US', 'CA', 'GB', 'AU'].includes(out.country ?? '') && !STREET_END.test(coded[2]) && !STREET_INSIDE.test(coded[2])) {
    out.postalCode ??= coded[1]
    return cityOf(coded[2], out)
  }
  return splitJoined(part, out)
}

/**
 * A part that is a postal code alone ("6708 PH", "17120-0225", "93637"): recorded, with the country only
 * its shape allows (a Dutch code, a US ZIP+4). True when the part was one.
 */
function barePostalCode(part: string, out: ParsedAddress): boolean {
  const m = /^(\d{4}\s?[A-Z]{2}|\d{5}-\d{4}|\d{5}|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/.exec(part)
  if (!m || out.postalCode) return false
  out.postalCode = m[1]
  if (/^\d{4}\s?[A-Z]{2}$/.test(m[1])) out.country ??= 'NL'
  else if (/-/.test(m[1])) out.country ??= 'US'
  else if (/^[A-Z]/.test(m[1])) out.country ??= 'CA'
  return true
}

/** A country written after the postal code in the same part ("CA 93247 United States"): split off, and noted. */
function splitTrailingCountry(parts: string[], out: ParsedAddress) {
  const words = parts[parts.length - 1].split(' ')
  for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
    if (!/\d/.test(words[words.length - k - 1])) continue
    const country = countryFromName(words.slice(-k).join(' '))
    if (!country) continue
    out.country = country
    parts[parts.length - 1] = words.slice(0, -k).join(' ')
    return
  }
}

/** Postal code shapes of the countries whose two-letter code is also a region's (NL Newfoundland, DE Delaware, IN Indiana). */
const POSTAL_SHAPES: Record<string, RegExp> = { NL: /^\d{4}\s?[A-Z]{2}$/, US: /^\d{5}(-\d{4})?$/, CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, AU: /^\d{4}$/ }

/** "…, 6708 PH, NL": a last code that is both a region and a country is the country when only its postal code shape is present. */
function codeIsCountry(code: string, parts: string[]): boolean {
  const own = POSTAL_SHAPES[code]
  if (!own || !parts.some((p) => own.test(p))) return false
  return !regionsOf(code).some((r) => parts.some((p) => POSTAL_SHAPES[r.country]?.test(p)))
}

/**
 * Splits a written address into its parts. Parts it cannot tell stay absent; a line that is no address
 * at all gives an empty object. `country` is set only when the address says it (a name, or a postal code
 * only one country uses); `countries` lists the ones its shape allows otherwise.
 */
export function parseAddress(text: string | undefined): ParsedAddress {
  const out: ParsedAddress = {}
  if (!text) return out
  const parts = text
    .slice(0, 500)
    .split(/\s*(?:[,;\n|\r]|\s[–—•·]\s)\s*/)
    .map(clean)
    .filter(Boolean)
  if (!parts.length) return out
  if (parts.length > 1) splitTrailingCountry(parts, out)
  const last = parts[parts.length - 1]
  const ambiguous = /^[A-Z]{2}$/.test(last) && isCountryCode(last)
  const named = countryFromName(last) ?? (parts.length > 1 && ambiguous && (!regionsOf(last).length || codeIsCountry(last, parts)) ? last : undefined)
  if (named && parts.length > 1) {
    out.country = named
    parts.pop()
  } else if (named && parts.length === 1) {
    out.country = named
    return out
  }
  readParts(parts, out)
  if (out.country) delete out.countries
  else if (out.countries) {
    const byStreet = streetCountries(out.street ?? '').filter((c) => out.countries?.includes(c))
    if (byStreet.length) out.countries = [...new Set([...byStreet, ...out.countries])]
  }
  return out
}

/** Finds the part holding the postal code or region (from the end), then the city and street around it. */
function readParts(parts: string[], out: ParsedAddress) {
  let pendingCity = false
  for (let i = parts.length - 1; i >= 0; i--) {
    if (barePostalCode(parts[i], out)) {
      // "3511 EP, Utrecht": the city follows; "Wageningen, 6708 PH" or "Madera, CA, 93637": it comes before.
      const next = parts[i + 1]
      if (next && !isStreet(next) && !regionsOf(next).length && (out.city = cityOf(next, out))) return setStreet(parts, i, out)
      pendingCity = true
      continue
    }
    const tail = readTail(parts[i], out)
    if (!tail && pendingCity) {
      out.city = cityOfPart(parts[i], out)
      if (out.city && out.countries === undefined && !out.country && /^\d{5}$/.test(out.postalCode ?? '')) out.countries = ['US', 'DE', 'FR', 'ES', 'IT', 'MX']
      return setStreet(parts, i, out)
    }
    if (!tail) continue
    let cityIndex = i
    if (tail.city) out.city = tail.city
    else if (tail.cityFromPrevious && i > 0) {
      out.city = cityOfPart(parts[i - 1], out)
      cityIndex = i - 1
    }
    // UK: "Little Whinging, Surrey GU1 2AB": the text before the postcode is a county when a locality precedes it.
    if (out.country === 'GB' && tail.city && i > 0 && !isStreet(parts[i - 1])) {
      out.region = out.city
      out.city = cityOf(parts[i - 1], out)
      cityIndex = i - 1
    }
    return setStreet(parts, cityIndex, out)
  }
  if (!out.city && !out.postalCode && parts.length >= 2) {
    const city = parts[parts.length - 1]
    if (!isStreet(city) && parts.slice(0, -1).some(isStreet)) {
      out.city = cityOf(city, out)
      // "Valfonda (BS)": a province code beside the town makes it an address; a bare town is a guess.
      if (out.city && !out.region) out.cityUnsure = 'weak'
      out.street = parts.slice(0, -1).reverse().find(isStreet)
    }
  }
}

/** The street: the nearest street-like part before the city's, unless the city's own part gave it. */
function setStreet(parts: string[], cityIndex: number, out: ParsedAddress) {
  if (out.cityUnsure === 'joined') return
  const street = parts.slice(0, cityIndex).reverse().find(isStreet)
  if (street) out.street = street
}
