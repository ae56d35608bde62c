/**
 * Programs stated by lines that are in no record: a cell of a weekly schedule table (week-table.ts), a
 * timed line under a habit heading ("Le lundi" / "Gym douce, 9h30 – 10h30"), or a line that states its
 * own rule ("Permanence : le premier mardi du mois à 18h") (recurring-records.ts).
 */
import { weekdayCodeOf } from '../../shared/calendar-math'
import type { Candidate } from '../../candidate-types'
import { addDays } from '../../../model/dates'
import { proseToRecurrence } from '../../shared/prose-rule'
import type { Element } from '../../shared/dom'
import type { ProseWhen } from '../prose-dates'
import { readingDay, type YearHint } from '../year-hint'
import type { Line } from './page-lines'
import type { PageReader } from './page-reader'
import { type Habit, habitLine } from './recurring-records'
import { type Season, seasonOf, weekCell, weekRecords } from './week-table'

/** The texts of the few lines before the table that holds line `at` (where a week table's season is said). */
export const linesBefore = (pr: PageReader, at: number) => (table: Element) => {
  const lines = pr.page.lines
  let i = at
  while (i > 0 && lines[i - 1].path.includes(table)) i--
  return lines.slice(Math.max(0, i - 6), i).flatMap((l) => (l.chrome || l.virtual ? [] : [l.text]))
}

/** The page's date reader, with the year the scope gives. */
export const finder =
  (pr: PageReader, year: YearHint | undefined) =>
  (text: string): ProseWhen[] =>
    pr.reader.find(text, pr.ref, year)

const onWeekdays = (date: string, rrule: string) => (rrule.split('BYDAY=')[1] ?? '').split(',').includes(weekdayCodeOf(date))

type Scope = { habit?: Habit; year?: YearHint; section?: string; season?: Season }

/**
 * A weekly program under a habit heading bounded by the season the page states before it ("Saison
 * 2026-2027 : du 14 septembre 2026 au 26 juin 2027"): it starts on the season's first such weekday and
 * ends with the season.
 */
export function withSeason(c: Candidate, season: Season | undefined): Candidate | undefined {
  const rule = season && c.start?.time && c.recurrenceText ? proseToRecurrence(c.recurrenceText) : undefined
  if (!season || !rule || !c.start || !/^FREQ=WEEKLY;BYDAY=[A-Z]{2}(,[A-Z]{2})*$/.test(rule.rrule)) return c
  let first = c.start.date
  while (first < season.from) first = addDays(first, 1)
  while (!onWeekdays(first, rule.rrule)) first = addDays(first, 1)
  if (first > season.until) return undefined
  const days = Math.round((Date.parse(first) - Date.parse(c.start.date)) / 86_400_000)
  if (c.end) c.end = { ...c.end, date: addDays(c.end.date, days) }
  c.start = { ...c.start, date: first }
  c.recurrence = { rrule: `${rule.rrule};UNTIL=${season.until.replaceAll('-', '')}T235959` }
  delete c.recurrenceText
  return c
}

/**
 * The programs of the loose lines from `i` (a week-table cell's lines run up to `stop`, where the next
 * record begins), and the last line they take; undefined when line `i` states none. Follows habit headings.
 */
export function looseProgrammes(lines: Line[], i: number, stop: number | undefined, scope: Scope, pr: PageReader, sourceUrl: string): { to: number; candidates: Candidate[] } | undefined {
  const ctx = { sourceUrl, ref: pr.ref, dates: pr.dates, yearHint: scope.year, section: scope.section }
  const cell = lines[i].chrome ? undefined : weekCell(lines[i])
  if (cell) {
    let j = i + 1
    while (j < lines.length && j !== stop && weekCell(lines[j]) === cell) j++
    return { to: j - 1, candidates: weekRecords(lines.slice(i, j), ctx, finder(pr, scope.year), readingDay(pr.ref), linesBefore(pr, i)) }
  }
  // A span of a month or more said outside any record is the season of the habits under it.
  // (Only a line with a span, or two days, can say one: most dated lines are one day.)
  const days = lines[i].chrome ? [] : (pr.dates(lines[i])?.mentions.filter((m) => m.start.day !== undefined) ?? [])
  if (days.length >= 2 || days[0]?.end?.day !== undefined) scope.season = seasonOf([lines[i].text], finder(pr, scope.year)) ?? scope.season
  const habit = habitLine(lines[i], scope, pr.reader.locale, ctx)
  const bounded = habit && withSeason(habit, scope.habit ? scope.season : undefined)
  return bounded ? { to: i, candidates: [bounded] } : undefined
}
