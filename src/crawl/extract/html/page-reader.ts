/**
 * What the listing reader knows about a page's lines: the language its dates are written in, the day a
 * year-less date is read against, and each line's dates, read once per line (and once per distinct line
 * shape: a listing repeats its times, labels and boilerplate in every card).
 */
import { pickDateLocale } from '../date-locale'
import { writesDayFirst } from '../english-rewrites'
import { parseIsoDateTime } from '../../shared/datetime'
import { DateReader, dayOf, type YearRef } from '../prose-dates'
import { lineDates, type LineDates, NOT_EVENT_DATE } from './line-dates'
import { MAY_OPEN_WITH_DAY, type MonthContext, monthOfLine } from '../month-context'
import { readingDay } from '../year-hint'
import type { Line, PageLines } from './page-lines'

/** Inline shapes remembered per line text (see PageReader.shared). */
/** A day number alone in a cell ('01', '7.'). */
const BARE_DAY = /^\d{1,2}\.?$/
const MAX_SHAPES = 8

/** What the reader knows about a page's lines: their dates, read once each. */
export class PageReader {
  readonly reader: DateReader
  /** The window's start, and the page's publication date for dates without a year or weekday. */
  readonly ref: YearRef
  private readonly cache: (LineDates | null | undefined)[]
  private readonly shapes = new Map<string, { line: Line; d: LineDates }[]>()
  constructor(
    readonly page: PageLines,
    windowStart: string,
    /** Where the page came from and the zone the caller gave: they tell whether "05/12/2026" is 5 December. */
    origin: { sourceUrl?: string; zone?: string } = {},
  ) {
    let sample = ''
    for (const l of page.lines) {
      if (sample.length > 12_000) break
      if (l.text && !l.chrome) sample += ` ${l.text}`
    }
    const locale = pickDateLocale(page.facts.lang, page.facts.ogLocale, sample)
    const dayFirst = locale === 'en' && writesDayFirst(page.facts.lang, page.facts.ogLocale, hostOf(origin.sourceUrl), origin.zone)
    this.reader = new DateReader(locale, dayFirst, origin.zone)
    this.cache = new Array(page.lines.length)
    const published = publishedDay(page, this.reader)
    this.ref = published ? { ref: windowStart, published } : windowStart
    this.months = monthScopes(page.lines, readingDay(this.ref))
  }

  /** The month the heading above each line names ("Diciembre 2026"), when the page has such headings. */
  private readonly months: (MonthContext | undefined)[] | undefined

  dates = (line: Line): LineDates | undefined => {
    const hit = this.cache[line.index]
    if (hit !== undefined) return hit ?? undefined
    // "Miércoles 2" under "Diciembre 2026" reads with the heading's month (see month-context.ts), once per line.
    const month = this.months?.[line.index]
    const prev = this.page.lines[line.index - 1]
    let d =
      month && MAY_OPEN_WITH_DAY.test(line.text) ? lineDates(line, this.reader, month) : month && BARE_DAY.test(line.text) ? this.cellDay(line, prev, month) : line.text ? this.shared(line) : undefined
    // `<dt>Anmeldeschluss</dt><dd>7. Oktober 2026</dd>`: a deadline label on the line before.
    if (d?.mentions.length && prev && !prev.virtual && prev.text.length <= 40 && NOT_EVENT_DATE.test(prev.text)) {
      // The shared reading stays as it is: this line gets its own copy.
      d = { ...d, mentions: d.mentions.map((m) => ({ ...m, eligible: false })) }
    }
    if (d && (d.day || d.time) && !d.mentions.some((m) => m.eligible)) d = { ...d, day: false, time: false }
    this.cache[line.index] = d ?? null
    return d
  }

  /**
   * "<td>Di</td><td>01</td>" under a month row ("Dezember 2026"): a day number in a cell of its own after its
   * weekday's cell reads as "Di 01" would (its mentions placed on its own text); else as any line.
   */
  private cellDay(line: Line, prev: Line | undefined, month: MonthContext): LineDates | undefined {
    const row = line.path.findLast((e) => e.tagName === 'tr')
    if (!prev || prev.virtual || !row || !prev.path.includes(row) || !/^\p{L}{2,10}\.?,?$/u.test(prev.text)) return this.shared(line)
    const shift = prev.text.length + 1
    const d = lineDates({ ...line, text: `${prev.text} ${line.text}`, breaks: [] }, this.reader, month)
    if (!d.day) return this.shared(line)
    return { ...d, mentions: d.mentions.map((m) => ({ ...m, index: Math.max(0, m.index - shift), endIndex: Math.max(0, m.endIndex - shift) })) }
  }

  /**
   * `lineDates` once per distinct line (its text, inline breaks, publication spans and whether it is
   * virtual: all it reads of a line); a listing repeats its times, labels and boilerplate in every card.
   * Lines of one shape share the one reading, which nobody changes (see `dates`).
   */
  private shared(line: Line): LineDates {
    // Keyed by the line's own text (no key string is built; its hash is the one every text cache uses).
    let same = this.shapes.get(line.text)
    if (!same) this.shapes.set(line.text, (same = []))
    for (const s of same) if (sameShape(s.line, line)) return s.d
    const d = lineDates(line, this.reader)
    // A text set in many inline shapes (a hostile page) is read per line: the search stays short.
    if (same.length < MAX_SHAPES) same.push({ line, d })
    return d
  }
}

/** True when two lines of one text read the same to `lineDates`: virtual or not, the same breaks, publication and struck spans. */
function sameShape(a: Line, b: Line): boolean {
  if (!!a.virtual !== !!b.virtual || !sameNumbers(a.breaks, b.breaks)) return false
  return sameSpans(a.postedSpans, b.postedSpans) && sameSpans(a.struckSpans, b.struckSpans)
}

function sameSpans(pa: [number, number][] | undefined, pb: [number, number][] | undefined): boolean {
  if (!pa || !pb) return pa === pb
  return pa.length === pb.length && pa.every(([x, y], i) => x === pb[i][0] && y === pb[i][1])
}

function sameNumbers(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * The month each line sits under: a short heading, bold line or caption that names a month ("Actividades
 * de diciembre 2026", "DEZEMBER") heads the lines after it until the next one. A month without a year is
 * in the year the reading day puts it (a month before the reading day's month is next year's), or the one
 * before or after when a line's weekday says so. Undefined for a page without such headings (most).
 */
function monthScopes(lines: Line[], readingDay: string): (MonthContext | undefined)[] | undefined {
  let out: (MonthContext | undefined)[] | undefined
  let current: MonthContext | undefined
  const refYear = Number(readingDay.slice(0, 4))
  const refMonth = Number(readingDay.slice(5, 7))
  for (const line of lines) {
    // A heading, a bold line, or a line short enough to be a month alone ("Dezember", "Septiembre 2026").
    if (!line.chrome && !line.virtual && line.text.length <= 60 && (line.heading > 0 || line.strong || line.text.length <= 16)) {
      const named = monthOfLine(line.text)
      if (named) {
        const base = named.year ?? (named.month >= refMonth - 1 ? refYear : refYear + 1)
        current = { month: named.month, years: named.year ? [named.year] : [base, base + 1, base - 1] }
        out ??= new Array(lines.length)
      }
    }
    if (out) out[line.index] = current
  }
  return out
}

/**
 * The day the page was published or last changed: its meta tags, a `<time class="published">`, or a
 * visible "Posted May 28, 2026" / "Publié le 12 février 2026" with a year.
 */
function publishedDay(page: PageLines, reader: DateReader): string | undefined {
  const meta = parseIsoDateTime(page.facts.published ?? page.facts.modified ?? '')
  if (meta) return meta.date
  for (const line of page.lines) {
    if (line.chrome) continue
    if (line.published && line.machine) return line.machine.date
    if (line.text.length > 80 || !POSTED_LINE.test(line.text)) continue
    const m = reader.raw(line.text).find((x) => x.start.year !== undefined && x.start.day !== undefined)
    if (m) return dayOf(m.start, '2000-01-01')
  }
  return undefined
}

const POSTED_LINE = /^(posted|published|publié|publicado|veröffentlicht|gepubliceerd|pubblicato)\b/i

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).hostname : undefined
  } catch {
    return undefined
  }
}
