/**
 * A page that is one event and carries no markup for it (DESIGN §6: "A page that is one event uses
 * label–value pairs"): its title is the `h1` (else the line heading the date's block, else `og:title`),
 * its date and time come from a labelled line ("Date:", "When:", "Wann:", "Quand :", a `<dl>`) or the
 * first dated line under the title, and its place from a "Location:"/"Where:"/"Waar:" label or an
 * address-shaped line near the date.
 */
import type { Candidate } from '../../types'
import { roleOfLabel } from './labels'
import type { LineDates } from './line-dates'
import type { Line, PageFacts } from './page-lines'
import { readRecord, withoutDates } from './record-fields'

export type DetailContext = {
  lines: Line[]
  dates: (line: Line) => LineDates | undefined
  /** Lines that belong to records or head them: never the page's own event. */
  taken: Set<number>
  facts: PageFacts
  sourceUrl: string
  ref: string
  yearAt: (index: number) => number | undefined
}

const WINDOW_AFTER_TITLE = 40

function labelRole(line: Line, next: Line | undefined): boolean {
  const m = /^([^:：]{2,30})[:：]/.exec(line.text)
  const role = m ? roleOfLabel(m[1]) : line.text.length <= 30 ? roleOfLabel(line.text) : undefined
  if (role === 'when' || role === 'date' || role === 'time') return true
  // A `<dt>Date</dt><dd>June 5</dd>` pair: the term is the label.
  return !!next && line.el.tagName === 'dt' && !!roleOfLabel(line.text)
}

/** The line holding the page's own date, or undefined when it has none we trust. */
function mainWhen(ctx: DetailContext, start: number): number | undefined {
  const { lines, dates, taken } = ctx
  const usable = (l: Line) => !l.chrome && !taken.has(l.index)
  for (let i = start; i < lines.length; i++) {
    const l = lines[i]
    if (!usable(l) || !labelRole(l, lines[i + 1])) continue
    for (let j = i; j <= Math.min(lines.length - 1, i + 2); j++) if (dates(lines[j])?.day && usable(lines[j])) return j
  }
  const end = start > 0 ? Math.min(lines.length, start + WINDOW_AFTER_TITLE) : lines.length
  for (let i = start; i < end; i++) {
    const l = lines[i]
    const d = dates(l)
    if (!usable(l) || !d?.day || l.virtual) continue
    const timed = d.time || dates(lines[i + 1] ?? l)?.time || dates(lines[i + 2] ?? l)?.time
    if (timed || l.heading || l.strong) return i
  }
  return undefined
}

/** The lines around the date that describe the event: its block, widened up to a few lines. */
function blockAround(ctx: DetailContext, at: number, from: number): Line[] {
  const { lines, taken } = ctx
  const line = lines[at]
  let lo = at
  let hi = at
  for (let depth = line.path.length - 1; depth >= 0; depth--) {
    const el = line.path[depth]
    while (lo > from && lines[lo - 1].path[depth] === el && !taken.has(lo - 1)) lo--
    while (hi + 1 < lines.length && lines[hi + 1].path[depth] === el && !taken.has(hi + 1) && hi - lo < 30) hi++
    if (hi - lo >= 6) break
  }
  return lines.slice(lo, hi + 1).filter((l) => !l.chrome)
}

/** `og:title`, else `<title>`, without the site's name ("Owl Prowl Night Hike | Hollow Creek Nature Center"). */
export function pageTitle(facts: PageFacts): string | undefined {
  const raw = facts.ogTitle ?? facts.title
  if (!raw) return undefined
  const parts = raw.split(/\s+[|–—-]\s+|\s+::\s+|\s+·\s+/).map((p) => p.trim()).filter(Boolean)
  const site = facts.siteName?.trim().toLowerCase()
  const kept = parts.filter((p) => p.toLowerCase() !== site)
  return (kept.length > 1 && !site ? kept[0] : kept.join(' – ')) || undefined
}

/** The page's own event, when it is an event page without markup. */
export function detailEvent(ctx: DetailContext): Candidate | undefined {
  const { lines, dates } = ctx
  const h1 = lines.find((l) => l.heading === 1 && !l.chrome && !ctx.taken.has(l.index))
  const at = mainWhen(ctx, h1 ? h1.index : 0)
  if (at === undefined) return undefined
  const block = blockAround(ctx, at, h1 ? h1.index : 0)
  const extra = lines.slice(at + 1, at + WINDOW_AFTER_TITLE).filter((l) => !l.chrome && !ctx.taken.has(l.index) && !block.includes(l))
  const title = h1 ? withoutDates(h1, dates(h1)) : pageTitle(ctx.facts)
  const read = readRecord([...block, ...extra], {
    sourceUrl: ctx.sourceUrl,
    ref: ctx.ref,
    dates: (l) => (l.index === at || !dates(l)?.day || l.index < at + 3 ? dates(l) : undefined),
    yearHint: ctx.yearAt(at),
    section: title ?? ctx.facts.ogTitle ?? ctx.facts.title,
    forceTitle: title || undefined,
  })
  if (!read.candidate) return undefined
  read.candidate.source.method = 'page'
  return read.candidate
}
