/**
 * Countries as a site betrays them when it names no city: a country written in an address (in English,
 * German, French, Spanish, Dutch, Italian or Portuguese), the site's country-code top-level domain, the
 * calling code of its phone numbers and the language of its pages; and the zone a country (or a region)
 * lives in, counted from the gazetteer's population so that no table of zones is written twice.
 */
// The browser entry: the Node entry requires every locale by a computed path, which a compiled binary cannot embed.
import countries from 'i18n-iso-countries/index.js'
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' }
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' }
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' }
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' }
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' }
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' }
import { findPhoneNumbersInText } from 'libphonenumber-js/min'
import { placesIn, zoneAt } from './gazetteer'
import { foldName } from './names'

const LOCALES = [en, de, fr, es, nl, it, pt]
/** Names addresses use that the ISO lists leave out. */
const EXTRA_NAMES: Record<string, string> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
  holland: 'NL',
  'u s a': 'US',
  'u s': 'US',
  'u k': 'GB',
  america: 'US',
}

let byName: Map<string, string> | undefined

function names(): Map<string, string> {
  if (byName) return byName
  byName = new Map()
  for (const locale of LOCALES) {
    countries.registerLocale(locale)
    for (const [code, value] of Object.entries(countries.getNames(locale.locale, { select: 'all' }))) {
      for (const name of value) if (name.length > 3) byName.set(foldName(name), code)
    }
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) byName.set(name, code)
  for (const code of ['USA', 'UK']) byName.set(code.toLowerCase(), code === 'UK' ? 'GB' : 'US')
  return byName
}

/** ISO 3166-1 alpha-2 code of a country name ("Deutschland", "Espagne", "United States", "USA"), or undefined. */
export function countryFromName(text: string | undefined): string | undefined {
  if (!text) return undefined
  return names().get(foldName(text))
}

/** True for an ISO 3166-1 alpha-2 code (`DE`, `GB`). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code)
}

/** Country-code domains sold to anyone as brand names: they say nothing about where a site is. */
const GENERIC_CCTLDS = new Set([
  'io',
  'co',
  'tv',
  'me',
  'fm',
  'ai',
  'ly',
  'to',
  'cc',
  'ws',
  'la',
  'gl',
  'nu',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'sh',
  'ac',
  'vc',
  'gg',
  'gd',
  'ms',
  'so',
  'im',
  'st',
  'sx',
  'ag',
  'am',
  'bz',
  'cx',
  'dj',
  'fo',
  'ps',
  'su',
  'tm',
  'vu',
  'xyz',
])

/** The country of a host's top-level domain (`www.stadt-stuttgart.de` → DE, `.uk` → GB), or undefined. */
export function countryOfHost(host: string | undefined): string | undefined {
  const tld = host?.toLowerCase().replace(/\.$/, '').split('.').pop()
  if (!tld || tld.length !== 2 || GENERIC_CCTLDS.has(tld)) return undefined
  const code = tld === 'uk' ? 'GB' : tld.toUpperCase()
  return isCountryCode(code) ? code : undefined
}

const NANP_NATIONAL = /\(\s*[2-9]\d{2}\s*\)\s*\d{3}[\s.-]\d{4}\b|\b[2-9]\d{2}[.-]\d{3}[.-]\d{4}\b/g

/**
 * Countries of the phone numbers written in `text`: international numbers (`+49 711 …`, `+33 4 …`, `+1 …`)
 * by their calling code, and North American numbers written nationally (`(555) 123-4567`, `503-555-0100`);
 * other national forms say too little. Each country once, with how many numbers point to it.
 */
export function countriesOfPhones(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  const count = (country: string | undefined) => country && counts.set(country, (counts.get(country) ?? 0) + 1)
  const sample = text.slice(0, 200_000)
  for (const m of sample.matchAll(/\+\s?\d[\d\s().\/-]{6,20}\d/g)) {
    try {
      for (const found of findPhoneNumbersInText(m[0])) count(found.number.country)
    } catch {}
  }
  for (const m of sample.matchAll(NANP_NATIONAL)) {
    try {
      const found = findPhoneNumbersInText(m[0], 'US')[0]
      count(found?.number.country ?? 'US')
    } catch {}
  }
  return counts
}

/** Languages spoken across many zones: a page in one of them says nothing about where it is. */
const WORLD_LANGUAGES = new Set(['en', 'es', 'fr', 'pt', 'ar', 'ru', 'zh', 'ms', 'sw', 'fa'])

/**
 * The country a page's language points to: the region of `fr-CA` or `de-AT`, else the language's main
 * country (Unicode likely subtags) unless the language is spoken across many zones (English, Spanish,
 * French, Portuguese, …).
 */
export function countryOfLanguage(lang: string | undefined): string | undefined {
  if (!lang) return undefined
  try {
    const locale = new Intl.Locale(lang.trim().replace(/_/g, '-'))
    if (locale.region && isCountryCode(locale.region)) return locale.region
    if (WORLD_LANGUAGES.has(locale.language)) return undefined
    const region = locale.maximize().region
    return region && isCountryCode(region) ? region : undefined
  } catch {
    return undefined
  }
}

const zoneCache = new Map<string, { zone: string; share: number } | null>()

/** The zone most of the gazetteer's population of a country (or one of its regions) lives in, and that share. */
function mainZone(country: string, region?: string): { zone: string; share: number } | undefined {
  const key = `${country}|${region ?? ''}`
  const cached = zoneCache.get(key)
  if (cached !== undefined) return cached ?? undefined
  const weights = new Map<string, number>()
  let total = 0
  for (const p of placesIn(country, region)) {
    const zone = zoneAt(p.latitude, p.longitude)
    if (!zone) continue
    const w = Math.max(p.population, 1)
    weights.set(zone, (weights.get(zone) ?? 0) + w)
    total += w
  }
  const top = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]
  const result = top ? { zone: top[0], share: top[1] / total } : undefined
  zoneCache.set(key, result ?? null)
  return result
}

/**
 * The zone of a country when nine in ten of its people live in it (Germany, France, Spain with its
 * Canaries, the UK), else undefined (the United States, Canada, Australia, Brazil, Mexico need a place).
 */
export function zoneOfCountry(country: string): string | undefined {
  const main = mainZone(country)
  return main && main.share >= 0.9 ? main.zone : undefined
}

/** The zone most people of a first-level region live in (`US`/`IN` → Indianapolis' zone), or undefined. */
export function zoneOfRegion(country: string, region: string): string | undefined {
  return mainZone(country, region)?.zone
}

/**
 * Postal codes that name a zone of their own within a country whose main zone is another: Spain's Canary
 * Islands (35xxx Las Palmas, 38xxx Santa Cruz de Tenerife) and Portugal's Madeira (90xx–93xx) and Azores
 * (95xx–99xx). Undefined for every other code (the country's main zone then applies).
 */
export function zoneOfPostalCode(country: string | undefined, code: string | undefined): string | undefined {
  if (!code) return undefined
  if (country === 'ES' && /^3[58]\d{3}$/.test(code)) return 'Atlantic/Canary'
  if (country === 'PT' && /^9[0-3]\d{2}-\d{3}$/.test(code)) return 'Atlantic/Madeira'
  if (country === 'PT' && /^9[5-9]\d{2}-\d{3}$/.test(code)) return 'Atlantic/Azores'
  return undefined
}
