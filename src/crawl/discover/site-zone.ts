import { lookupTable } from '../../lookup-table'

/**
 * The zone of an organization that no source names, read from how it writes its address: a US state or
 * Canadian province after a city ("Toronto, ON M4M 1X3", "Riverbend, NY 12401"). Each state and province
 * maps to the zone most of its people live in; the few split states are a known approximation, used only
 * when nothing better (a TZID, a feed's zone, venue coordinates) is available.
 */
const REGION_ZONES: Record<string, string> = lookupTable({
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles', CO: 'America/Denver',
  CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York',
  LA: 'America/Chicago', ME: 'America/New_York', MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago',
  TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver', PR: 'America/Puerto_Rico',
  ON: 'America/Toronto', QC: 'America/Toronto', BC: 'America/Vancouver', AB: 'America/Edmonton', MB: 'America/Winnipeg', SK: 'America/Regina',
  NS: 'America/Halifax', NB: 'America/Moncton', NL: 'America/St_Johns', PE: 'America/Halifax', YT: 'America/Whitehorse', NT: 'America/Yellowknife', NU: 'America/Iqaluit',
})

const NAMES: Record<string, string> = lookupTable({
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE', florida: 'FL', georgia: 'GA',
  hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD',
  massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH',
  'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY', ontario: 'ON', quebec: 'QC', 'british columbia': 'BC',
  alberta: 'AB', manitoba: 'MB', saskatchewan: 'SK', 'nova scotia': 'NS', 'new brunswick': 'NB',
})

const ABBREVIATED = new RegExp(`[A-Z][A-Za-z.'’ -]{1,40},\\s*(${Object.keys(REGION_ZONES).join('|')})(?:\\s+(\\d{5}(?:-\\d{4})?|[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d))?\\b(?![ \\t]+[a-z])`, 'g')
const SPELLED = new RegExp(`[A-Z][A-Za-z.'’ -]{1,40},\\s*(${Object.keys(NAMES).map((n) => n.replace(/ /g, '\\s+')).join('|')})\\b`, 'gi')

/** The zone of a region code or name (`NY`, `Ontario`), if it is one we know. */
export function zoneOfRegion(region: string | undefined): string | undefined {
  if (!region) return undefined
  const key = region.trim()
  return REGION_ZONES[key.toUpperCase()] ?? REGION_ZONES[NAMES[key.toLowerCase().replace(/\s+/g, ' ')] ?? '']
}

/**
 * The zone most addresses in `text` point to, counting "City, ST" with a postal code twice as much as
 * without; undefined when no address is recognised.
 */
export function zoneFromAddresses(text: string): string | undefined {
  const votes = new Map<string, number>()
  const vote = (zone: string | undefined, weight: number) => zone && votes.set(zone, (votes.get(zone) ?? 0) + weight)
  for (const m of text.matchAll(ABBREVIATED)) vote(REGION_ZONES[m[1]], m[2] ? 2 : 1)
  for (const m of text.matchAll(SPELLED)) vote(zoneOfRegion(m[1]), 1)
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}
