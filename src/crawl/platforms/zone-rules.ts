/**
 * The one home of the rule for a false UTC designator (issue 14). Some platforms write the meeting's
 * local wall time and append `Z` or `+00:00` (CivicClerk writes a 9:00 a.m. work session as
 * `2026-01-06T09:00:00Z`); trusting the `Z` puts every meeting 6–7 hours off. A `Z` is read as local wall
 * time when the platform is known to do this, or when the record itself shows the time it means: a
 * visible clock time equal to the written wall time, while the organization's zone is not at UTC then.
 * A `Z` that agrees with the visible time once converted to the zone is a true UTC instant and is kept.
 */
import { offsetAt } from '../shared/time'
import type { WallTime } from '../candidate-types'

/** Platforms (registry ids) known to write local wall time with a false `Z`. */
const WRITES_LOCAL_AS_UTC = new Set(['civicclerk'])

/** True when the platform is known to write local wall time with a false `Z` or `+00:00`. */
export function writesLocalAsUtc(platform: string | undefined): boolean {
  return !!platform && WRITES_LOCAL_AS_UTC.has(platform)
}

function isUtcDesignator(offset: string | undefined): boolean {
  return offset === 'Z' || offset === '+00:00' || offset === '-00:00'
}

/** `HH:MM` of a clock time in text ("@ 5:15 PM", "17:15", "5 p.m."), or undefined. */
function visibleClock(text: string): string | undefined {
  const m = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\b\.?|\b(\d{1,2}):(\d{2})\b/i.exec(text)
  if (!m) return undefined
  if (m[3]) {
    let h = Number(m[1]) % 12
    if (/p/i.test(m[3])) h += 12
    return `${String(h).padStart(2, '0')}:${m[2] ?? '00'}`
  }
  return Number(m[4]) < 24 ? `${m[4].padStart(2, '0')}:${m[5]}` : undefined
}

/** The wall clock (`HH:MM`) of a UTC wall time once shown in `zone`. */
function clockInZone(wall: WallTime, zone: string): string {
  const ms = Date.parse(`${wall.date}T${wall.time!.slice(0, 5)}:00Z`)
  const shifted = new Date(ms + offsetAt(ms, zone) * 60_000)
  return shifted.toISOString().slice(11, 16)
}

export type FalseUtcContext = {
  /** Registry id of the platform the document came from, when known. */
  platform?: string
  /** Texts of the same record that show its time to people (a formatted start, a time column). */
  visible?: string[]
  /** The organization's zone. */
  zone?: string
}

/**
 * True when a wall time written with a UTC designator is really local wall time (see the file's rule).
 * False for anything without a time or without a UTC designator.
 */
export function isFalseUtc(wall: WallTime | undefined, ctx: FalseUtcContext): boolean {
  if (!wall?.time || !isUtcDesignator(wall.offset)) return false
  if (writesLocalAsUtc(ctx.platform)) return true
  if (!ctx.zone) return false
  const written = wall.time.slice(0, 5)
  for (const text of ctx.visible ?? []) {
    const shown = visibleClock(text)
    if (!shown) continue
    if (shown === clockInZone(wall, ctx.zone)) return false
    if (shown === written) return true
  }
  return false
}

/** The same wall time with its false UTC designator removed, so the organization's zone applies. */
export function asLocal(wall: WallTime): WallTime {
  const { offset: _dropped, ...local } = wall
  return local
}
