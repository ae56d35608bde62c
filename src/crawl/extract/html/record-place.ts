/**
 * Where a record happens: a label ("Location:", "Wo:", "Waar:") and the lines of its value, a table
 * column, a place class, a map link's address, or an address-shaped line with the venue's name above it.
 */
import type { CandidatePlace } from '../../candidate-types'
import { pathHas, PLACE } from './class-flags'
import { attr, type Element, findFirst } from '../../shared/dom'
import { isBoilerplate, labelValue, statusFromText, TICKET_STATUS, VENUE_WORD } from './labels'
import { ALL_DAY, hasWord, labelOnly, type LineDates } from './line-dates'
import type { Line } from './page-lines'
import { headField } from './head-field'
import { addressAfter, addressShaped, STREET, splitPlace } from './address-shape'
import { ON_SCREEN } from './online-place'
import { commonDepth, type Role, SEPARATOR_EDGES, usableTitle } from './record-title'

export { placeOnly, splitPlace } from './address-shape'

const MAP_TEXT = /\b(map|maps|directions|karte|anfahrt|plan|carte|itinéraire|mapa|cómo llegar|kaart|route|mappa|indicazioni|como chegar)\b/i
export const MAP_HOST = /(maps\.google\.|google\.[a-z.]+\/maps|maps\.apple\.com|bing\.com\/maps|openstreetmap\.org)/i

/** "Beginn: 9 Uhr · Ort: Hörsaal, Schleusenstraße 1": a labelled place among a line's fields set off by dots or bars. */
function placeField(text: string): { role: string; value: string } | undefined {
  if (!/\s[·|•]\s/.test(text)) return undefined
  for (const field of text.split(/\s+[·|•]\s+/).slice(1)) {
    const lv = labelValue(field)
    if (lv && (lv.role === 'place' || lv.role === 'address') && lv.value) return lv
  }
  return undefined
}

/** The address a map link searches for (`maps.google.com?q=2975 Farmersville Road …`). */
function mapAddress(lines: Line[]): string | undefined {
  for (const line of lines) {
    // A map link is a link of the line itself, or one inside it whose text says "map" or "directions".
    const inner = !line.virtual && !line.link && MAP_TEXT.test(line.text)
    const anchor = line.link ?? (inner ? findFirst(line.el, (e) => e.tagName === 'a' && MAP_HOST.test(attr(e, 'href') ?? '')) : undefined)
    const href = anchor && attr(anchor, 'href')
    if (!href || !MAP_HOST.test(href)) continue
    try {
      const q = new URL(href, 'https://example.invalid/').searchParams.get('q') ?? new URL(href, 'https://example.invalid/').searchParams.get('query')
      if (q && /\p{L}/u.test(q) && !/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/.test(q.trim())) return q.replace(/\s+/g, ' ').trim()
    } catch {}
  }
  return undefined
}

/** A place's text without a map link's word; a status alone ("--CANCELLED--" under the room) is no part of it. */
const placeText = (t: string) => {
  const text = t
    .replace(/\s*\(?\b(map|directions|google maps?)\b\)?\s*$/i, '')
    // "(14.30 uur, Aula)": the closing parenthesis of a note the place ends, not part of its name.
    .replace(/^([^(]*)\)\s*$/, '$1')
    .replace(SEPARATOR_EDGES, '')
    .trim()
  return text.length <= 24 && !/\s\S+\s/.test(text) && statusFromText(text) ? '' : text
}

/** The value lines of a label line: the text after its colon, or the lines after it up to the next label. */
function labelled(lines: Line[], i: number, value: string): string[] {
  if (value) return [value]
  const out: string[] = []
  let box: Element | undefined
  for (let j = i + 1; j < lines.length && out.length < 4; j++) {
    const l = lines[j]
    const t = l.text
    if (!t || l.virtual) continue
    if (labelValue(t) || labelOnly(t) || /[:：]$/.test(t) || isBoilerplate(t) || /directions to/i.test(t)) break
    // The value is the element after the label (a `<dd>`, a field's item): the lines in it, and no further.
    box ??= valueBox(lines[i], l)
    if (box && !l.path.includes(box)) break
    out.push(t)
  }
  return out
}

/** The outermost element holding the value line but not its label line. */
function valueBox(label: Line, value: Line): Element | undefined {
  let i = 0
  while (i < label.path.length && i < value.path.length && label.path[i] === value.path[i]) i++
  return value.path[i]
}

const NAME_WORD = /^(\p{Lu}|\d|&|of|the|and|de|del|la|le|les|du|des|am|im|an|der|die|das|di|da|van|y|e|et|aan|het|['’]t|op|bij|ter|ten|den|zum|zur|sur)/u
/** "SOLD OUT", "Ausverkauft", "Complet": a ticket status, no place. */
export const COST_WORD = /\b(free|gratuit|gratis|kostenlos|eintritt frei|entrada libre|ingresso libero)\b|[€$£]\s?\d|\d\s?[€$£]|[€$£]/iu

/**
 * "Sabato 5 dicembre 2026, ore 21:00 – Teatro Comunale", "… à 18h30, église Saint-Martin.": the one field
 * after a record's last date or time names its place, when it reads as a venue (a venue word, or a name
 * in capitals) and not as a price. `dates`: each line's dates.
 */
function datedTail(lines: Line[], skip: Set<string>, dates: (line: Line) => LineDates | undefined): CandidatePlace | undefined {
  // With several timed lines ("9:00 AM – Sunday School", "10:30 AM – Worship Service") a capitalised field
  // after a time is as likely a title as a place: only a venue word says place then.
  const single = lines.filter((l) => dates(l)?.mentions.some((m) => m.eligible && m.start.hour !== undefined)).length <= 1
  for (const line of lines) {
    const mentions = dates(line)?.mentions ?? []
    const eligible = mentions.filter((m) => m.eligible)
    if (!eligible.length || line.virtual) continue
    // After the last time; else after an earlier one whose sentence ends before the next time begins
    // ("de 10h à 18h, place de l'Église. … visite du Père Noël à 15h.").
    const ends = eligible.map((m) => m.endIndex).sort((a, b) => b - a)
    for (const end of ends) {
      const rest = tailAfter(line.text, end)
      // A field with a date of its own ("Dec 8, 2026 — Posted Dec 3, 2026 3:00 PM") is a note, not a place.
      if (mentions.some((m) => m.index >= end && m.index < end + rest.length)) continue
      const found = tailPlace(line, end, rest, skip, single)
      if (found) return found
    }
  }
  for (const line of lines) {
    const eligible = dates(line)?.mentions.filter((m) => m.eligible) ?? []
    const found = eligible.length && !line.virtual ? proseVenue(line.text, Math.max(...eligible.map((m) => m.endIndex)), skip) : undefined
    if (found) return found
  }
  return undefined
}

/** The text after a time up to the end of its sentence, without a clock's word the reading left out. */
function tailAfter(text: string, end: number): string {
  // "14.00 - 15.00 uur · Bibliotheek Naaldwijk", "09:30 – 12:30 CET | Online": the clock's word and zone belong to the time.
  return text
    .slice(end)
    .replace(/^(?:\s*(?:uur|uhr|h|hs|hrs|horas|heures|ore|o'clock|cet|cest|mez|mesz|gmt|utc|bst|[ecmp][sd]t)\b\.?)+/i, '')
    .split(SENTENCE_END)[0]
}

/** The one field of `rest` (the text after a time at `end`) when it reads as a venue; see `datedTail`. */
function tailPlace(line: Line, end: number, rest: string, skip: Set<string>, single: boolean): CandidatePlace | undefined {
  // A separator, or the start of another inline element ("<span>7:30 PM</span><span>The Loft</span>").
  const own = line.breaks.some((b) => b >= end && !line.text.slice(end, b).trim())
  const m = (own ? /^\s*(?:[,–—|·•]|\s-)?\s*([^;|·•]{3,60}?)\s*\.?\s*$/u : /^\s*(?:[,–—|·•]|\s-)\s*([^;|·•]{3,60}?)\s*\.?\s*$/u).exec(rest)
  // "… às 21h, na Igreja Matriz", "… à 20h30, en l'église Saint-Pierre": the preposition is no part of the name.
  const value = m && placeText(m[1]).replace(TAIL_PREPOSITION, '')
  // The title written after the date ("January 23 – Warren Branch", "…, Solemne Vigilia Pascual. Traer velas.") is not its place.
  if (
    !value ||
    [...skip].some((s) => s && (s.length <= value.length ? value.startsWith(s) : s.startsWith(value))) ||
    !/\p{L}{3}/u.test(value) ||
    !usableTitle(value) ||
    COST_WORD.test(value) ||
    ALL_DAY.test(value)
  )
    return undefined
  if (ON_SCREEN.test(value)) return { name: value }
  // "Town Hall, Room 2": every part a venue or a name.
  const parts = value.split(/,\s*/)
  const venue = (p: string) => p.split(/\s+/).length <= 6 && (VENUE_WORD.test(p) || (single && p.split(/\s+/).every((w) => NAME_WORD.test(w))))
  return parts.length <= 3 && parts.every(venue) ? splitPlace([value]) : undefined
}

/** A link to a place's page on a calendar (Localist's `/place/…`, `/venues/…`, `/locations/…`) or a map. */
const PLACE_HREF =
  /\/(?:place|places|venue|venues|location|locations|parks?|lieu|lieux|ort|orte|luogo|lugar|locatie|locaties|local)(?:\/|$|\?)|maps\.google\.|google\.[a-z.]+\/maps|maps\.apple\.com|openstreetmap\.org/i

const TAIL_PREPOSITION = /^(?:(?:at the|at|in the|na|no|nas|nos|em|en el|en la|en|à la|au|nella|nel|presso la|presso il|presso|im|in der|in de|in het|op)\s+|(?:en|à) l['’])(?=\p{L})/iu

/** The end of a sentence: a stop, then a capital; not the stop of a short abbreviation ("St. Louis", "Dr. King"). */
const SENTENCE_END = /(?<!(?:^|[^\p{L}])\p{L}{1,3})[.!?]\s+(?=\p{Lu})/u

/**
 * "at the Elm Grove Community Center, 13600 Juneau Blvd.", "à la salle des fêtes", "im Gemeindehaus", "presso la
 * chiesa di San Rocco, in via Roma 12": a named venue after a sentence's time.
 */
const PROSE_VENUE =
  /(?:^|\s)(?:at|in|à|au|à la|à l'|en|en el|en la|im|in der|nel|nella|presso|in de|op)\s+(?:the\s+|(?:la|il|lo|el|le)\s+(?=\p{L})|l['’](?=\p{Ll}))?((?:\p{Lu}\p{L}*\s+\p{Ll}\p{L}*(?=\s+(?:di|de|del|della|do|da|dos|das|van)\s+\p{Lu})|\p{Lu}[\p{L}'’.-]*|(?!(?:de|het|der|die|das|den|la|le|les|el|los|las|il|lo|gli|the|an?|o|os|as|na|no)\s)\p{Ll}\p{L}*(?:\s+\p{Ll}\p{L}*)?(?=\s+(?:(?:di|de|del|della|do|da|van)\s+)?\p{Lu})|(?:\p{Ll}[\p{L}'’-]*\s+){0,3}(?:room|hall|library|gym|auditorium|chapel|sanctuary|parlou?r|cafeteria|courtyard|lobby|atrium|basement|lounge)(?![\p{L}]))(?:\s+(?:\p{Lu}[\p{L}'’.-]*|\d{1,4}[a-z]?(?![\d:.])|of|and|&|the|de|du|des|la|le|del|der|di|della|do|da|dos))*)(?:,\s*((?:[^,.;]|(?<=\b\p{Lu})\.){5,60}))?/u

/** The place a sentence names after `from` (its time): "… at 9:00 a.m. in the Board Chambers, …". */
export function proseVenue(text: string, from: number, skip: ReadonlySet<string> = new Set()): CandidatePlace | undefined {
  // Within the sentence of the time: the next sentence tells of something else ("A reception follows in …").
  const sentence = text.slice(from, from + 160).split(SENTENCE_END)[0]
  const m = PROSE_VENUE.exec(sentence)
  if (!m) return undefined
  const name = m[1].replace(/\.+$/, '').replace(/\s+(of|and|&|the|de|du|des|la|le|del|der)$/i, '')
  if (skip.has(name) || (!VENUE_WORD.test(name) && name.split(/\s+/).length < 2)) return undefined
  // "presso la chiesa di San Rocco", "in the lower level meeting room": a name in lower case opens or ends with a venue's word.
  if (/^\p{Ll}/u.test(name) && !VENUE_WORD.test(name.split(/\s+/)[0]) && !VENUE_WORD.test(name.split(/\s+/).at(-1)!)) return undefined
  const address = m[2] && STREET.test(m[2]) ? m[2].trim().replace(/^(?:in|en|em|op|an)\s+/i, '') : undefined
  return address ? { name, address } : { name }
}

/**
 * A card's line right after its time that names a venue ("7:30 PM" / "Riverside Arts Center"): short,
 * with a venue word, not the title, not a sentence.
 */
function venueAfterTime(lines: Line[], skip: Set<string>, dates: Parameters<typeof datedTail>[2]): CandidatePlace | undefined {
  const dated = (l: Line) => !!dates(l)?.mentions.some((m) => m.eligible)
  const first = lines.findIndex(dated)
  // "Thurs 3 Dec, 10.30am" / <h3>title</h3> / "Studio 2 · €25": the record's title and further date or time lines
  // between them are passed over (a later sentence with a time, "Rentals available until 8 pm.", is not).
  const next = first >= 0 ? lines.slice(first + 1).find((l) => !l.virtual && l.text && !skip.has(l.text) && !dated(l)) : undefined
  // A link counts when it leads to the place's own page ("<a href="/place/harmon_chapel">Harmon Chapel</a>").
  const placeLink = !!next?.link && PLACE_HREF.test(attr(next.link, 'href') ?? '')
  // A card wrapped in one link (`<a class="card">` around date, title and place) links every line: only a line's own link counts.
  const ownLink = !!next?.link && !lines.some((l) => l !== next && l.link === next.link)
  if (!next || next.text.length > 60 || (ownLink && !placeLink) || /[.!?:]$/.test(next.text) || isBoilerplate(next.text)) return undefined
  // "Salón 2 · Inscripción previa": the venue is the first field; the note stays the record's.
  const value = placeText(next.text.split(/\s*[|•·]\s*/)[0])
  if (value && ON_SCREEN.test(value)) return { name: value }
  // "Royal Academy, Kloveniersburgwal 29, Amsterdam": a name and its address (see splitPlace).
  return value && value.split(/\s+/).length <= 6 && (placeLink || VENUE_WORD.test(value) || addressShaped(value)) && !COST_WORD.test(value) ? splitPlace([value]) : undefined
}

/** "Borgo antico · ore 17:00": the first field of a line whose other fields are its times (see head-field.ts). */
function headPlace(lines: Line[], skip: Set<string>, dates: (line: Line) => LineDates | undefined): CandidatePlace | undefined {
  for (const line of lines) {
    const field = headField(line, dates(line))
    const value = field && placeText(field)
    if (value && !skip.has(value) && value.split(/\s+/).length <= 6 && hasWord(value) && !COST_WORD.test(value) && !isBoilerplate(value)) return splitPlace([value])
  }
  return undefined
}

export function placeOf(lines: Line[], role: Role, skip: Set<string>, dates?: Parameters<typeof datedTail>[2]): CandidatePlace | undefined {
  for (let i = 0; i < lines.length; i++) {
    const only = labelOnly(lines[i].text)
    const lv = only ? { role: only, value: '' } : (placeField(lines[i].text) ?? labelValue(lines[i].text))
    if (!lv || (lv.role !== 'place' && lv.role !== 'address')) continue
    // "Local: Teatro Municipal · Entrada franca": the place is the field the label names, not the price after it.
    const values = labelled(lines, i, lv.value)
      .map((v) => placeText(v.split(/\s+[·|•]\s+/)[0]))
      .filter(Boolean)
    if (values.length) return splitPlace(values)
  }
  const roled = lines.filter((l) => !l.virtual && (role(l) === 'place' || role(l) === 'address'))
  const byRole = roled.map((l) => placeText(l.text)).filter(Boolean)
  // A table's Venue and City columns ("Doug Fir Lounge" | "Portland, OR"), in either order: the name, then where it is.
  const named = roled
    .filter((l) => role(l) === 'place')
    .map((l) => placeText(l.text))
    .filter(Boolean)
  const located = roled
    .filter((l) => role(l) === 'address')
    .map((l) => placeText(l.text))
    .filter(Boolean)
  if (named.length === 1 && located.length && !addressShaped(named[0])) return { name: named[0], address: located.join(', ') }
  if (byRole.length) return splitPlace(byRole)
  const own = commonDepth(lines)
  const byClass = lines
    .filter((l) => !l.virtual && l.text && pathHas(l.path, own, PLACE))
    .map((l) => placeText(l.text))
    .filter(Boolean)
  if (byClass.length) {
    const place = splitPlace(byClass)
    const at = lines.findIndex((l) => placeText(l.text) === byClass[byClass.length - 1])
    const fromMap = place.address ? undefined : (mapAddress(lines) ?? (place.name && byClass.length === 1 ? addressAfter(lines, at) : undefined))
    if (fromMap) place.address = fromMap
    if (!place.name && place.address)
      place.name = nameBefore(
        lines,
        lines.findIndex((l) => placeText(l.text) === byClass[0]),
        skip,
      )
    if (!place.name) delete place.name
    return place
  }
  const fromMap = mapAddress(lines)
  if (fromMap) return { address: fromMap }
  const tail = dates && (datedTail(lines, skip, dates) ?? headPlace(lines, skip, dates) ?? venueAfterTime(lines, skip, dates))
  if (tail) return tail
  // A line of prose ("Samedi 5 décembre de 10h à 18h, place de l'Église. Une trentaine…") is no address.
  const i = lines.findIndex((l) => !l.virtual && l.text.length <= 120 && addressShaped(l.text) && !skip.has(l.text) && !SENTENCE_END.test(l.text))
  if (i < 0) return undefined
  const name = nameBefore(lines, i, skip)
  return name ? { name, address: lines[i].text } : { address: lines[i].text }
}

/** The place a line of an address gives ("Harbor Playhouse, 45 Water Street, Port Townsend, WA"), not a line of prose. */
export function addressLine(line: Line): CandidatePlace | undefined {
  return !line.virtual && line.text.length <= 120 && addressShaped(line.text) && !SENTENCE_END.test(line.text) ? splitPlace([line.text]) : undefined
}

/**
 * "Do, 03.12.2026, 19:30 Uhr · <b>Lesung: Winterreise</b> · Stadtbücherei, Lesesaal": the field after a
 * title set off by dots or bars names its place, when it holds no date and is not a button's word.
 * `dated`: the ranges of the line's dates.
 */
export function fieldPlace(line: Line, title: string, dated: { index: number; endIndex: number }[]): CandidatePlace | undefined {
  const at = line.text.indexOf(title)
  if (at < 0) return undefined
  const m = /^\s*([|•·]|[–—]|\s-)\s*([^|•·–—]{3,80}?)\s*(?:[|•·–—]|$)/.exec(line.text.slice(at + title.length))
  // After a dash only a venue ("… Natal na floresta – Sala infantil"): a dash may also go on with the title.
  if (!m || (!/[|•·]/.test(m[1]) && !VENUE_WORD.test(m[2]))) return undefined
  const field = m[2]
  const from = line.text.indexOf(field, at + title.length)
  const value = placeText(field)
  // A price field ("£10 / £8 concs", "Free") is no place.
  if (dated.some((d) => d.index < from + field.length && d.endIndex > from) || !value || !/\p{L}{3}/u.test(value) || isBoilerplate(value) || COST_WORD.test(value) || TICKET_STATUS.test(value))
    return undefined
  return splitPlace([value])
}

/** The venue's name written on the line above its address ("Dielmann West" / "11400 Olde Cabin Road …"). */
function nameBefore(lines: Line[], i: number, skip: Set<string>): string | undefined {
  const prev = lines[i - 1]
  if (!prev || prev.virtual || prev.text.length > 60 || skip.has(prev.text) || isBoilerplate(prev.text) || /\d{1,2}[:/.]\d{2}/.test(prev.text) || labelValue(prev.text)) return undefined
  return hasWord(prev.text) ? prev.text : undefined
}
