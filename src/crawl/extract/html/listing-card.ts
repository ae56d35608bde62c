/**
 * Reads one card (or table row, or list item) of an event listing: its title, when, link, and the few
 * details a card usually shows. Pure over the parse5 tree; dates in prose go through chrono.
 */
import { parseIsoDateTime } from '../datetime'
import { findProseDates, type ProseWhen } from '../prose-dates'
import type { Candidate, WallTime } from '../../types'
import { attr, collapse, type Element, findAll, findFirst, textOf, tokens } from './dom'

const HEADING = /^h[1-6]$/
const TITLE_CLASS = /(^|[-_])(title|name|summary|heading|headline)($|[-_])/i
const DATE_CLASS = /(date|time|when|day|month|year)/i
const GENERIC_LINK = /^(read more|more|more info(rmation)?|details|learn more|view( event| details)?|register( now)?|registration|tickets?|buy tickets|rsvp|sign ?up|book( now)?|add to (my )?calendar|ical|ics|google( calendar)?|outlook|export|share|map|directions|website|continue reading|see more|»|›|→)[\s.!:»›→]*$/i
const NOT_EVENT_DATE = /(posted|published|updated|modified|deadline|(register|registration|apply|rsvp)\s+(by|before|opens|closes|ends|deadline)|sale ends|by\s*$)[\s:]*$/i
const TICKET_TEXT = /\b(register|registration|tickets?|rsvp|sign ?up|book( now| a seat)?|reserve)\b/i
/** Publication dates of posts (h-entry `dt-published`, WordPress `entry-date`): never an event's day. */
const PUBLISHED_CLASS = /(published|updated|posted|modified|byline|entry-date|post-date|post-meta|entry-meta)/i
const CANCELLED_CLASS = /(^|[-_])(cancell?ed)($|[-_])/i

function classText(card: Element, pattern: RegExp, unless?: RegExp): string | undefined {
  const el = findFirst(card, (e) => tokens(e, 'class').some((c) => pattern.test(c) && !unless?.test(c)))
  const text = el ? collapse(textOf(el)) : ''
  return text || undefined
}

function titleOf(card: Element): { text: string; el: Element } | undefined {
  const heading = findFirst(card, (e) => HEADING.test(e.tagName))
  const byClass = findFirst(card, (e) => tokens(e, 'class').some((c) => TITLE_CLASS.test(c) && !DATE_CLASS.test(c)))
  for (const el of [heading, byClass]) {
    const text = el ? collapse(textOf(el)) : ''
    if (text.length >= 3 && text.length <= 200 && !GENERIC_LINK.test(text)) return { text, el: el! }
  }
  const links = findAll(card, (e) => e.tagName === 'a' && !!attr(e, 'href'))
    .map((el) => ({ el, text: collapse(textOf(el)) }))
    .filter((l) => l.text.length >= 3 && l.text.length <= 200 && !GENERIC_LINK.test(l.text) && !/^[\d\s:/.,apm-]+$/i.test(l.text))
    .sort((a, b) => b.text.length - a.text.length)
  return links[0]
}

function usableHref(el: Element): string | undefined {
  const href = attr(el, 'href')?.trim()
  if (!href || href.startsWith('#') || /^(javascript|mailto|tel):/i.test(href)) return undefined
  if (/\.ics(\?|$)|^webcal:|google\.com\/calendar\/(render|event)|outlook\.(live|office)\.com/i.test(href)) return undefined
  return href
}

function linkOf(card: Element, title?: { text: string; el: Element }): string | undefined {
  if (title) {
    const inTitle = title.el.tagName === 'a' ? title.el : findFirst(title.el, (e) => e.tagName === 'a')
    const href = inTitle && usableHref(inTitle)
    if (href) return href
    const around = title.el.parentNode && 'tagName' in title.el.parentNode && (title.el.parentNode as Element).tagName === 'a' ? usableHref(title.el.parentNode as Element) : undefined
    if (around) return around
  }
  if (card.tagName === 'a') return usableHref(card)
  for (const a of findAll(card, (e) => e.tagName === 'a')) {
    const href = usableHref(a)
    if (href && !TICKET_TEXT.test(textOf(a))) return href
  }
  return undefined
}

function isPublished(el: Element): boolean {
  return tokens(el, 'class').some((c) => PUBLISHED_CLASS.test(c)) || (attr(el, 'itemprop') ?? '').startsWith('date')
}

const CLOCK = /^\s*\d{1,2}(:\d{2})?\s*([ap]\.?\s?m\.?)?\s*$/i

/**
 * Machine-readable dates in the card (`<time datetime>`, `content`, `data-start`), in document order. A
 * `<time>` whose `datetime` is only a day but whose text is a clock time (Squarespace writes
 * `<time datetime="2026-12-04">10:00 AM</time>`) gives that day at that time.
 */
function machineDates(card: Element, ref: string): WallTime[] {
  const out: WallTime[] = []
  for (const el of findAll(card, (e) => e.tagName === 'time' || e.attrs.some((a) => a.name === 'content' || a.name === 'data-start' || a.name === 'data-date' || a.name === 'data-start-date'))) {
    const raw = attr(el, 'datetime') ?? attr(el, 'data-start') ?? attr(el, 'data-start-date') ?? attr(el, 'data-date') ?? attr(el, 'content')
    const wall = raw ? parseIsoDateTime(raw) : undefined
    if (!wall || isPublished(el)) continue
    const text = el.tagName === 'time' && !wall.time ? collapse(textOf(el)) : ''
    const clock = text && CLOCK.test(text) ? timeOnly(text, ref)?.time : undefined
    out.push(clock ? { ...wall, time: clock } : wall)
  }
  return out
}

/** A day followed by that day's times (a day badge, then start and end clocks): the timed values win. */
function preferTimed(machine: WallTime[]): { start: WallTime; end?: WallTime } {
  const first = machine[0]
  const timed = machine.filter((m) => m.time && m.date >= first.date)
  if (!first.time && timed.length && timed[0].date === first.date) {
    const last = timed[timed.length - 1]
    return { start: timed[0], end: timed.length > 1 && (last.date > timed[0].date || last.time! > timed[0].time!) ? last : undefined }
  }
  return { start: first, end: machine[1] && machine[1].date >= first.date ? machine[1] : undefined }
}

/** The first event-like date in prose: skips "Posted June 1" and "Register by June 3". */
function proseWhen(text: string, ref: string): ProseWhen | undefined {
  for (const w of findProseDates(text, ref)) {
    if (NOT_EVENT_DATE.test(text.slice(Math.max(0, w.index - 40), w.index))) continue
    if (w.date) return w
  }
  return undefined
}

function timeOnly(text: string, ref: string): ProseWhen | undefined {
  return findProseDates(text, ref).find((w) => !w.date && w.time)
}

/** `contextDate` is asked only when a card names no day itself (it may cost a chrono parse). */
export type CardContext = { sourceUrl: string; ref: string; contextDate?: () => string | undefined }

/**
 * The Candidate a listing card describes, or undefined when it lacks a title or a day. A time is taken only
 * when the card writes one; a card under a day heading ("Saturday, June 7") takes that day.
 */
export function readCard(card: Element, ctx: CardContext): Candidate | undefined {
  const title = titleOf(card)
  if (!title) return undefined
  const lines = textOf(card, { lines: true, skip: isPublished })
  const rest = lines.replace(title.text, ' ')
  let start: WallTime | undefined
  let end: WallTime | undefined
  const machine = machineDates(card, ctx.ref)
  // The card's date element, when it has one, is read first: shorter text for chrono, no stray numbers.
  const dateEl = findFirst(card, (e) => e !== title.el && tokens(e, 'class').some((c) => DATE_CLASS.test(c) && !TITLE_CLASS.test(c)))
  const dateText = dateEl ? textOf(dateEl, { skip: isPublished }) : ''
  // A card may only name its day at the start of its title ("June 13: Lego Club"); a day later in a title
  // ("Closed June 19 for Juneteenth") is a notice, not a schedule.
  const titleDay = () => {
    const w = proseWhen(title.text, ctx.ref)
    return w && w.index <= 4 ? w : undefined
  }
  const prose = (dateText && proseWhen(dateText, ctx.ref)) || proseWhen(rest, ctx.ref) || (machine.length ? undefined : titleDay())
  if (machine.length) {
    ;({ start, end } = preferTimed(machine))
    if (!start.time && prose?.date === start.date && prose.time) {
      start = { date: start.date, time: prose.time }
      if (prose.endTime && !end) end = { date: prose.endDate ?? start.date, time: prose.endTime }
    }
  } else if (prose?.date) {
    start = prose.time ? { date: prose.date, time: prose.time } : { date: prose.date }
    if (prose.endTime) end = { date: prose.endDate ?? prose.date, time: prose.endTime }
    else if (prose.endDate) end = { date: prose.endDate }
  } else {
    const day = ctx.contextDate?.()
    if (day) {
      const t = timeOnly(rest, ctx.ref)
      start = t?.time ? { date: day, time: t.time } : { date: day }
      if (t?.endTime) end = { date: day, time: t.endTime }
    }
  }
  if (!start) return undefined
  const c: Candidate = { source: { url: ctx.sourceUrl, format: 'html', method: 'listing' }, title: title.text, start }
  if (end) c.end = end
  const url = linkOf(card, title)
  if (url) c.url = url
  const location = classText(card, /(location|venue|where|place|address)/i)
  if (location && location !== title.text) c.place = { name: location.replace(/^(location|where|venue)\s*:\s*/i, '') }
  // "…-date-tag" is The Events Calendar's date badge ("Dec 3"), not a tag: date and time classes never name categories.
  const cats = classText(card, /(categor|(^|[-_])tags?$|audience|event-type)/i, DATE_CLASS)
  if (cats) c.categories = cats.split(/[,|•·]/).map((s) => s.trim()).filter(Boolean)
  const cost = classText(card, /(cost|price|fee|admission)/i)
  if (cost) c.cost = cost
  const description = classText(card, /(summary|description|excerpt|teaser|blurb)/i) ?? describe(lines, [title.text, location, cats, cost], ctx.ref)
  if (description && description.length > 15) c.description = description.slice(0, 2000)
  const img = findFirst(card, (e) => e.tagName === 'img')
  const src = img && (attr(img, 'src') ?? attr(img, 'data-src'))
  if (src && !src.startsWith('data:')) c.image = src
  const ticket = findAll(card, (e) => e.tagName === 'a' && TICKET_TEXT.test(textOf(e))).map(usableHref).find(Boolean)
  if (ticket && ticket !== url) c.ticketUrl = ticket
  if (tokens(card, 'class').some((cl) => CANCELLED_CLASS.test(cl))) c.status = 'EventCancelled'
  return c
}

/** The card's own prose: its lines minus the title, date, place, category and cost lines and button labels. */
function describe(lines: string, known: (string | undefined)[], ref: string): string | undefined {
  const skip = new Set(known.filter(Boolean))
  const isDateLine = (l: string) => /\d/.test(l) && findProseDates(l, ref).some((w) => w.endIndex - w.index >= l.length * 0.6)
  const kept = lines.split('\n').filter((l) => !skip.has(l) && !GENERIC_LINK.test(l) && !(l.length < 30 && TICKET_TEXT.test(l)) && !isDateLine(l))
  return kept.join('\n') || undefined
}

/** A day named by a heading or label with no time (a listing's "Saturday, June 7" group header). */
export function dayHeading(el: Element, ref: string): string | undefined {
  const text = collapse(textOf(el))
  if (!text || text.length > 60) return undefined
  const w = findProseDates(text, ref)[0]
  return w?.date && !w.time ? w.date : undefined
}
