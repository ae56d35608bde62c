/**
 * Keys derived at write time for bounded search reads (issue 12), shared by the writer (event-columns.ts),
 * migration 0010 (which computes the same in SQL for existing rows) and the search (event-search.ts).
 * Kept free of other imports so that the read workers load little.
 */
const DAY_MS = 86_400_000
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The longest span, in local days from start day to end day, of each span class: class 0 holds events that
 * start and end on the same day, class k events of at most `SPAN_CLASS_DAYS[k]` days. A search reads the
 * events already running when its window opens class by class, from the window's start minus the class's
 * longest span, so a long exhibition never makes the scan of short events start earlier. The last class
 * has no practical bound (a century).
 */
export const SPAN_CLASS_DAYS = [0, 3, 15, 63, 255, 1023, 36_525] as const

/** The span class of an event from its local start and end days (YYYY-MM-DD); see SPAN_CLASS_DAYS. */
export function spanClass(startDay: string, endDay: string): number {
  if (!DAY.test(startDay) || !DAY.test(endDay)) return SPAN_CLASS_DAYS.length - 1
  const days = Math.round((Date.parse(endDay) - Date.parse(startDay)) / DAY_MS)
  if (!Number.isFinite(days)) return SPAN_CLASS_DAYS.length - 1
  const k = SPAN_CLASS_DAYS.findIndex((max) => days <= max)
  return k < 0 ? SPAN_CLASS_DAYS.length - 1 : k
}

/** The 1°×1° cell of a point (rows of 361 cells per degree of latitude), as migration 0010 computes it. */
export function geoCell(latitude: number, longitude: number): number {
  return Math.floor(latitude + 90) * 361 + Math.floor(longitude + 180)
}
