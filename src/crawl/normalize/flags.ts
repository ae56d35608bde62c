/**
 * Yes/no fields that the spec asks for only when the source says so: `rsvp_required`, `open_to_public`
 * (a source flag, else an explicit phrase) and `is_online` (attendance mode, status, or a meeting link).
 */
import type { Candidate } from '../types'
import { isMeetingLink } from './urls'

const RSVP_NO = /\b(no (pre-?)?registration( is)? (required|necessary|needed)|registration( is)? not (required|necessary|needed)|drop[- ]in|no rsvp|rsvp not required|no sign[- ]?ups?( required)?|no tickets? (required|needed))\b/i
const RSVP_YES = /\b((pre-?)?registration( is)? (required|necessary|mandatory)|(required|mandatory) (pre-?)?registration|please (register|rsvp)|must (pre-?)?register|advance registration|rsvp( is)? required|rsvps? (are )?(required|requested)|sign[- ]?ups? (is )?required|tickets? (are )?required|registration opens)\b/i
const PUBLIC_YES = /\b(open to (the )?(public|all|everyone)|free and open|all are welcome|everyone (is )?welcome|public (is )?(invited|welcome))\b/i
const PUBLIC_NO = /\b(members[- ]only|private (event|function)|closed to the public|not open to the public|invitation only|by invitation)\b/i

/** Whether registration or an RSVP is required: the source's flag, else the text's explicit phrasing. */
export function rsvpRequired(c: Candidate, text: string): boolean | undefined {
  if (c.rsvpRequired !== undefined) return c.rsvpRequired
  if (RSVP_NO.test(text)) return false
  if (RSVP_YES.test(text)) return true
  return undefined
}

/** Whether the event is open to the public: the source's flag, else explicit phrasing. */
export function openToPublic(c: Candidate, text: string): boolean | undefined {
  if (c.openToPublic !== undefined) return c.openToPublic
  if (PUBLIC_NO.test(text)) return false
  if (PUBLIC_YES.test(text)) return true
  return undefined
}

/**
 * Online: the attendance mode (online or mixed), a "moved online" status, or a meeting link anywhere the
 * event points (its URL, location, online URL, description). False only when the source says in person.
 */
export function isOnline(c: Candidate, mode: string | undefined, status: string | undefined, links: string[], text: string): boolean | undefined {
  if (mode === 'OnlineEventAttendanceMode' || mode === 'MixedEventAttendanceMode' || status === 'EventMovedOnline') return true
  if (c.onlineUrl || [c.url, c.place?.url, c.place?.name, c.place?.address, ...links].some(isMeetingLink) || isMeetingLink(text)) return true
  if (mode === 'OfflineEventAttendanceMode') return false
  return undefined
}
