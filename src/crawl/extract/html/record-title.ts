/**
 * A record's title: the most prominent of its lines (a heading, a title class, a link, a bold lead) that,
 * once its dates and their separators are taken out, is neither boilerplate ("Agenda", "Read more") nor
 * "No meeting"; else the heading of the section it sits in.
 */
import { pathHas, PLACE, TITLE } from './class-flags'
import { WEEKDAY_ALTERNATION } from '../weekday-words'
import { type FieldRole, isBoilerplate, labelValue, NO_EVENT, SAVE_THE_DATE, TICKET_STATUS, VENUE_WORD } from './labels'
import { hasWord, labelOnly, type LineDates, type Mention, misspeltWeekday } from './line-dates'
import type { Line } from './page-lines'
import { companionTitle, roomNotTitle } from './companion-title'

export type Role = (line: Line) => FieldRole | undefined
export type Roles = Role & { titled?: boolean }
export type TitleContext = { dates: (line: Line) => LineDates | undefined; section?: string; forceTitle?: string }

export const SEPARATOR_EDGES = /^[\s\-–—:,;|/@·•.]+|[\s\-–—:,;|/@·•(]+$/g
const CONNECTOR_END =
  /\s+(set for|scheduled for|planned for|on|at|am|le|el|la|las|op|om|il|em|um|vom|du|del|de|van|a|à|às|alle|ore|dalle|from|dès|des|until|through|thru|até|hasta|bis|t\/m|fino al|jusqu.au)$/i
const POSTED =
  /^(posted|published|updated|amended|last updated|modified|veröffentlicht|aktualisiert|publié|mis à jour|publicado|actualizado|gepubliceerd|bijgewerkt|pubblicato|aggiornato|atualizado)\b/i
const SEGMENT_SEPARATOR = /\s+[–—-]\s+|\s*[|•·]\s*/g
const FIELD_SEPARATOR = /[|•·]/
const NOT_A_PLACE =
  /^(no|kein|keine|pas de|sin|sem|geen|nessun[ao]?)\b|\b(closed|cancel+ed|geschlossen|fermée?|cerrad[oa]|gesloten|chius[oa]|fechad[oa]|abgesagt|annulée?|cancelad[oa]|afgelast|annullat[oa])\b/i

/**
 * "Palm Sunday, March 29 – Liturgy of the Palms, 9:30 AM (note: one service only)" → "Liturgy of the
 * Palms": the dash- or bar-separated parts of a line that hold a day go when another part has words, and
 * the title ends where a date or time follows it (what comes after is a note).
 */
function keptRange(text: string, spans: Mention[], breaks: number[]): [number, number] {
  // `field`: the part ends at a bar or a dot ("·", "•", "|"), which part fields; a dash may be inside a title.
  const parts: { from: number; to: number; field: boolean }[] = []
  let last = 0
  for (const m of text.matchAll(SEGMENT_SEPARATOR)) {
    // The dash of a range of days ("Nov. 25 – 27") is part of its date, not a separator.
    if (spans.some((s) => s.index < m.index! && s.endIndex >= m.index! + m[0].trimEnd().length)) continue
    parts.push({ from: last, to: m.index!, field: FIELD_SEPARATOR.test(m[0]) })
    last = m.index! + m[0].length
  }
  parts.push({ from: last, to: text.length, field: false })
  // A part that holds a day and at most two other words ("Palm Sunday, March 29") is the date, not the title;
  // words set apart from the date after it ("<b>Nov. 25 – 27</b> Thanksgiving Break") are a title.
  const dated = parts.map((p) => {
    const day = spans.find((s) => s.start.day !== undefined && s.index < p.to && s.endIndex > p.from)
    if (!day || restWords(text, p.from, p.to, spans) > 2) return false
    return !breaks.some((b) => b >= day.endIndex && b < p.to && /\p{L}/u.test(text.slice(b, p.to)))
  })
  const kept = parts.filter((p, i) => !dated[i] && /\p{L}{2,}.*\s\p{L}|\p{L}{4,}/u.test(text.slice(p.from, p.to)))
  if (parts.length < 2 || !kept.length || kept.length === parts.length) return [0, text.length]
  // "Do, 03.12.2026, 19:30 Uhr · Lesung: Winterreise · Stadtbücherei": fields after the date, the title first.
  const fields = kept.length >= 2 && kept.every((p, i) => i === kept.length - 1 || (p.field && parts[parts.indexOf(p) + 1] === kept[i + 1]))
  // "05/12, 10h – Contação de histórias – Sala infantil": a last part that names a venue is the place.
  const tail = kept[kept.length - 1]
  const tailText = text.slice(tail.from, tail.to)
  // "– No School", "– Library CLOSED" say what the day is, not where.
  const venue = !fields && kept.length >= 2 && wordCount(tailText) <= 5 && VENUE_WORD.test(tailText) && !NOT_A_PLACE.test(tailText)
  return [kept[0].from, (fields ? kept[0] : venue ? kept[kept.length - 2] : tail).to]
}

/** The word a time is written after ("ore 21", "um 19 Uhr", "at 7 pm", "à 20h", "Doors 7 pm"). */
/** "on Friday and Saturday, " before a day: the words that give a sentence its day (its title ends before them). */
const DAY_AFTER_ON = new RegExp(`\\s(?:on|am|le|el|op|il|em|no|na)\\s+(?:(?:${WEEKDAY_ALTERNATION})\\.?(?:\\s*(?:,|and|&|und|et|y|e|en)\\s*(?:${WEEKDAY_ALTERNATION})\\.?)*,?\\s*)?$`, 'iu')
const CLOCK_LABEL = /^(?:at|um|à|às|a las|alle|ore|om|h\.?|dalle|from|ab|vanaf|starting at|doors|show|einlass|beginn|début|inicio|inizio|início)$/i

const stripped = new WeakMap<Line, string>()
const strippedReading = new WeakMap<LineDates, string>()

/**
 * A line's text without its dates ("Closed Session – January 7, 2026, 4:00 PM" → "Closed Session"). A
 * record's lines are read for words, then for its title, and a listing repeats its lines in every card:
 * the answer depends on the line's text and its reading alone, and lines of one shape share one reading
 * (see PageReader), so it is worked out once per reading.
 */
export function withoutDates(line: Line, d: LineDates | undefined): string {
  const cache: WeakMap<object, string> = d ? strippedReading : stripped
  const key = d ?? line
  let text = cache.get(key)
  if (text === undefined) cache.set(key, (text = strip(line, d)))
  return text
}

function strip(line: Line, d: LineDates | undefined): string {
  const text = line.text
  const spans = (d?.mentions ?? []).filter((m) => m.eligible || m.dedicated)
  if (!spans.length) return clean(text)
  let [from, to] = keptRange(text, spans, line.breaks)
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= from || m.index >= to) continue
    const before = text.slice(from, m.index).replace(SEPARATOR_EDGES, '')
    const after = restWords(text, m.endIndex, to, spans)
    // "Karfreitag, 15. April 2022, 15 Uhr: Andacht zur Sterbestunde": a day's name before the date, the title after it;
    // a field set off by a dash or a bar ("Planning Board – Wednesday, January 20") is no day's name.
    // "Storytime: Monday, December 7, 10am. For ages 3–5.": words set off by a colon before the date are the title.
    const field = /(?:[–—|·•:]|\s-)\s*$/.test(text.slice(from, m.index))
    // "Sabato 5 dicembre – ore 21 Concerto …": a clock's own word before it ("ore", "um", "at") is part of the time.
    if (m.start.day === undefined && m.start.hour !== undefined && CLOCK_LABEL.test(before)) {
      from = Math.max(from, m.endIndex)
      continue
    }
    const on = m.start.day !== undefined && wordCount(before) > 2 ? DAY_AFTER_ON.exec(text.slice(from, m.index)) : null
    if (!before || (wordCount(before) <= 2 && after >= 2 && m.start.day !== undefined && !field)) from = Math.max(from, m.endIndex)
    else if (on) {
      // "… will hold their annual book sale on Friday and Saturday, December 4 and 5": the sentence's day ends its title.
      to = from + on.index
      break
    } else if (m.start.day === undefined || m.start.hour !== undefined || m.start.year !== undefined || m.dedicated || !restWithout(text, m.endIndex, to, spans)) {
      // A date or time after the title ends it ("…Holy Eucharist at 7 p.m.", "…Meeting – 03/17/2026 – 5:30 PM").
      to = m.index
      break
    }
  }
  // "Join us Saturday, December 5 at 2 p.m. at the Riverside Branch for a holiday craft.": after the date, the title is what the sentence is for.
  return clean(from > 0 ? afterInvitation(text.slice(from, to)) : text.slice(from, to))
}

/** "at the Riverside Branch for a holiday craft" → "Holiday craft"; other text as it is. */
function afterInvitation(text: string): string {
  const m = /^\s*(?:(?:at|in)\s+(?:the\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*\s+)?for\s+(?:a|an|the|our)\s+(?=\p{L})/u.exec(text)
  if (!m) return text
  const rest = text.slice(m[0].length).replace(/[.!]+\s*$/, '')
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}

/** The text of `[from, to)` without the given mentions and separators: empty when only dates follow. */
function restWithout(text: string, from: number, to: number, spans: Mention[]): string {
  let out = ''
  let at = from
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= at || m.index >= to) continue
    out += text.slice(at, Math.max(at, m.index))
    at = Math.max(at, m.endIndex)
  }
  return (out + text.slice(at, to)).replace(/[\s\-–—:,;|/@·•.()]+/g, '')
}

function restWords(text: string, from: number, to: number, spans: Mention[]): number {
  let out = ''
  let at = from
  for (const m of [...spans].sort((a, b) => a.index - b.index)) {
    if (m.endIndex <= at || m.index >= to) continue
    out += ` ${text.slice(at, Math.max(at, m.index))}`
    at = Math.max(at, m.endIndex)
  }
  return wordCount(out + text.slice(at, to))
}

function wordCount(text: string): number {
  return text.match(/\p{L}{2,}/gu)?.length ?? 0
}

/** A long trailing note in parentheses is not part of a title ("… (Achtung: Beginn der Sommerzeit …)"). */
function withoutNote(text: string): string {
  const m = /\s*\(([^()]*)\)?\s*$/.exec(text)
  return m && wordCount(m[1]) >= 4 && wordCount(text.slice(0, m.index)) >= 2 ? text.slice(0, m.index) : text
}

export function clean(text: string): string {
  // "Save the date: Open Science Conference 2027": the announcement's words are no part of the name.
  const named = SAVE_THE_DATE.test(text) ? text.replace(SAVE_THE_DATE, '') || text : text
  return firstSentence(withoutNote(subjectOf(cleanEdges(named))))
}

/**
 * The verb a sentence puts between its subject and its date ("Advent Lessons and Carols will be held
 * Sunday, …", "Das Adventskonzert findet am …", "Le concert aura lieu le …"), in the languages read here.
 */
const VERB_END =
  /\s+(?:will be held|will take place|takes place|is being held|is held|are held|will be|is scheduled(?: for)?|are scheduled(?: for)?|is planned(?: for)?|is|are|begins|will begin|starts|will start|meets|will meet|meet|trifft sich|treffen sich|se réunit|se réunissent|se reúne|se reúnen|si riunisce|si riuniscono|komt samen|komen samen|reúne-se|reúnem-se|findet|finden|beginnt|aura lieu|a lieu|auront lieu|ont lieu|se celebrará|se celebran|se celebra|se realizará|tendrá lugar|tiene lugar|vindt|vinden|wordt gehouden|si terrà|si svolgerà|avrà luogo|será realizad[oa]|acontece|acontecerá|terá lugar)$/i

/**
 * A title cut from a sentence ("The Blue Christmas service, for all who find the season hard, is on …")
 * → its subject ("The Blue Christmas service"): the verb goes, and an aside between commas after the
 * subject goes with it. Text that is no sentence is left as it is.
 */
function subjectOf(text: string): string {
  const m = VERB_END.exec(text)
  if (!m) return text
  const subject = text.slice(0, m.index).replace(SEPARATOR_EDGES, '')
  if (wordCount(subject) < 1 || !/\p{L}{3}/u.test(subject)) return text
  const comma = subject.indexOf(', ')
  return comma > 0 && wordCount(subject.slice(0, comma)) >= 2 ? subject.slice(0, comma) : subject
}

/**
 * ". Club de lectura de adultos: comentamos La ciudad sumergida, de Elvira Lasheras. Sala polivalente. Más
 * información" → its first sentence: what follows (a room, a button) is not the title.
 */
function firstSentence(text: string): string {
  if (text.length <= 60) return text
  const m = /(?<!(?:^|[^\p{L}])\p{L}{1,3})[.!?]\s+(?=\p{Lu})/u.exec(text)
  return m && wordCount(text.slice(0, m.index)) >= 3 ? text.slice(0, m.index) : text
}

function cleanEdges(text: string): string {
  return text.replace(/\s+/g, ' ').replace(SEPARATOR_EDGES, '').replace(CONNECTOR_END, '').replace(SEPARATOR_EDGES, '').trim()
}

/** Text that can be a title: words, not boilerplate, not "No meeting", not a lone (misspelt) weekday. */
export function usableTitle(text: string): boolean {
  if (text.length < 3 || text.length > 200 || isBoilerplate(text) || NO_EVENT.test(text) || TICKET_STATUS.test(text) || !hasWord(text)) return false
  // "(public hearing on the budget)": a note in parentheses is not a title.
  if (/^\(.*\)$/.test(text)) return false
  // "Sa.", "Mié,", "Wedensday": a weekday on its own, its date gone, names no event.
  const bare = text.replace(/[.,:;]+$/, '')
  return !(/^\p{L}+$/u.test(bare) && (misspeltWeekday(bare) || WEEKDAY_ABBREVIATION.test(bare)))
}

const WEEKDAY_ABBREVIATION = new RegExp(`^(?:${WEEKDAY_ALTERNATION})$`, 'i')

function titleScore(line: Line, role: FieldRole | undefined, own: number): number {
  if (role === 'title') return 100
  let score = 0
  if (line.heading) score += 20 - line.heading
  if (pathHas(line.path, own, TITLE)) score += 8
  if (line.link) score += 4
  if (line.strong) score += 2
  return score
}

export function titleOf(lines: Line[], ctx: TitleContext, role: Roles): { text: string; line?: Line } | undefined {
  if (ctx.forceTitle) return { text: ctx.forceTitle, line: lines.find((l) => l.text.startsWith(ctx.forceTitle!)) }
  // A table whose header names no title column ("Datum | Tijd | Locatie | Stukken") takes the heading above it.
  if (role.titled === false && ctx.section) return { text: ctx.section }
  const game = gameTitle(lines, ctx, role) ?? companionTitle(lines, ctx.dates, ctx.section)
  if (game) return game
  const own = commonDepth(lines)
  // Score first (cheap), then clean the best lines until one reads as a title.
  const ranked: { line: Line; score: number; lead: boolean }[] = []
  for (const line of lines) {
    if (line.virtual || !line.text || line.text.length > 400) continue
    const r = role(line)
    if (r && r !== 'title' && r !== 'description') continue
    if (POSTED.test(line.text) || labelOnly(line.text) || labelValue(line.text)) continue
    // "<span class="venue">The Bluebird Cafe</span>", "<span class="city">Nashville, TN</span>": where it is, when a heading can name it.
    if (ctx.section && pathHas(line.path, own, PLACE)) continue
    const lead = !!line.lead && !ctx.dates(line)?.mentions.some((m) => m.index < line.lead!)
    ranked.push({ line, score: titleScore(line, r, own) + (lead ? 3 : 0), lead })
  }
  ranked.sort((a, b) => b.score - a.score || a.line.index - b.line.index)
  for (const { line, lead } of ranked) {
    const leadText = lead ? clean(line.text.slice(0, line.lead)) : ''
    const text = leadText && usableTitle(leadText) ? leadText : withoutDates(line, ctx.dates(line))
    if (ctx.section && !leadText && (namesNothing(line, text) || roomNotTitle(line, text, ctx.section, ctx.dates(line)))) continue
    // "Dec 8, 2026 — Posted Dec 3, 2026 3:00 PM": a date and its posting note, both dates gone, leave "Posted".
    if (POSTED.test(text)) continue
    if (usableTitle(text)) return { text, line }
  }
  return ctx.section ? { text: ctx.section } : undefined
}

/** "vs." or "at" before an opponent, as the schedule wrote it ("@ Eastlake", "v. Harmon"); else "vs.". */
const VERSUS = /^(?:(vs?\.?|versus|gegen|contre|contra|tegen|contro)|(@|at|bei|à|chez))\s+/i

/**
 * A sports schedule's row (its table has an Opponent column): the game is the team the heading names
 * against the opponent ("Varsity Football vs. Lincoln County", "Varsity Football at Eastlake"), not the
 * team alone on every row.
 */
function gameTitle(lines: Line[], ctx: TitleContext, role: Roles): { text: string; line: Line } | undefined {
  const line = lines.find((l) => !l.virtual && role(l) === 'opponent')
  const text = line?.text.trim()
  if (!line || !text) return undefined
  const m = VERSUS.exec(text)
  const opponent = clean(m ? text.slice(m[0].length) : text)
  if (!usableTitle(opponent)) return undefined
  const versus = `${m?.[2] ? 'at' : 'vs.'} ${opponent}`
  return { text: ctx.section ? `${ctx.section} ${versus}` : versus, line }
}

/**
 * A sentence of a news post that refers to its event without naming it ("Il concerto si terrà sabato 14
 * marzo …", "Per chi non potesse partecipare, il concerto sarà replicato domenica …"): plain prose whose
 * cut has no capitalised word after its first. The heading above names the event instead.
 */
function namesNothing(line: Line, text: string): boolean {
  if (line.heading || line.strong || line.link || line.text.length < 80 || !/[.!?]/.test(line.text)) return false
  const words = text.split(/\s+/)
  return REFERRING_START.test(words[0]) && !words.slice(1).some((w) => /^\p{Lu}/u.test(w))
}

/** A sentence that opens with an article, a demonstrative or a preposition refers to something ("The concert", "Il concerto", "Per chi …"); a name opens with its noun ("Fondue au chalet"). */
const REFERRING_START =
  /^(the|this|that|our|it|for|if|il|lo|la|l'.*|l’.*|i|gli|le|questo|questa|per|chi|se|el|los|las|este|esta|para|si|o|a|os|as|se|het|de|dit|deze|dat|voor|als|les|ce|cette|pour|der|die|das|dieses|diese|für|wenn)$/i

/** How many elements all of a record's lines share: classes above that depth belong to the page, not the record. */
export function commonDepth(lines: Line[]): number {
  let depth = lines[0].path.length
  for (const l of lines) {
    let i = 0
    while (i < depth && i < l.path.length && l.path[i] === lines[0].path[i]) i++
    depth = i
  }
  return lines.length === 1 ? depth - 1 : depth
}
