/**
 * The zone a page writes after a time ("7 p.m. ET", "1:00 PM – 2:00 PM EST", "14:00 GMT / 15:00 CET",
 * "11am PT / 2pm ET"): the time is in that zone, whatever the organization's is (a webinar hosted in
 * another zone, a page that gives the hour in two). The first zone written after the record's time wins.
 * Each abbreviation names the IANA zone that uses it, summer and winter alike (a page that writes "EST" in
 * July or "CET" in August still means that place's clock).
 */
import type { WallTime } from '../../candidate-types'

const ZONES: Record<string, Pick<WallTime, 'zone'>> = {
  ET: { zone: 'America/New_York' },
  EST: { zone: 'America/New_York' },
  EDT: { zone: 'America/New_York' },
  CT: { zone: 'America/Chicago' },
  CST: { zone: 'America/Chicago' },
  CDT: { zone: 'America/Chicago' },
  MT: { zone: 'America/Denver' },
  MST: { zone: 'America/Denver' },
  MDT: { zone: 'America/Denver' },
  PT: { zone: 'America/Los_Angeles' },
  PST: { zone: 'America/Los_Angeles' },
  PDT: { zone: 'America/Los_Angeles' },
  AKST: { zone: 'America/Anchorage' },
  AKDT: { zone: 'America/Anchorage' },
  HST: { zone: 'Pacific/Honolulu' },
  GMT: { zone: 'Europe/London' },
  UTC: { zone: 'Etc/UTC' },
  BST: { zone: 'Europe/London' },
  CET: { zone: 'Europe/Paris' },
  MEZ: { zone: 'Europe/Berlin' },
  CEST: { zone: 'Europe/Paris' },
  MESZ: { zone: 'Europe/Berlin' },
  EET: { zone: 'Europe/Athens' },
  EEST: { zone: 'Europe/Athens' },
  AEST: { zone: 'Australia/Sydney' },
  AEDT: { zone: 'Australia/Sydney' },
  ACST: { zone: 'Australia/Adelaide' },
  ACDT: { zone: 'Australia/Adelaide' },
  AWST: { zone: 'Australia/Perth' },
  NZST: { zone: 'Pacific/Auckland' },
  NZDT: { zone: 'Pacific/Auckland' },
}

/** A zone's abbreviation right after a time (after its clock word), perhaps in parentheses: "7 p.m. ET", "(CST)", "14 Uhr MEZ". */
const ZONE_AFTER = new RegExp(`^\\s*(?:[Uu]hr|uur|h|hrs?|horas?|heures?|ore)?\\.?\\s*\\(?(${Object.keys(ZONES).join('|')})\\)?(?![\\p{L}\\d])`, 'u')

/** An abbreviation that ends a reading's own text (chrono reads "14:00 Uhr MEZ" whole). */
const ZONE_AT_END = new RegExp(`(?<![\\p{L}\\d])\\(?(${Object.keys(ZONES).join('|')})\\)?$`, 'u')

/** The zone written at the end of the reading `[from, to)` of `text` or right after it, or undefined. */
export function zoneAfter(text: string, from: number, to: number): Pick<WallTime, 'zone'> | undefined {
  const m = ZONE_AT_END.exec(text.slice(Math.max(from, to - 8), to)) ?? ZONE_AFTER.exec(text.slice(to, to + 12))
  return m ? ZONES[m[1]] : undefined
}
