/**
 * Yes/no fields that the spec asks for only when the source says so: `rsvp_required`, `open_to_public`
 * (a source flag, else an explicit phrase) and `is_online` (attendance mode, status, or a meeting link).
 */
import { documentMemo } from '../document-memo'
import type { Candidate } from '../candidate-types'
import { isMeetingLink } from '../shared/urls'

const RSVP_NO =
  /\b(no (pre-?)?registration( is)? (required|necessary|needed)|registration( is)? not (required|necessary|needed)|drop[- ]in|no rsvp|rsvp not required|no sign[- ]?ups?( required)?|no tickets? (required|needed))\b/i
const RSVP_YES =
  /\b((pre-?)?registration( is)? (required|necessary|mandatory)|(required|mandatory) (pre-?)?registration|please (register|rsvp)|must (pre-?)?register|advance registration|rsvp( is)? required|rsvps? (are )?(required|requested)|sign[- ]?ups? (is )?required|tickets? (are )?required|registration opens)\b/i
const PUBLIC_YES = /\b(open to (the )?(public|all|everyone)|free and open|all are welcome|everyone (is )?welcome|public (is )?(invited|welcome))\b/i
const PUBLIC_NO = /\b(members[- ]only|private (event|function)|closed to the public|not open to the public|invitation only|by invitation)\b/i

/**
 * A word every match of the four phrase patterns above holds (RSVP_NO: registration, drop-in, rsvp, sign-up,
 * tickets; RSVP_YES: registration, register, rsvp, sign-up, tickets; PUBLIC_YES: open, welcome, public;
 * PUBLIC_NO: members, private, public, invitation). A text without one (most titles) holds none of the
 * phrases, found by one short scan instead of four long ones.
 */
const PHRASE_HINT = /regist|drop|rsvp|sign|ticket|open|welcome|public|members|private|invitation/i

const [NO_RSVP, RSVP, NOT_PUBLIC, PUBLIC, MEETING] = [1, 2, 4, 8, 16]

/** The phrases one text holds, read pattern by pattern (no shortcut): what `phrasesOf` must answer. */
export function phrasesIn(text: string): number {
  return (RSVP_NO.test(text) ? NO_RSVP : 0) | (RSVP_YES.test(text) ? RSVP : 0) | (PUBLIC_NO.test(text) ? NOT_PUBLIC : 0) | (PUBLIC_YES.test(text) ? PUBLIC : 0) | (isMeetingLink(text) ? MEETING : 0)
}

/** `phrasesIn`, with the hint's shortcut for texts that hold no phrase word. */
export function phrasesHinted(text: string): number {
  return PHRASE_HINT.test(text) ? phrasesIn(text) : isMeetingLink(text) ? MEETING : 0
}

/** The phrases one text holds (a description is shared by a listing's events: read once per document). */
const phrasesOf = documentMemo(phrasesHinted)

/**
 * An event's prose (title, description, cost, audience), its phrases read once for all the questions asked
 * of it (up to five per event, each of which read every text). No phrase spans a line break, so the texts
 * are read apart, as if joined by newlines: the phrases of the prose are those of its texts together.
 */
export class Prose {
  private phrases = -1
  constructor(private readonly texts: (string | undefined)[]) {}

  /** True when one of the texts holds the phrase. */
  says(phrase: number): boolean {
    if (this.phrases < 0) {
      let phrases = 0
      for (const t of this.texts) if (t) phrases |= phrasesOf(t)
      this.phrases = phrases
    }
    return (this.phrases & phrase) !== 0
  }
}

/** What the flags read: one text, several (as if joined by newlines), or an event's prose. */
export type FlagText = string | (string | undefined)[] | Prose

/** True when the text (one of the texts) holds the phrase. */
function says(text: FlagText, phrase: number): boolean {
  if (typeof text === 'string') return !!text && (phrasesOf(text) & phrase) !== 0
  if (text instanceof Prose) return text.says(phrase)
  return text.some((t) => !!t && (phrasesOf(t) & phrase) !== 0)
}

/** Whether registration or an RSVP is required: the source's flag, else the text's explicit phrasing. */
export function rsvpRequired(c: Candidate, text: FlagText): boolean | undefined {
  if (c.rsvpRequired !== undefined) return c.rsvpRequired
  if (says(text, NO_RSVP)) return false
  if (says(text, RSVP)) return true
  return undefined
}

/** Whether the event is open to the public: the source's flag, else explicit phrasing. */
export function openToPublic(c: Candidate, text: FlagText): boolean | undefined {
  if (c.openToPublic !== undefined) return c.openToPublic
  if (says(text, NOT_PUBLIC)) return false
  if (says(text, PUBLIC)) return true
  return undefined
}

/** A document's events repeat their venue's name, address and links: each is looked at once per document. */
const meetingLink = documentMemo(isMeetingLink)
const meetingIn = (text: string | undefined) => !!text && meetingLink(text)

/**
 * Online: the attendance mode (online or mixed), a "moved online" status, or a meeting link anywhere the
 * event points (its URL, location, online URL, description). False only when the source says in person.
 */
export function isOnline(c: Candidate, mode: string | undefined, status: string | undefined, links: string[], text: FlagText): boolean | undefined {
  if (mode === 'OnlineEventAttendanceMode' || mode === 'MixedEventAttendanceMode' || status === 'EventMovedOnline') return true
  if (c.onlineUrl || meetingIn(c.url) || meetingIn(c.place?.url) || meetingIn(c.place?.name) || meetingIn(c.place?.address) || links.some(meetingIn) || says(text, MEETING)) return true
  if (mode === 'OfflineEventAttendanceMode') return false
  return undefined
}
