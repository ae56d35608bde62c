/**
 * The TZIDs of one iCalendar file → IANA zones (DESIGN §9: ical.js treats a TZID it was not given as
 * floating without a word). Every VTIMEZONE in the file is read: a TZID with an IANA, Windows or vendor
 * name maps to IANA; a custom VTIMEZONE with no such name is kept as an ical.js Timezone so its own rules
 * give each time its offset. ical.js's TimezoneService is process-wide, so per-file Timezone objects are
 * used instead of registering there (two feeds may define the same TZID differently).
 */
import ICAL from 'ical.js'
import { parseRrule } from '../../shared/rrule/rule'
import { formatOffset, parseOffset } from '../../shared/time'
import { resolveZoneName } from '../../shared/zones'
import { type IcsBlock, propertyName, rawValue } from './content-lines'

export type TzidResolution = { zone: string } | { custom: ICAL.Timezone } | { offset: string } | undefined

export type ZoneTable = {
  /** The calendar's default zone for floating times (X-WR-TIMEZONE), when it names a usable zone. */
  defaultZone?: string
  resolve(tzid: string): TzidResolution
}

/** RRULE parts a real VTIMEZONE observance uses; anything else is refused before ical.js iterates it. */
const OBSERVANCE_PARTS = /^(FREQ|INTERVAL|COUNT|UNTIL|WKST|BYMONTH|BYDAY|BYMONTHDAY|BYYEARDAY|BYHOUR|BYMINUTE)=/i

function checkObservances(lines: string[]): string | undefined {
  const kinds = lines.filter((l) => propertyName(l) === 'BEGIN').length
  if (kinds === 0) return 'has no STANDARD or DAYLIGHT part'
  for (const line of lines) {
    const name = propertyName(line)
    const value = rawValue(line).trim()
    if ((name === 'TZOFFSETTO' || name === 'TZOFFSETFROM') && parseOffset(value) === undefined) return `has a bad ${name} "${value}"`
    if (name === 'RRULE') {
      const { rule } = parseRrule(value)
      if (
        !rule ||
        rule.freq !== 'YEARLY' ||
        !value
          .split(';')
          .filter(Boolean)
          .every((p) => OBSERVANCE_PARTS.test(p))
      )
        return `has an unusual RRULE "${value}"`
    }
  }
  return lines.some((l) => propertyName(l) === 'TZOFFSETTO') ? undefined : 'has no TZOFFSETTO'
}

function customTimezone(block: IcsBlock, tzid: string): ICAL.Timezone | string {
  const problem = checkObservances(block.lines)
  if (problem) return problem
  try {
    const jcal = ICAL.parse(['BEGIN:VCALENDAR', 'BEGIN:VTIMEZONE', ...block.lines, 'END:VTIMEZONE', 'END:VCALENDAR'].join('\r\n'))
    const component = new ICAL.Component(jcal).getFirstSubcomponent('vtimezone')
    if (!component) return 'could not be read'
    const tz = new ICAL.Timezone(component)
    tz.utcOffset(ICAL.Time.fromData({ year: 2026, month: 1, day: 1, hour: 12 }))
    return tz.tzid === tzid ? tz : 'could not be read'
  } catch (e) {
    return `could not be read (${(e as Error).message})`
  }
}

/** A TZID that is only a fixed offset (`+05:30`, `UTC+05:30`) and so needs no zone at all. */
function bareOffset(tzid: string): string | undefined {
  const m = /^\(?\s*(?:GMT|UTC)?\s*([+-]\d{1,2}(?::?\d{2})?)\s*\)?$/i.exec(tzid.trim().replace(/^"|"$/g, ''))
  if (!m) return undefined
  const minutes = parseOffset(m[1].length <= 3 ? `${m[1][0]}${m[1].slice(1).padStart(2, '0')}` : m[1])
  return minutes === undefined ? undefined : formatOffset(minutes)
}

/** Reads every VTIMEZONE block and the calendar's X-WR-TIMEZONE into a per-file TZID resolver. */
export function buildZoneTable(blocks: IcsBlock[], calendarZone: string | undefined, warnings: string[]): ZoneTable {
  const known = new Map<string, TzidResolution>()
  for (const block of blocks.filter((b) => b.kind === 'VTIMEZONE')) {
    const tzidLine = block.lines.find((l) => propertyName(l) === 'TZID')
    const tzid = tzidLine && rawValue(tzidLine).trim()
    if (!tzid) {
      warnings.push(`ics: VTIMEZONE at line ${block.line} has no TZID and was ignored`)
      continue
    }
    if (known.has(tzid)) continue
    const zone = resolveZoneName(tzid)
    if (zone) {
      known.set(tzid, { zone })
      continue
    }
    const custom = customTimezone(block, tzid)
    if (typeof custom === 'string') warnings.push(`ics: VTIMEZONE "${tzid}" at line ${block.line} ${custom}; its times cannot be placed`)
    else {
      known.set(tzid, { custom })
      warnings.push(`ics: TZID "${tzid}" has no IANA name; its times are converted with its own VTIMEZONE rules to fixed offsets`)
    }
  }
  const defaultZone = calendarZone ? resolveZoneName(calendarZone) : undefined
  if (calendarZone && !defaultZone) warnings.push(`ics: X-WR-TIMEZONE "${calendarZone}" is not a known zone and was ignored`)
  const unknown = new Set<string>()
  return {
    defaultZone,
    resolve(tzid: string): TzidResolution {
      const name = tzid.trim().replace(/^"(.*)"$/, '$1')
      const found = known.get(name)
      if (found) return found
      const zone = resolveZoneName(name)
      if (zone) return { zone }
      const offset = bareOffset(name)
      if (offset) return { offset }
      if (!unknown.has(name)) {
        unknown.add(name)
        warnings.push(`ics: TZID "${name}" is neither IANA, Windows nor defined by a usable VTIMEZONE; its times are treated as floating`)
      }
      return undefined
    },
  }
}

/** The offset a custom VTIMEZONE gives a wall time, as `+HH:MM`. */
export function customOffset(tz: ICAL.Timezone, date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute, second] = time.split(':').map(Number)
  return formatOffset(Math.round(tz.utcOffset(ICAL.Time.fromData({ year, month, day, hour, minute, second: second || 0 })) / 60))
}
