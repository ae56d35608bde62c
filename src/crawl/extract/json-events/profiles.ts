/**
 * Platform profiles of the generic JSON reader: the few things key names cannot tell. Each names its
 * registry platform (which decides, e.g., CivicClerk's false `Z` in `zone-rules.ts`), how to recognise a
 * document of it when the URL does not, how to rewrite a record before the generic reading, and where its
 * next page is. Everything else (titles, dates, places, links, drafts, placeholders) is the generic reader's.
 */
import { addDays } from '../../../model/dates'
import { asArray, asRecord, num, str } from '../feed-utils'

type Json = Record<string, unknown>

export type JsonProfile = {
  /** Registry platform id. */
  platform: string
  /** Recognises a document of the platform by its shape (used when its URL says nothing). */
  shape: (root: Json | undefined, list: unknown[] | undefined) => boolean
  /** Rewrites one record before the generic reading (`root`: the whole document; `base`: its URL). */
  prepare?: (record: Json, root: unknown, base: URL | undefined) => Json
  /** The records, when the generic search would not find them. */
  records?: (root: unknown) => Json[] | undefined
  /** Numeric dates are day-first (`3/4` is 3 April). */
  dayFirst?: boolean
  /** The next page's URL. */
  next?: (root: Json, base: URL) => string | undefined
}

const first = (list: unknown[] | undefined) => asRecord(list?.[0])
const withParam = (base: URL, name: string, value: string) => {
  const u = new URL(base.href)
  u.searchParams.set(name, value)
  return u.href
}

/** The next page by `page` number when `total` items at `per` a page are not yet all read. */
function nextPage(base: URL, page: number | undefined, per: number | undefined, total: number | undefined, param = 'page'): string | undefined {
  if (!page || !per || total === undefined || page * per >= total) return undefined
  return withParam(base, param, String(page + 1))
}

const eventbrite: JsonProfile = {
  platform: 'eventbrite',
  shape: (root) => !!asRecord(root?.pagination) && !!asRecord(asRecord(first(asArray(root?.events))?.start)?.local),
  next: (root, base) => {
    const p = asRecord(root.pagination)
    if (p?.has_more_items !== true) return undefined
    const continuation = str(p.continuation)
    return continuation ? withParam(base, 'continuation', continuation) : withParam(base, 'page', String((num(p.page_number) ?? 1) + 1))
  },
}

const googleCalendar: JsonProfile = {
  platform: 'google-calendar',
  shape: (root) => root?.kind === 'calendar#events',
  records: (root) =>
    asArray(asRecord(root)?.items)
      .map(asRecord)
      .filter((r): r is Json => !!r),
  prepare: (r, root) => {
    const zone = str(asRecord(root)?.timeZone)
    const end = asRecord(r.end)
    // An all-day event's end date is exclusive, as in iCalendar.
    const endDate = str(end?.date)
    const out: Json = { ...r, end: endDate && /^\d{4}-\d{2}-\d{2}$/.test(endDate) ? { date: addDays(endDate, -1) } : r.end, eventType: undefined }
    if (zone && !str(asRecord(r.start)?.timeZone)) out.timezone = zone
    return out
  },
  next: (root, base) => (str(root.nextPageToken) ? withParam(base, 'pageToken', str(root.nextPageToken)!) : undefined),
}

const tockify: JsonProfile = {
  platform: 'tockify',
  shape: (root) => !!asRecord(first(asArray(root?.events))?.when) && !!asRecord(first(asArray(root?.events))?.eid),
  records: (root) =>
    asArray(asRecord(root)?.events)
      .map(asRecord)
      .filter((r): r is Json => !!r),
  prepare: (r, _root, base) => {
    const content = asRecord(r.content) ?? {}
    const when = asRecord(r.when) ?? {}
    const eid = asRecord(r.eid) ?? {}
    const calname = base?.searchParams.get('calname')
    const uid = str(eid.uid)
    const tid = str(eid.tid)
    return {
      id: uid && tid ? `${uid}-${tid}` : uid,
      title: content.summary,
      description: content.description,
      start: when.start,
      end: when.end,
      allDay: when.allDay,
      location: content.place ?? content.location,
      address: content.address,
      url: calname && uid && tid ? `https://tockify.com/${calname}/detail/${uid}/${tid}` : undefined,
      categories: content.tagset ?? undefined,
    }
  },
}

const civicclerk: JsonProfile = {
  platform: 'civicclerk',
  shape: (root) => !!first(asArray(root?.value)) && 'eventName' in first(asArray(root?.value))! && 'startDateTime' in first(asArray(root?.value))!,
  next: (root) => str(root['@odata.nextLink']),
}

const escribe: JsonProfile = {
  platform: 'escribe',
  shape: (root) => !!first(asArray(root?.d)) && 'MeetingName' in first(asArray(root?.d))!,
  // The Description holds the place: the room, a line break, the street address.
  prepare: (r) => {
    const description = str(r.Description)
    const location = str(r.Location)
    return description && (!location || description.startsWith(location)) ? { ...r, Location: description, Description: undefined } : r
  },
}

const diligent: JsonProfile = {
  platform: 'diligent',
  shape: (_root, list) => !!first(list) && 'MeetingDateTime' in first(list)! && 'MeetingTypeName' in first(list)!,
  prepare: (r, _root, base) => ({ ...r, url: base && num(r.Id) !== undefined ? `${base.origin}/Portal/MeetingInformation.aspx?Org=Cal&Id=${num(r.Id)}` : undefined }),
}

const opencities: JsonProfile = {
  platform: 'opencities',
  shape: (root) => root?.success !== undefined && !!first(asArray(first(asArray(root?.data))?.Items)),
  // DateTime is written the US way (`3/2/2026 5:00:00 PM` is 2 March) whatever the day-first `Date` says.
  dayFirst: false,
}

const libcal: JsonProfile = {
  platform: 'libcal',
  shape: (root) => 'total_results' in (root ?? {}) && !!first(asArray(root?.results)) && 'startdt' in first(asArray(root?.results))!,
  next: (root, base) => nextPage(base, num(base.searchParams.get('page')) ?? 1, num(root.perpage) ?? num(base.searchParams.get('perpage')), num(root.total_results)),
}

const legistar: JsonProfile = {
  platform: 'legistar',
  shape: (_root, list) => !!first(list) && 'EventBodyName' in first(list)! && 'EventDate' in first(list)!,
}

const bibliocommons: JsonProfile = {
  platform: 'bibliocommons',
  shape: (root) => !!asRecord(asRecord(root?.entities)?.events),
  records: (root) =>
    Object.values(asRecord(asRecord(asRecord(root)?.entities)?.events) ?? {})
      .map(asRecord)
      .filter((r): r is Json => !!r),
  prepare: (r, root, base) => {
    const def = asRecord(r.definition) ?? {}
    const locations = asRecord(asRecord(asRecord(root)?.entities)?.locations)
    const branch = asRecord(locations?.[str(def.branchLocationId) ?? ''])
    const library = /\/libraries\/([^/]+)\//.exec(base?.pathname ?? '')?.[1]
    return {
      ...def,
      id: r.id,
      location: branch ?? def.location,
      status: def.isCancelled === true ? 'cancelled' : def.status,
      url: library && str(r.id) ? `https://${library}.bibliocommons.com/events/${str(r.id)}` : undefined,
    }
  },
  next: (root, base) => {
    const p = asRecord(asRecord(root.events)?.pagination)
    const page = num(p?.page)
    const pages = num(p?.pages)
    return page && pages && page < pages ? withParam(base, 'page', String(page + 1)) : undefined
  },
}

const communico: JsonProfile = {
  platform: 'communico',
  shape: (_root, list) => !!first(list) && 'event_start' in first(list)!,
  prepare: (r, _root, base) => ({ ...r, url: r.url ?? (base && str(r.id) ? `${base.origin}/event/${str(r.id)}` : undefined) }),
}

/** Every profile; the registry platform of the document's URL picks one, else the first whose shape fits. */
export const PROFILES: readonly JsonProfile[] = [eventbrite, googleCalendar, tockify, civicclerk, escribe, diligent, opencities, libcal, legistar, bibliocommons, communico]
