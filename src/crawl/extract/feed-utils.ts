/**
 * Helpers shared by the JSON and XML feed extractors: guarded parsing (a bad document is a warning, never
 * a throw), value coercion, and reading a date from the several forms feeds use.
 */
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../json-depth'
import { isIanaZone } from '../shared/time'
import type { WallTime } from '../candidate-types'
import { parseIsoDateTime, parseRfc822 } from '../shared/datetime'
import { parseLenientJson } from './lenient-json'
import { findProseDates } from './prose-dates'

/** Parses a JSON document; on failure adds a warning naming the format and returns undefined. */
export function parseJsonDocument(text: string, label: string, warnings: string[], parsed?: ParsedJson): unknown {
  try {
    // The dispatcher already parsed this very text while detecting the format.
    const value: unknown = parsed?.text === text ? parsed.value : JSON.parse(text.replace(/^\uFEFF/, ''))
    if (!jsonTooDeep(value)) return value
    warnings.push(`${label}: JSON nested more than ${MAX_JSON_DEPTH} levels deep; no events read`)
    return undefined
  } catch (error) {
    const lenient = parseLenientJson(text)
    if ('value' in lenient) {
      warnings.push(`${label}: invalid JSON, read after repair`)
      return lenient.value
    }
    warnings.push(`${label}: invalid JSON (${(error as Error).message}); no events read`)
    return undefined
  }
}

/** A JSON document as parsed once (`value`), with the exact text it was parsed from. */
export type ParsedJson = { text: string; value: unknown }

/** The value as a plain object, or undefined for arrays, null and scalars. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** The value as an array: itself, `[value]`, or `[]` for null/undefined (feeds give one item or many). */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
}

/** A non-empty trimmed string from a string or number; undefined otherwise. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const t = value.trim()
  return t ? t : undefined
}

/** A finite number from a number or numeric string (`"42.65"`), else undefined. */
export function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isFinite(n) ? n : undefined
}

/** A flag written as a boolean, 1/0, `"true"`/`"false"` or `"yes"`/`"no"`; undefined otherwise. */
export function truthy(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === '1' || value === 'true' || value === 'yes') return true
  if (value === 0 || value === '0' || value === 'false' || value === 'no') return false
  return undefined
}

/** A date as a feed writes it: ISO 8601, RFC 822, else prose ("June 7, 2026 10:00 am") read against `ref`. */
export function feedDate(value: unknown, ref: string): WallTime | undefined {
  const text = str(value)
  if (!text) return undefined
  const iso = parseIsoDateTime(text) ?? parseRfc822(text)
  if (iso) return iso
  const prose = findProseDates(text, ref).find((w) => w.date)
  if (!prose?.date) return undefined
  return prose.time ? { date: prose.date, time: prose.time } : { date: prose.date }
}

/** Attaches an IANA zone to a wall time that has no fixed offset. */
export function inZone(wall: WallTime | undefined, zone: string | undefined): WallTime | undefined {
  if (!wall || !zone || !isIanaZone(zone) || wall.offset) return wall
  return { ...wall, zone }
}

/** Sets `key` on `target` only when `value` is present (keeps Candidates free of undefined fields). */
export function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && !value.length)) return
  target[key] = value
}
