/**
 * Dates a line gives that are no event's day: a publication date or a deadline named by the words before
 * it ("Posted", "Dated:", "term expires", "Register by"), a day after a deadline's time ("by 12:00 noon on
 * January 13"), and a day replaced by a new one (struck out, or before "RESCHEDULED to …").
 */
import type { RawWhen } from '../prose-dates'
import { NEW_DATE } from './labels'

/** Words before a date that make it a publication date or a deadline, not an event's day. */
export const NOT_EVENT_DATE =
  /((posted|published|publicad[oa]|pubblicat[oa]|gepubliceerd|veröffentlicht|publiée?)\s+(on|em|el|il|le|op|am)|posted|published|updated|amended|dated|expires|expiring|expiration|modified|last (updated|modified|reviewed)|deadline|due|(register|registration|booking|apply|rsvp|sign[- ]?up)\s+(by|before|opens|closes|ends|deadline|starting|from)(\s+on)?|sale ends|tickets?\s+(go\s+)?on\s+sale(\s+(on|from))?|(call for [a-z]+|submissions?|applications?|abstracts?)\s+(closes?|opens?|due)(\s+on)?|inschrijving sluit( op)?|(aanmelden|inschrijven) kan (tot( en met)?|t\/m|uiterlijk)|by|starting|veröffentlicht|aktualisiert|stand|anmeldeschluss|anmeldung bis|anmeldefrist|publié( le)?|mise? à jour( le)?|dernière mise à jour|date limite|inscriptions? (avant|jusqu'au)|avant le|publicado|actualizado|fecha l[ií]mite|plazo|inscripci[oó]n(es)? hasta|gepubliceerd|bijgewerkt|uiterlijk|inschrijven (voor|tot)|pubblicato|aggiornato|entro|scadenza|atualizado|prazo|inscrições até|minutes (of|from)|approval of (the )?minutes|copyright|©)[\s:.,-]*$/i

/** "Aplazada al 4 de marzo", "RESCHEDULED to Thursday, February 25": a day right after a new date's words is that new date. */
export const RENEWED_BEFORE = new RegExp(`(?:${NEW_DATE.source})[\\s:]*$`, 'iu')

/** "Sitzungsraum 1.12", "Room 2.10": a room's number written like a day, right after the room's word. */
export const ROOM_BEFORE = /(?:\p{L}*(?:raum|zimmer|saal)|room|salle|sala|zaal|lokaal|aula|stanza|suite)\s*$/iu

/** The words before `m` make it a publication date or a deadline ("Posted Dec 3, 2026"). */
export function noteDate(text: string, m: RawWhen): boolean {
  return NOT_EVENT_DATE.test(text.slice(Math.max(0, m.index - 40), m.index))
}

/** "… submitted by 12:00 noon on January 13, 2027": a day after a deadline's time ("by 12:00 noon") is the deadline's. */
export function deadlineTime(text: string, m: RawWhen, others: RawWhen[]): boolean {
  if (m.start.day === undefined) return false
  let first: RawWhen | undefined
  for (let at = m.index, o = timeEndingAt(text, at, others); o; at = o.index, o = timeEndingAt(text, at, others)) first = o
  return !!first && NOT_EVENT_DATE.test(text.slice(Math.max(0, first.index - 40), first.index))
}

/** The time that ends just before `at` ("12:00 noon on …"), with only "on" or a comma between. */
function timeEndingAt(text: string, at: number, others: RawWhen[]): RawWhen | undefined {
  return others.find((o) => o.start.day === undefined && o.endIndex <= at && /^\s*(?:on|,)?\s*$/.test(text.slice(o.endIndex, at)))
}

/**
 * "Data: <del>sábado, 28 de março</del> 18 de abril": a date struck out beside one that is not was replaced
 * by it: it anchors nothing (its text is still a date, never a title). A line struck out as a whole (a
 * cancelled event) keeps its dates.
 */
export function struckOut(raw: RawWhen[], spans: [number, number][]): Set<RawWhen> | undefined {
  const struck = raw.filter((m) => spans.some(([a, b]) => m.index >= a && m.endIndex <= b))
  return struck.length && struck.length < raw.length ? new Set(struck) : undefined
}

/**
 * "February 23, 2027 – RESCHEDULED to Thursday, February 25, 2027", "5 mars, reporté au 12 mars": the dates
 * before a new date's words, when a day follows them, were replaced by it, as a struck-out date is.
 */
export function replacedBefore(text: string, raw: RawWhen[]): Set<RawWhen> | undefined {
  const m = NEW_DATE.exec(text)
  if (!m) return undefined
  const old = raw.filter((r) => r.endIndex <= m.index)
  const renewed = raw.some((r) => r.index >= m.index + m[0].length && r.start.day !== undefined)
  return renewed && old.some((r) => r.start.day !== undefined) ? new Set(old) : undefined
}
