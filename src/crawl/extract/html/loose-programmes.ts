/**
 * Programs stated by lines that are in no record: a cell of a weekly schedule table (week-table.ts), a
 * timed line under a habit heading ("Le lundi" / "Gym douce, 9h30 – 10h30"), or a line that states its
 * own rule ("Permanence : le premier mardi du mois à 18h") (recurring-records.ts).
 */
import type { Candidate } from '../../candidate-types'
import type { Element } from '../../shared/dom'
import type { ProseWhen } from '../prose-dates'
import { readingDay, type YearHint } from '../year-hint'
import type { Line } from './page-lines'
import type { PageReader } from './page-reader'
import { type Habit, habitLine } from './recurring-records'
import { weekCell, weekRecords } from './week-table'

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

type Scope = { habit?: Habit; year?: YearHint; section?: string }

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
  const habit = habitLine(lines[i], scope, pr.reader.locale, ctx)
  return habit ? { to: i, candidates: [habit] } : undefined
}
