/**
 * What the listing reader tells besides its events: which of its records structured data already
 * describes (merge.ts keeps those from the markup), and why a page gave none (on stderr for an operator).
 */
import type { LineDates } from './line-dates'
import type { Line } from './page-lines'
import { usableTitle, withoutDates } from './record-title'
import type { PageReader } from './page-reader'
import type { RecordSpan } from './records'

export type Coverage = { covered: Set<RecordSpan>; touched: Set<number> }

/** The records structured data describes, and the repeated structures they are in. */
export function coverage(spans: RecordSpan[], lines: Line[], covered: (text: string) => boolean): Coverage {
  const out = { covered: new Set<RecordSpan>(), touched: new Set<number>() }
  for (const span of spans) {
    let text = ''
    for (let i = span.from; i <= span.to; i++) text += ` ${lines[i].text}`
    if (!covered(text)) continue
    out.covered.add(span)
    out.touched.add(span.region)
  }
  return out
}

/** Why a page gave no events, at the step where reading stopped. */
export function explain(seg: { records: RecordSpan[]; regions: number; anchors: number }, reasons: Map<string, number>, lines: Line[], pr: PageReader): string {
  if (!seg.anchors) {
    const dated = lines.filter((l) => !l.virtual && pr.dates(l)?.mentions.length).length
    return dated ? `dates found in ${dated} line(s), none an event's (publication dates, deadlines, or dates inside sentences)` : 'no dates found in the visible text'
  }
  if (!seg.records.length) return `dates found in ${seg.anchors} block(s) but no repeated structure holds them, and none stands alone as an event (no time, label or heading with it)`
  const why = [...reasons.entries()].map(([r, n]) => `${n} ${r}`).join(', ')
  return `${seg.records.length} record(s) in ${seg.regions} repeated structure(s), none an event${why ? `: ${why}` : ''}`
}

/**
 * A record that only gives its day ("January 12, 2027"), or its day and a status or a note that names nothing
 * ("February 9, 2027 – CANCELLED", "February 23 – RESCHEDULED to February 25", "January 19 (holiday)",
 * "February 16 – Tuesday"): a listed day, which a rule or lead said beside
 * the list gives its time (see list-lead.ts). A record titled by its section's heading ("Sesiones del Pleno" over
 * "26/11/2026 | 19:00 | Ordinaria") is a day of that section's meetings too (listing.ts marks both).
 */
export function bareDay(lines: Line[], dates: (line: Line) => LineDates | undefined): boolean {
  return lines.every((l) => {
    const d = l.virtual || !l.text ? undefined : dates(l)
    return !d || d.whenOnly || (d.day && !usableTitle(withoutDates(l, d)))
  })
}

/** A heading that names no event, only that events follow ("Upcoming Events", "Tour Dates", "Termine"). */
const GENERIC_HEADING =
  /^(?:(?:upcoming|future|our|all|current|next|live|regular|scheduled|kommende|nächste|prochains?|prochaines|próximos|próximas|komende|prossimi|próximos)\s+)?(?:events?|shows?|concerts?|gigs?|tour|tour dates|dates|live dates|meeting dates|meeting schedule|meeting calendar|meetings calendar|agendas (?:&|and) minutes|agendas|minutes|meeting agendas|calendário de reuniões|calendario de reuniones|calendrier des séances|calendrier des réunions|sitzungskalender|vergaderkalender|calendario delle sedute|meetings|schedule of meetings|sitzungstermine|sitzungen|dates des séances|séances|calendario de sesiones|sesiones|vergaderdata|vergaderingen|date delle sedute|sedute|datas das reuniões|reuniões|performances?|calendar|event calendar|events calendar|schedule|what's on|whats on|termine|veranstaltungen|konzerte|auftritte|agenda|événements|evenements|dates de tournée|spectacles|eventos|conciertos|fechas|evenementen|voorstellingen|optredens|eventi|concerti|date|spettacoli|espetáculos|concertos|datas)$/i

/**
 * A heading that only says events follow: "2027 Meeting Dates" (its year already taken out), or such words
 * before a dash and the span of months they cover ("Calendário de reuniões – dezembro a fevereiro"). A heading
 * that is only a year ("2027"), its title gone, is asked as "dates" by the lead it leaves in force (listing.ts).
 */
export function genericHeading(title: string): boolean {
  if (GENERIC_HEADING.test(title)) return true
  const dash = /\s[–—-]\s/.exec(title)
  return !!dash && GENERIC_HEADING.test(title.slice(0, dash.index)) && !/\p{Lu}/u.test(title.slice(dash.index))
}
