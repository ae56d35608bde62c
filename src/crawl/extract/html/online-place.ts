/**
 * Online and hybrid events as small organizations write them in a place field: "Remote (Zoom)", "Online via
 * Microsoft Teams", "Webinar", "online (link na inscrição)", "Hybrid: in person at the Community Room, 210
 * Elm Street, and on Zoom". A video meeting is never a venue: an online-only place is dropped and the event's
 * attendance mode says online; a hybrid one keeps its in-person part and says mixed (the normalizer turns
 * either into `is_online`).
 */
import type { Candidate, CandidatePlace } from '../../candidate-types'
import { VENUE_WORD } from './labels'
import { splitPlace } from './address-shape'

/** Words that put an event on a screen, in the languages read here. */
const ONLINE =
  /(?<![\p{L}])(online|on-line|webinar|zoom|microsoft teams|ms teams|google meet|webex|jitsi|livestream(?:ed)?|live[- ]stream(?:ed)?|streamed|streaming available|(?:in|en|em) streaming|en l[ií]nea|en ligne|da remoto)(?![\p{L}])/iu
/** Words that say so only in a place of a word or two ("Virtual", "Via Teams", "Remote"), not in a name ("Virtual Reality Lab", "Youth Teams Field"). */
const ONLINE_SHORT = /(?<![\p{L}])(virtual(?:ly)?|remote(?:ly)?|teams|streaming|à distance|a distancia|a distância|à distância|digitaal)(?![\p{L}])/iu

/** The text names a screen: an online word, or a short place that is one. */
function onScreen(text: string): boolean {
  return ONLINE.test(text) || (ONLINE_SHORT.test(text) && text.trim().split(/\s+/).length <= 2)
}
/** A place that says it is both ("Hybrid:", "híbrido", "in person and online"). */
const HYBRID = /(?<![\p{L}])(hybrid|h[ií]brid[oa]|hybride|ibrid[oa]|in[- ]person|en persona|presencial|en présentiel|sur place|in presenza|vor ort|ter plaatse|fysiek)(?![\p{L}])/iu
/** The label before a hybrid place ("Hybrid:", "Híbrido –"). */
const HYBRID_LEAD = /^\s*(?:hybrid|h[ií]brid[oa]|hybride|ibrid[oa])(?: event| evento| evenement)?\s*[:–—-]?\s*/iu
/** "in person at the …", "presencial en …": what opens the in-person part. */
const IN_PERSON_LEAD =
  /^\s*(?:(?:in[- ]person|en persona|presencial(?:mente)?|en présentiel|sur place|in presenza|vor ort|ter plaatse|fysiek)\s*(?:at|in|en|à|au|a|em|na|no|im|in der|op|presso)?\s*(?:the|el|la|le|il|de|het|o|a)?\s+)/iu
/** The online half of a hybrid place: ", and on Zoom", " y por Teams", " + livestream", " (also on Zoom)". */
const ONLINE_CLAUSE =
  /\s*(?:,\s*|\(\s*|\s+)(?:(?:and|or|&|\+|y|o|e|ou|et|en|und|oder|of)\s+)?(?:also\s+|también\s+|aussi\s+|anche\s+|ook\s+|auch\s+)?(?:(?:on|via|by|through|por|en|sur|su|in|em|op|über|per)\s+)?(?:the\s+)?(?=(?:online|on-line|virtual|zoom|microsoft teams|ms teams|teams|google meet|webex|livestream|live stream|streaming|en l[ií]nea|en ligne)(?![\p{L}])).*$/iu
/** A street or house number: an address is a place a person can go. */
const ADDRESS_NUMBER = /\d/

/** A line that offers a video meeting beside the place: "Online: Join via Zoom", "Zoom link: …", "Join on Microsoft Teams". */
const JOIN_ONLINE = /^(?:online|virtual|remote|zoom|teams|webex)(?: link| meeting| attendance| access)?\s*:|\b(?:join|attend|participate)\b.{0,30}\b(?:zoom|microsoft teams|teams|webex|google meet)\b/i

/**
 * Sets the candidate's attendance mode from its place, and keeps only the place a person can go to; `lines`,
 * the record's other lines: one that offers a video meeting makes a placed event hybrid.
 */
export function readAttendance(c: Candidate, lines: readonly { text: string }[] = []): void {
  const place = c.place
  if (place && !c.attendanceMode && lines.some((l) => l.text.length <= 120 && JOIN_ONLINE.test(l.text))) c.attendanceMode = 'MixedEventAttendanceMode'
  if (!place || c.attendanceMode) return
  const text = [place.name, place.address].filter(Boolean).join(', ')
  if (!onScreen(text)) return
  const inPerson = inPersonPart(text)
  if (inPerson) {
    c.attendanceMode = 'MixedEventAttendanceMode'
    c.place = splitPlace([inPerson]) as CandidatePlace
    return
  }
  c.attendanceMode = 'OnlineEventAttendanceMode'
  delete c.place
}

/** The in-person part of a place that names a screen, or undefined when it names nowhere else. */
function inPersonPart(text: string): string | undefined {
  const hybrid = HYBRID.test(text)
  const rest = text
    .replace(HYBRID_LEAD, '')
    .replace(ONLINE_CLAUSE, '')
    .replace(IN_PERSON_LEAD, '')
    .replace(/[\s,;:–—-]+$/, '')
    .trim()
  if (!rest || onScreen(rest)) return undefined
  // "Online (Zoom)" leaves nothing; "Main Library & Zoom" leaves a venue.
  return hybrid || VENUE_WORD.test(rest) || ADDRESS_NUMBER.test(rest) ? rest : undefined
}

/** "Online", "Online via Zoom", "Webinar (Teams)": a place line that puts the event on a screen (see online-place.ts). */
export const ON_SCREEN =
  /^(?:online|on-line|webinar|livestream|zoom|microsoft teams|teams|virtual|digitaal|en ligne|en l[ií]nea)(?:\s*[-–(:]?\s*(?:via\s+)?(?:zoom|microsoft teams|teams|webex|google meet)\)?)?$/i
