/**
 * An exhibition's (or a show's) own events, written as sentences in its card under its heading: "Opening
 * reception: Friday 15 January, 6–8pm. All welcome, free.", "Vernissage vrijdag 15 januari om 17.00 uur.",
 * "Inauguração: sexta-feira, 15 de janeiro, às 19h.", "Rondleiding door de conservator: zondag 10 januari …".
 * The sentence names only the kind of event; the heading names what it belongs to. The title is both
 * ("Opening reception: Winter Light"), never what is left of the sentence ("All welcome, free."). And the
 * card's own dates beside a room ("16 January – 11 April 2027" / "Main Gallery") are the heading's, not
 * the room's.
 */
import type { Candidate } from '../../candidate-types'
import { clockOf, dayOf, type YearRef } from '../prose-dates'
import type { YearHint } from '../year-hint'
import { VENUE_WORD } from './labels'
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'
import { WEEKDAY_ALTERNATION } from '../weekday-words'

/** The kinds of event that belong to an exhibition, a show or a collection, in the languages read here. */
const COMPANION_KIND = new RegExp(
  `^(?:${[
    '(?:official |grand )?opening(?: reception| night| party)?',
    "(?:closing |members'? |private )?reception",
    'private view(?:ing)?',
    'preview',
    "(?:artist'?s?'?|gallery|curator'?s?'?|exhibition) (?:talk|tour|walk-?through|conversation)",
    '(?:guided |curator-led )?tour',
    'walk-?through',
    'meet the artists?',
    'book signing',
    'finissage',
    'vernissage',
    'opening',
    'rondleiding',
    'lezing',
    'kunstenaarsgesprek',
    'inaugura(?:ção|cao|ción|cion|zione|tion)',
    'abertura',
    'encerramento',
    'conversa',
    'bate-papo',
    'roda de conversa',
    'palestra',
    'lançamento',
    'visita(?: guiada| guidata| comentada)?',
    'visite(?: guidée| commentée)?',
    'rencontre',
    'charla',
    'clausura',
    'incontro',
    'eröffnung',
    '\\p{L}*führung',
    '\\p{L}*gespräch',
  ].join('|')})(?![\\p{L}])`,
  'iu',
)

/** "Library Closed", "Town Hall closure": a status of the day, the title of a closure, never a room. */
const STATUS_WORD = /\b(closed|closure|cancel+ed|geschlossen|fermée?|cerrad[oa]|gesloten|chius[oa]|fechad[oa]|no school)\b/i
const HOURS_WORD = /\b(hours|times|tijden|zeiten|horaires?|hor[aá]rios?|orari)\b/i

/** "Vernissage le …", "Kuratorenführung am …", "Opening on …": the preposition before the day is no part of the kind. */
const TRAILING_PREPOSITION = /\s+(?:on|am|le|op|em|no|el|il|de|du|dia|the)\s*$/iu

/** A weekday written just before the date ("sexta-feira, ", "vrijdag "), which the date reading may leave out. */
const TRAILING_WEEKDAY = new RegExp(`(?:${WEEKDAY_ALTERNATION})(?:-feira)?[.,]?\\s*$`, 'iu')

/**
 * "Opening reception: Winter Light: Paintings by Helen Marsh" for a record made of one sentence that opens
 * with a companion event's kind and then its date, under a heading (`section`); else undefined. A record
 * with a title of its own (a heading, a link, bold text) keeps it.
 */
export function companionTitle(lines: Line[], dates: (line: Line) => LineDates | undefined, section: string | undefined): { text: string; line: Line } | undefined {
  if (!section) return undefined
  const shown = lines.filter((l) => !l.virtual && l.text)
  if (shown.some((l) => l.heading || l.link || l.strong)) return undefined
  const line = shown.find((l) => dates(l)?.mentions.some((m) => m.eligible))
  const first = line && dates(line)!.mentions.find((m) => m.eligible)
  if (!line || !first) return undefined
  const kind = kindBefore(line.text.slice(0, first.index))
  if (!kind || section.toLowerCase().startsWith(kind.toLowerCase())) return undefined
  return { text: `${kind}: ${section}`, line }
}

/** The kind a text opens with, when it names a companion event ("Opening reception: ", "Vernissage vrijdag "), else undefined. */
function kindBefore(before: string): string | undefined {
  const kind = /^(.{3,60}?)\s*[:–—-]?$/u.exec(before.replace(TRAILING_WEEKDAY, '').replace(TRAILING_PREPOSITION, '').trim())?.[1]
  // "Opening hours: …", "Openingstijden" are a site's hours, no event.
  return kind && COMPANION_KIND.test(kind) && !HOURS_WORD.test(kind) && kind.split(/\s+/).length <= 6 ? kind : undefined
}

/**
 * "16 January – 11 April 2027. Opening reception Friday 15 January, 6–8pm.": a companion event told in a
 * sentence of a record whose own event is another (the exhibition): one more event, titled with its kind and
 * the record's title, at its own day and time.
 */
export function companionEvents(lines: Line[], dates: (line: Line) => LineDates | undefined, main: Candidate, ref: YearRef, yearHint?: YearHint): Candidate[] {
  const out: Candidate[] = []
  const title = main.title
  if (!title) return out
  for (const line of lines) {
    const mentions = line.virtual ? [] : (dates(line)?.mentions ?? [])
    for (const m of mentions) {
      // A kind is three characters at least: a date that opens its line (most) has none before it.
      if (!m.eligible || m.start.day === undefined || m.index < 3) continue
      const sentence = line.text.slice(0, m.index).split(/[.!?]\s+(?=\p{Lu})/u)
      const kind = kindBefore(sentence[sentence.length - 1])
      const date = kind && dayOf(m.start, ref, yearHint)
      if (!kind || !date || date === main.start?.date || title.toLowerCase().startsWith(kind.toLowerCase())) continue
      const time = clockOf(m.start)
      const endTime = clockOf(m.end)
      const c: Candidate = { source: main.source, title: `${kind}: ${title}`, start: time ? { date, time } : { date } }
      if (time && endTime && endTime > time) c.end = { date, time: endTime }
      if (main.url) c.url = main.url
      out.push(c)
    }
  }
  return out
}

/** A heading that only names an exhibition's own event ("Opening Reception", "Artist Talk", "Vernissage"). */
const COMPANION_HEADING =
  /^(?:(?:official |grand )?opening reception|(?:closing |members'? |private )?reception|private view(?:ing)?|(?:members'? )?preview|(?:artist'?s?'?|gallery|curator'?s?'?|exhibition) (?:talk|tour|walk-?through|conversation)|meet the artists?|finissage|vernissage|inaugura(?:ção|cao|ción|cion|zione|tion)|kunstenaarsgesprek|\p{L}*gespräch|\p{L}*führung|bate-papo)$/iu

/**
 * The section title a heading gives the records under it: "Opening Reception" under the exhibition's
 * "Winter Light" heading is "Opening Reception: Winter Light"; any other heading is itself. `above`: the
 * headings above it, by level.
 */
export function companionSection(title: string, above: (string | undefined)[]): string {
  const parent = COMPANION_HEADING.test(title) ? above.findLast((t) => t !== undefined) : undefined
  return parent ? `${title}: ${parent}` : title
}

/**
 * A card's date line followed by a room ("16 January – 11 April 2027" / "Main Gallery") under a heading: the
 * room is the place, the heading the title. True when `text` is such a room line of a record with no heading.
 */
export function roomNotTitle(line: Line, text: string, section: string | undefined, d?: LineDates): boolean {
  // A line of its own, the whole of it the room (not "9:00 AM – Sunday School", not "Rosary (Chapel)"), or after
  // a span of days ("16 January – 11 April 2027, Main Gallery").
  const days = d?.mentions.filter((m) => m.eligible && m.start.day !== undefined && m.start.hour === undefined) ?? []
  const span = days.some((m) => m.end?.day !== undefined) || days.length >= 2
  return !!section && !line.heading && !line.link && (text === line.text || span) && text.split(/\s+/).length <= 3 && VENUE_WORD.test(text) && !/[.!?()]/.test(text) && !STATUS_WORD.test(text)
}
