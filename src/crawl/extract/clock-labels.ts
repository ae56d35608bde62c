/**
 * Numbers and clocks in a date line that are not the event's own, blanked before the line is read (the text
 * keeps its length, so every reading still points at the characters the page wrote):
 *  - an ordinal label of a programme's parts ("Day 1 – Monday 7 December", "Tag 2: Dienstag, 8. Dezember",
 *    "Session 3 – 9 December"): chrono read "1 – … 7 December" as a run of days, "2:" as a clock;
 *  - the same time written in other zones ("14:00 CET / 13:00 GMT", "7 pm ET (4 pm PT)"): the clock in the
 *    site's zone is the event's, the others are the same instant elsewhere. Without a zone, or when no
 *    abbreviation is the zone's, the first clock stays (a site writes its own zone first).
 */
import { isIanaZone, offsetAt } from '../../model/zone-time'

/** Words that number a programme's parts, in the languages read (never a word that is also an article: "les"). */
const PART_WORDS = 'day|tag|dag|jour|d[ií]a|giorno|session|sitzung|sessie|s[ée]ance|week|woche|semaine|module|modul|part|teil|deel|lecture|vorlesung|lesson|episode|folge|round|runde'

/**
 * "Day 1 –", "Tag 2:", "Session 3 |": a part word and its number, then a separator. A run of days ("Open
 * Day 7–8 December") and a clock ("Tag 2:30") are not such a label.
 */
const ORDINAL_LABEL = new RegExp(String.raw`(?<=\b(?:${PART_WORDS})\s+)\d{1,2}(?=\s*[–—:|·,(-])(?!\s*[-–—]\s*\d)(?!:\d)`, 'giu')
/** Cheap test before ORDINAL_LABEL: a part word, then a number. */
const ORDINAL_TRIGGER = new RegExp(String.raw`(?:${PART_WORDS})\s+\d`, 'i')

/**
 * What an abbreviation says of a zone: its standard offset (`s`) or its summer one (`d`), in minutes east of
 * Greenwich ("ET" names New York's either way). "BST" is London's summer +60, not Paris's winter +60.
 */
const ABBREVIATIONS: Record<string, { s?: number; d?: number }> = {
  UTC: { s: 0 },
  GMT: { s: 0 },
  WET: { s: 0 },
  BST: { d: 60 },
  WEST: { d: 60 },
  CET: { s: 60 },
  MEZ: { s: 60 },
  CEST: { d: 120 },
  MESZ: { d: 120 },
  EET: { s: 120 },
  EEST: { d: 180 },
  EST: { s: -300 },
  EDT: { d: -240 },
  ET: { s: -300, d: -240 },
  CST: { s: -360 },
  CDT: { d: -300 },
  CT: { s: -360, d: -300 },
  MST: { s: -420 },
  MDT: { d: -360 },
  MT: { s: -420, d: -360 },
  PST: { s: -480 },
  PDT: { d: -420 },
  PT: { s: -480, d: -420 },
  AKST: { s: -540 },
  AKDT: { d: -480 },
  HST: { s: -600 },
  AWST: { s: 480 },
  ACST: { s: 570 },
  AEST: { s: 600 },
  AEDT: { d: 660 },
  NZST: { s: 720 },
  NZDT: { d: 780 },
  JST: { s: 540 },
  KST: { s: 540 },
  SGT: { s: 480 },
  HKT: { s: 480 },
}
const CLOCK = String.raw`\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?\s?m\.?)?`
/** A clock or a range of clocks, then a zone's abbreviation (upper case only: "est", "met" are words). */
const ZONED = new RegExp(String.raw`(${CLOCK}(?:\s*(?:[-–—]|to|until|bis|tot)\s*${CLOCK})?)\s*\(?(${Object.keys(ABBREVIATIONS).join('|')})\b`, 'g')
/** A zone's abbreviation after a digit (one linear scan; two are needed before ZONED is tried). */
const ZONE_AFTER_DIGIT = new RegExp(String.raw`\d\s*(?:[ap]\.?\s?m\.?\s*)?\(?(?:${Object.keys(ABBREVIATIONS).join('|')})\b`, 'g')

/** Whether an abbreviation names `zone`: its standard offset, or its summer one where the zone has a summer time. */
function namesZone(abbreviation: string, zone: string): boolean {
  const year = new Date().getUTCFullYear()
  const [a, b] = [offsetAt(Date.UTC(year, 0, 15), zone), offsetAt(Date.UTC(year, 6, 15), zone)]
  const { s, d } = ABBREVIATIONS[abbreviation]
  return s === Math.min(a, b) || (a !== b && d === Math.max(a, b))
}

/** `text` with the clocks of other zones than `zone`'s blanked (see the module comment); the same text when none are. */
export function homeZoneClocks(text: string, zone: string | undefined): string {
  ZONE_AFTER_DIGIT.lastIndex = 0
  if (!ZONE_AFTER_DIGIT.test(text) || !ZONE_AFTER_DIGIT.test(text)) return text
  const found = [...text.matchAll(ZONED)]
  if (found.length < 2 || new Set(found.map((m) => m[2])).size < 2) return text
  let keep = isIanaZone(zone) ? found.findIndex((m) => namesZone(m[2], zone!)) : -1
  if (keep < 0) keep = 0
  let out = text
  for (const [i, m] of found.entries()) {
    if (i === keep) continue
    out = out.slice(0, m.index) + '~'.repeat(m[1].length) + out.slice(m.index + m[1].length)
  }
  return out
}

/**
 * `text` with the numbers that are no part of the event's date blanked (see the module comment), the same
 * length, so a reading's indices are the page's; `zone` is the site's, when known.
 */
export function withoutForeignNumbers(text: string, zone: string | undefined): string {
  const labelled = ORDINAL_TRIGGER.test(text) ? text.replace(ORDINAL_LABEL, (n) => '#'.repeat(n.length)) : text
  return homeZoneClocks(labelled, zone)
}

/** "c.t." (cum tempore) after a clock: the academic quarter. "s.t." (sine tempore) changes nothing. */
const CUM_TEMPORE = /^\s*(?:uhr\s*)?\(?c\.\s?t\.?(?![\p{L}])/iu
const CT_TRIGGER = /c\.\s?t\./i

type Clock = { hour?: number; minute?: number }
const shifted = <P extends Clock>(p: P, minutes: number): P => {
  if (p.hour === undefined || (p.minute ?? 0) !== 0) return p
  const total = p.hour * 60 + minutes
  return { ...p, hour: Math.floor(total / 60), minute: total % 60 }
}

/**
 * Readings of `text` with the academic quarter applied: "17 Uhr c.t." starts at 17:15, "16–18 Uhr c.t." runs
 * from 16:15 to 17:45 (a lecture starts a quarter late and ends a quarter early). Only full hours shift: a
 * clock with its minutes ("16:15 c.t.") already says when.
 */
export function academicQuarter<R extends { endIndex: number; start: Clock; end?: Clock }>(text: string, readings: R[]): R[] {
  if (!CT_TRIGGER.test(text)) return readings
  return readings.map((r) => {
    if (r.start.hour === undefined || !CUM_TEMPORE.test(text.slice(r.endIndex))) return r
    return { ...r, start: shifted(r.start, 15), ...(r.end?.hour !== undefined ? { end: shifted(r.end, -15) } : {}) }
  })
}
