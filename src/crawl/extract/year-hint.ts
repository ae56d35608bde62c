/**
 * A year the page's context gives a date without one: a year ("2023 Meeting Schedule"), or a school or
 * fiscal year ("2026-27 District Calendar", "Season 2026/2027") that runs from July to June, so that its
 * dates from July on fall in its first year and the others in its second.
 */
export type YearHint = number | { season: number }

/** The year `hint` gives a date in `month` (1–12). */
export function hintedYear(hint: YearHint | undefined, month: number): number | undefined {
  if (hint === undefined || typeof hint === 'number') return hint
  return month >= 7 ? hint.season : hint.season + 1
}

/** A hint as text, for keys of readings that depend on it. */
export function hintKey(hint: YearHint | undefined): string {
  return hint === undefined ? '' : typeof hint === 'number' ? String(hint) : `${hint.season}/${hint.season + 1}`
}

/** The day a page is read against (the window's start), whatever else its year reference carries (a YearRef). */
export function readingDay(ref: string | { ref: string }): string {
  return typeof ref === 'string' ? ref : ref.ref
}
