/**
 * Record shapes that hold their fields one level down, brought to one level before the key-name reading:
 * JSON:API `attributes`, WordPress REST `meta`/`acf` (whose top-level `date` is the post's publication, not
 * the event), Ticketmaster-style `dates: {start: {localDate, localTime}}`, Indico-style
 * `startDate: {date, time, tz}`, and Drupal date-range fields `{value, end_value}`.
 */
import { asRecord, str } from '../feed-utils'
import { normalKey } from './keys'

type Json = Record<string, unknown>

/** Sub-objects whose keys are the record's own fields. */
const NESTED = new Set(['attributes', 'properties', 'fields', 'meta', 'acf', 'dates', 'when', 'times', 'schedule', 'eventdates', 'occurrence', 'details', 'eventdetails'])
/** WordPress REST post fields that are about the post, not the event. */
const WP_POST_DATES = ['date', 'date_gmt', 'modified', 'modified_gmt']
const DATE_FIELD = /^field\w*(date|when|time|start)/

function isWordPressPost(r: Json): boolean {
  return !!asRecord(r.title) && 'rendered' in asRecord(r.title)! && ('date_gmt' in r || 'modified_gmt' in r)
}

/** `{start: {localDate, localTime}}` or `{date, time, tz}` → one value the date reader understands. */
function joinedDate(o: Json): Json | undefined {
  const date = str(o.localDate) ?? str(o.date) ?? str(o.day)
  const time = str(o.localTime) ?? str(o.time)
  if (!date || !time || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined
  const zone = str(o.tz) ?? str(o.timezone) ?? str(o.timeZone)
  return { local: `${date}T${time}`, ...(zone ? { timezone: zone } : {}) }
}

/** The record with nested fields lifted (its own keys win) and date objects made readable. */
export function flattenRecord(record: Json): Json {
  const out: Json = { ...record }
  if (isWordPressPost(record)) for (const key of WP_POST_DATES) delete out[key]
  for (const [key, value] of Object.entries(record)) {
    const o = asRecord(value)
    if (o && NESTED.has(normalKey(key))) for (const [inner, v] of Object.entries(o)) if (!(inner in out)) out[inner] = v
  }
  for (const [key, value] of Object.entries(out)) {
    const o = asRecord(value)
    if (!o) continue
    const joined = joinedDate(o)
    if (joined) out[key] = joined
    else if (DATE_FIELD.test(normalKey(key)) && str(o.value)) {
      // A Drupal date range: the start in `value`, the end in `end_value`.
      out.start ??= o.value
      if (str(o.end_value)) out.end ??= o.end_value
    }
  }
  return out
}
