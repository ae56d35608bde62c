/**
 * The key names JSON event APIs use for each field, best first, compared without case, `_`, `-` or
 * spaces (`start_time`, `StartTime` and `startTime` are one key). Exact names only: `createdOn`,
 * `publishStart` or `liveStartTime` are not the event's start.
 */
import { memoize } from '../../../bounded-cache'
import { asRecord, str } from '../feed-utils'

type Json = Record<string, unknown>

const keys = (...names: string[]) => names

export const TITLE_KEYS = keys('title', 'name', 'eventname', 'eventtitle', 'meetingname', 'meetingtitle', 'subject', 'summary', 'heading', 'displayname', 'eventbodyname', 'cleanname', 'event')
/** Keys of a full start (date and time, or a date), best first. */
export const START_KEYS = keys(
  'startdatetime',
  'startdt',
  'start',
  'startdate',
  'dtstart',
  'eventstart',
  'eventstartdate',
  'eventstartdatetime',
  'startat',
  'startsat',
  'starts',
  'begin',
  'begins',
  'beginsat',
  'startlocal',
  'localstart',
  'localdate',
  'startdatelocal',
  'meetingdatetime',
  'eventdatetime',
  'datetime',
  'starttime',
  'eventdate',
  'meetingdate',
  'date',
  'when',
  'from',
  'dates',
)
/** Keys of a clock time alone, joined to a start that has only a date (or a placeholder midnight). */
export const START_TIME_KEYS = keys('starttime', 'start', 'time', 'meetingtime', 'eventtime', 'eventstarttime', 'timestart', 'begintime', 'fromtime', 'localtime')
export const END_KEYS = keys(
  'enddatetime',
  'enddt',
  'end',
  'enddate',
  'dtend',
  'eventend',
  'eventenddate',
  'eventenddatetime',
  'endat',
  'endsat',
  'ends',
  'finish',
  'endlocal',
  'localend',
  'endtime',
  'until',
  'to',
)
export const END_TIME_KEYS = keys('endtime', 'end', 'eventendtime', 'timeend', 'totime')
/** Text a page shows for the time ("Wednesday, December 17, 2025 @ 5:15 PM"), to check a written `Z`. */
export const VISIBLE_TIME_KEYS = keys('formattedstart', 'displaytime', 'displaystart', 'starttimeformatted', 'formattedtime', 'start', 'starttime', 'time', 'meetingtime', 'eventtime')
export const LOCATION_KEYS = keys('location', 'eventlocation', 'meetinglocation', 'venue', 'place', 'where', 'locationname', 'venuename', 'locations', 'address', 'room', 'building', 'campus')
export const DESCRIPTION_KEYS = keys(
  'description',
  'eventdescription',
  'desc',
  'details',
  'body',
  'content',
  'notes',
  'abstract',
  'shortdescription',
  'shortdesc',
  'excerpt',
  'descriptiontext',
  'summary',
)
export const URL_KEYS = keys(
  'url',
  'eventurl',
  'link',
  'permalink',
  'permalinkurl',
  'htmllink',
  'detailurl',
  'detailsurl',
  'detaillink',
  'detailslink',
  'eventinsiteurl',
  'weburl',
  'pageurl',
  'absoluteurl',
  'canonicalurl',
  'href',
  'localisturl',
)
export const ID_KEYS = keys('id', 'uid', 'eventid', 'guid', 'uuid', 'eventguid', 'meetingid', '_id')
export const ALL_DAY_KEYS = keys('allday', 'isallday', 'alldayevent')
export const ZONE_KEYS = keys('timezone', 'tz', 'timezoneid', 'tzid', 'timezonename', 'ctz', 'olsontimezone', 'eventtimezone')
export const STATUS_KEYS = keys('status', 'eventstatus', 'state', 'meetingstatus')
export const CANCELLED_KEYS = keys('iscancelled', 'iscanceled', 'cancelled', 'canceled')
/**
 * Status names of a meeting's paperwork (Legistar `EventAgendaStatusName`), its comment and a short
 * description (CivicClerk `eventDescription: "CANCELLED"`): they say "Cancelled" of the meeting, but their
 * "Draft" is the agenda's, so they never make a record a draft.
 */
export const CANCEL_NOTE_KEYS = keys('agendastatusname', 'agendastatus', 'statusname', 'meetingstatusname', 'comment', 'comments', 'note', 'notes', 'description')
export const PUBLISHED_KEYS = keys('ispublished', 'published', 'publish', 'visible', 'isvisible')
export const ONLINE_KEYS = keys('onlineevent', 'isonline', 'online', 'virtual', 'isvirtual')
export const ONLINE_URL_KEYS = keys('onlineurl', 'meetinglink', 'meetingurl', 'zoomlink', 'zoomurl', 'streamurl', 'livestreamurl', 'virtuallink', 'virtualurl', 'joinurl', 'hangoutlink')
export const IMAGE_KEYS = keys('image', 'imageurl', 'photo', 'photourl', 'featuredimage', 'thumbnail', 'thumbnailurl', 'logo', 'picture')
export const CATEGORY_KEYS = keys('categories', 'category', 'categoryname', 'tags', 'eventtype', 'eventtypes', 'types', 'meetingtypename', 'audiences')
export const COST_KEYS = keys('cost', 'price', 'registrationcost', 'ticketcost', 'fee')

/** `Start_Time` → `starttime`. */
export function normalKey(key: string): string {
  return plainKey(key) ? key : foldedKey(key)
}

/** True for a key already in normal form (lower-case ASCII letters and digits: `title`, `start`, `id`), nearly every key. */
function plainKey(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false
  }
  return true
}

/** Every record of a feed spells its keys alike (`startDate`, `Start_Time`): each spelling is folded once. */
const foldedKey = memoize((key: string) => key.toLowerCase().replace(/[\s_\-.]/g, ''), 5_000)

/**
 * Indexes already built, by object: a record is judged while the lists are sought, then read, and its
 * place object is asked for its address and its coordinates; each builds the same index. Nothing writes to
 * a parsed or prepared record (see the reader's `preparer`), and callers only read an index.
 */
const indexes = new WeakMap<Json, ReadonlyMap<string, string>>()

/** The record's own keys by normal name (first spelling wins), and by that name without an `event` prefix. */
export function keyIndex(record: Json): ReadonlyMap<string, string> {
  let index = indexes.get(record)
  if (index) return index
  const built = new Map<string, string>()
  for (const key of Object.keys(record)) {
    const k = normalKey(key)
    if (!built.has(k)) built.set(k, key)
  }
  // A plugin that prefixes every field with the record's kind (`event_begin`, `event_time`, `event_title`)
  // spells the known names after the prefix; the record's own unprefixed keys win.
  for (const [k, key] of [...built]) if (k.length > 7 && k.startsWith('event') && !built.has(k.slice(5))) built.set(k.slice(5), key)
  indexes.set(record, (index = built))
  return index
}

/** Values of the listed keys present in the record, in the list's order (null and '' skipped). */
export function valuesOf(record: Json, index: ReadonlyMap<string, string>, names: string[]): { key: string; value: unknown }[] {
  const out: { key: string; value: unknown }[] = []
  for (const name of names) {
    const key = index.get(name)
    if (key === undefined) continue
    const value = record[key]
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) continue
    out.push({ key: name, value })
  }
  return out
}

/** Text of a value: a string or number, or the text of `{text}`, `{rendered}`, `{html}`, `{name}`, `{value}`. */
export function textValue(value: unknown): string | undefined {
  const direct = str(value)
  if (direct !== undefined) return direct
  const o = asRecord(value)
  if (!o) return undefined
  return str(o.text) ?? str(o.rendered) ?? str(o.html) ?? str(o.name) ?? str(o.value) ?? str(o.title)
}

/** The first text among the listed keys. */
export function firstText(record: Json, index: ReadonlyMap<string, string>, names: string[], except?: string): string | undefined {
  for (const { key, value } of valuesOf(record, index, names)) {
    if (key === except) continue
    const text = textValue(value)
    if (text) return text
  }
  return undefined
}
