/**
 * Zone names as sources write them → IANA names the runtime knows (DESIGN §6: the zone comes from the
 * source first, then the site, then tz-lookup on the venue). Outlook writes Windows names, Mozilla and
 * Citadel prefix IANA names with a vendor path, some tools write only an offset.
 */
import { memoize } from '../../bounded-cache'
import { zoneAt } from '../../geo/gazetteer'
import { isIanaZone } from './time'
import { WINDOWS_ZONES } from './windows-zones'

const windowsByLowerName = new Map(Object.entries(WINDOWS_ZONES).map(([name, zone]) => [name.toLowerCase(), zone]))

/** ICU's spelling of a zone it knows (fixes case: `europe/berlin` → `Europe/Berlin`). */
function canonicalCase(zone: string): string {
  return canonicalNames(zone)
}

// Building a DateTimeFormat is ICU's slowest call; a crawl meets the same few zone names again and again.
const canonicalNames = memoize((zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone, 2_000)

/** An IANA name ICU knows; offset strings (`+05:30`), which ICU also accepts as zones, are not names. */
function asIana(name: string): string | undefined {
  return /^[A-Za-z]/.test(name) && isIanaZone(name) ? canonicalCase(name) : undefined
}

/** `/mozilla.org/20050126_1/America/New_York` → the longest tail that is an IANA name with a `/`. */
function fromVendorPath(name: string): string | undefined {
  const parts = name.split('/').filter(Boolean)
  for (let i = 0; i < parts.length - 1; i++) {
    const tail = parts.slice(i).join('/')
    if (/^[A-Za-z]/.test(tail) && !/^[\w.-]+\.(org|com|net)\//i.test(tail)) {
      const zone = asIana(tail)
      if (zone) return zone
    }
  }
  return undefined
}

/**
 * A TZID that is nothing but a whole-hour offset (`(GMT +01:00)`, `UTC-5`, `GMT+0100`) → `Etc/GMT∓N`
 * (POSIX sign: Etc/GMT-1 is one hour east). Names that add place names ("(UTC+01:00) Amsterdam, Berlin")
 * are refused: the offset alone would drop their daylight-saving rules.
 */
function fromBareOffset(name: string): string | undefined {
  const m = /^\(?\s*(?:GMT|UTC)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?\s*\)?$/i.exec(name)
  if (!m) return undefined
  const hours = Number(m[2])
  if (Number(m[3] ?? 0) !== 0 || hours > 14) return undefined
  if (hours === 0) return 'Etc/UTC'
  return `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`
}

/**
 * Maps an iCalendar TZID (or any zone name a source writes) to an IANA zone, or undefined when it cannot
 * be mapped without guessing. Accepts IANA names (old aliases included, case-insensitive), Windows names via
 * the CLDR table, vendor-prefixed IANA names, quoted values and bare whole-hour offsets.
 */
export function resolveZoneName(tzid: string): string | undefined {
  if (typeof tzid !== 'string') return undefined
  const name = tzid
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
  if (!name || name.length > 200) return undefined
  if (/^(utc|gmt|z|zulu|etc\/utc|etc\/gmt)$/i.test(name)) return 'Etc/UTC'
  const windows = WINDOWS_ZONES[name] ?? windowsByLowerName.get(name.toLowerCase())
  if (windows) return windows
  if (!name.startsWith('/')) {
    const direct = asIana(name)
    if (direct) return direct
  }
  return fromVendorPath(name) ?? fromBareOffset(name)
}

/**
 * The zone of a place from its coordinates (tz-lookup). Coarse within a few km of a border, so it is only
 * for events whose source names no zone. Undefined for coordinates that are not on Earth.
 */
export function zoneFromCoordinates(lat: number, lon: number): string | undefined {
  const zone = zoneAt(lat, lon)
  return isIanaZone(zone) ? zone : undefined
}
