/**
 * A run of days written numerically with its month once ("09.–11.12.2026", "1.-5.3.2027", "28.–30.11."): chrono
 * reads only the last day, so the event fell on it. The month and year go after the first day too ("09.12.2026 - 11.12.2026"),
 * which chrono reads as one span. The first day keeps its German ordinal dot and the
 * second ends with "." after its month, so a time range ("19 - 21.30 Uhr") is never one.
 */
import type { Rule } from './english-rewrites'

export const NUMERIC_DAY_RUN: Rule = {
  pattern: /\b(0?[1-9]|[12]\d|3[01])\.\s*[–—-]\s*(?=(?:0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(\d{4})?)/g,
  replace: (m) => `${m[1]}.${m[2]}.${m[3] ?? ''} - `,
}
