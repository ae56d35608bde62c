/**
 * First-level regions as addresses write them ("IL", "Illinois", "ON", "NSW", "Bayern", "Scotland") →
 * the country and the GeoNames admin1 code the gazetteer files places under. Only countries whose
 * addresses customarily name the region are listed: the region is what tells Paris, TX from Paris, France
 * and Portland, ME from Portland, OR.
 */

type Region = { country: string; code: string }

const US_STATES: Record<string, string> = {
  AL: 'alabama',
  AK: 'alaska',
  AZ: 'arizona',
  AR: 'arkansas',
  CA: 'california',
  CO: 'colorado',
  CT: 'connecticut',
  DE: 'delaware',
  DC: 'district of columbia',
  FL: 'florida',
  GA: 'georgia',
  HI: 'hawaii',
  ID: 'idaho',
  IL: 'illinois',
  IN: 'indiana',
  IA: 'iowa',
  KS: 'kansas',
  KY: 'kentucky',
  LA: 'louisiana',
  ME: 'maine',
  MD: 'maryland',
  MA: 'massachusetts',
  MI: 'michigan',
  MN: 'minnesota',
  MS: 'mississippi',
  MO: 'missouri',
  MT: 'montana',
  NE: 'nebraska',
  NV: 'nevada',
  NH: 'new hampshire',
  NJ: 'new jersey',
  NM: 'new mexico',
  NY: 'new york',
  NC: 'north carolina',
  ND: 'north dakota',
  OH: 'ohio',
  OK: 'oklahoma',
  OR: 'oregon',
  PA: 'pennsylvania',
  RI: 'rhode island',
  SC: 'south carolina',
  SD: 'south dakota',
  TN: 'tennessee',
  TX: 'texas',
  UT: 'utah',
  VT: 'vermont',
  VA: 'virginia',
  WA: 'washington',
  WV: 'west virginia',
  WI: 'wisconsin',
  WY: 'wyoming',
}
/** Canadian provinces: postal abbreviation → [GeoNames admin1, names]. */
const CA_PROVINCES: Record<string, [string, ...string[]]> = {
  AB: ['01', 'alberta'],
  BC: ['02', 'british columbia', 'colombie britannique'],
  MB: ['03', 'manitoba'],
  NB: ['04', 'new brunswick', 'nouveau brunswick'],
  NL: ['05', 'newfoundland and labrador', 'newfoundland'],
  NS: ['07', 'nova scotia', 'nouvelle ecosse'],
  ON: ['08', 'ontario'],
  PE: ['09', 'prince edward island'],
  QC: ['10', 'quebec', 'que'],
  SK: ['11', 'saskatchewan'],
  YT: ['12', 'yukon'],
  NT: ['13', 'northwest territories'],
  NU: ['14', 'nunavut'],
}
const AU_STATES: Record<string, [string, ...string[]]> = {
  ACT: ['01', 'australian capital territory'],
  NSW: ['02', 'new south wales'],
  NT: ['03', 'northern territory'],
  QLD: ['04', 'queensland'],
  SA: ['05', 'south australia'],
  TAS: ['06', 'tasmania'],
  VIC: ['07', 'victoria'],
  WA: ['08', 'western australia'],
}
const GB_NATIONS: Record<string, string> = { england: 'ENG', scotland: 'SCT', wales: 'WLS', 'northern ireland': 'NIR' }
const DE_STATES: Record<string, string> = {
  'baden wurttemberg': '01',
  bayern: '02',
  bavaria: '02',
  bremen: '03',
  hamburg: '04',
  hessen: '05',
  hesse: '05',
  niedersachsen: '06',
  'lower saxony': '06',
  'nordrhein westfalen': '07',
  nrw: '07',
  'north rhine westphalia': '07',
  'rheinland pfalz': '08',
  saarland: '09',
  'schleswig holstein': '10',
  brandenburg: '11',
  'mecklenburg vorpommern': '12',
  sachsen: '13',
  saxony: '13',
  'sachsen anhalt': '14',
  thuringen: '15',
  thuringia: '15',
  berlin: '16',
}

/** Region codes written in capitals after a city (`IL`, `ON`, `NSW`): unambiguous per country. */
const CODES = new Map<string, Region[]>()
/** Region names, folded (lower case, no accents, hyphens as spaces). */
const NAMES = new Map<string, Region>()

function add(map: Map<string, Region[]>, key: string, region: Region) {
  map.set(key, [...(map.get(key) ?? []), region])
}
for (const [code, name] of Object.entries(US_STATES)) {
  add(CODES, code, { country: 'US', code })
  NAMES.set(name, { country: 'US', code })
}
for (const [abbr, [code, ...names]] of Object.entries(CA_PROVINCES)) {
  add(CODES, abbr, { country: 'CA', code })
  for (const n of names) NAMES.set(n, { country: 'CA', code })
}
for (const [abbr, [code, ...names]] of Object.entries(AU_STATES)) {
  add(CODES, abbr, { country: 'AU', code })
  for (const n of names) NAMES.set(n, { country: 'AU', code })
}
for (const [name, code] of Object.entries(GB_NATIONS)) NAMES.set(name, { country: 'GB', code })
for (const [name, code] of Object.entries(DE_STATES)) if (!NAMES.has(name)) NAMES.set(name, { country: 'DE', code })

const ASCII = /^[\x00-\x7f]*$/

function fold(text: string): string {
  // ASCII text has no accents to take off (its decomposition is itself).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim()
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
}

/**
 * The regions a written region may be: a capitalised code (`IL`, `ON`, `WA` — which is both Washington
 * and Western Australia) or a name in any case. `country` (ISO alpha-2), when known, keeps only its own.
 */
export function regionsOf(text: string | undefined, country?: string): Region[] {
  if (!text) return []
  const raw = text.trim().replace(/\.$/, '')
  const code = raw.replace(/\./g, '')
  let found: Region[] = []
  if (/^[A-Za-z]{2,3}$/.test(code) && (code === code.toUpperCase() || code.length === 2)) found = CODES.get(code.toUpperCase()) ?? []
  const named = NAMES.get(fold(raw))
  if (!found.length && named) found = [named]
  return country ? found.filter((r) => r.country === country) : found
}

/** True for a US state, Canadian province, Australian state, UK nation or German state, by code or name. */
export function isRegion(text: string | undefined): boolean {
  return regionsOf(text).length > 0
}

/** The US/CA/AU postal abbreviation of a region (for display: `Ontario` → `ON`), or the text as written. */
export function regionAbbreviation(region: Region): string | undefined {
  if (region.country === 'US') return region.code
  const table = region.country === 'CA' ? CA_PROVINCES : region.country === 'AU' ? AU_STATES : undefined
  return table ? Object.entries(table).find(([, [code]]) => code === region.code)?.[0] : undefined
}

export type { Region }
