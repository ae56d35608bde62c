import { lookupTable } from '../../lookup-table'
import { documentMemo } from '../document-memo'

/**
 * schema.org enumeration names for status fields: what the source states (`https://schema.org/EventCancelled`,
 * `cancelled`, `EventCancelled`) becomes the bare name; a title shouting CANCELLED / POSTPONED /
 * RESCHEDULED says the same when the source's field is silent.
 */

const VOCAB = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i

const EVENT_STATUS: Record<string, string> = lookupTable({
  eventscheduled: 'EventScheduled',
  scheduled: 'EventScheduled',
  confirmed: 'EventScheduled',
  tentative: 'EventScheduled',
  eventcancelled: 'EventCancelled',
  eventcanceled: 'EventCancelled',
  cancelled: 'EventCancelled',
  canceled: 'EventCancelled',
  eventpostponed: 'EventPostponed',
  postponed: 'EventPostponed',
  eventrescheduled: 'EventRescheduled',
  rescheduled: 'EventRescheduled',
  eventmovedonline: 'EventMovedOnline',
  movedonline: 'EventMovedOnline',
})

const ATTENDANCE: Record<string, string> = lookupTable({
  offlineeventattendancemode: 'OfflineEventAttendanceMode',
  offline: 'OfflineEventAttendanceMode',
  inperson: 'OfflineEventAttendanceMode',
  onlineeventattendancemode: 'OnlineEventAttendanceMode',
  online: 'OnlineEventAttendanceMode',
  virtual: 'OnlineEventAttendanceMode',
  mixedeventattendancemode: 'MixedEventAttendanceMode',
  mixed: 'MixedEventAttendanceMode',
  hybrid: 'MixedEventAttendanceMode',
})

const AVAILABILITY = ['InStock', 'SoldOut', 'LimitedAvailability', 'PreOrder', 'PreSale', 'OutOfStock', 'Discontinued', 'OnlineOnly', 'InStoreOnly', 'BackOrder', 'Reserved', 'MadeToOrder']
/** AVAILABILITY by its names in lower case (each a different key). */
const AVAILABILITY_BY_KEY = new Map(AVAILABILITY.map((a) => [a.toLowerCase(), a]))

/** A source's status value as the tables' keys are written; a document repeats its few values, each read once per document. */
const key = documentMemo((value: string): string =>
  value
    .trim()
    .replace(VOCAB, '')
    .replace(/[\s_-]+/g, '')
    .toLowerCase(),
)

/** The EventStatusType name for a source value, or undefined when it is none of them. */
export function eventStatusName(value: string | undefined): string | undefined {
  return value ? EVENT_STATUS[key(value)] : undefined
}

/** The status a title announces ("CANCELLED: Storytime", "Postponed - Book Club"), else undefined. */
export function statusFromTitle(title: string | undefined): string | undefined {
  if (!title) return undefined
  if (/\bcancell?ed\b/i.test(title)) return 'EventCancelled'
  if (/\bpostponed\b/i.test(title)) return 'EventPostponed'
  if (/\brescheduled\b/i.test(title)) return 'EventRescheduled'
  if (/\bmoved online\b/i.test(title)) return 'EventMovedOnline'
  return undefined
}

/** The EventAttendanceModeEnumeration name for a source value. */
export function attendanceModeName(value: string | undefined): string | undefined {
  return value ? ATTENDANCE[key(value)] : undefined
}

/** The ItemAvailability name for a source value (`https://schema.org/InStock` → `InStock`). */
export function availabilityName(value: string | undefined): string | undefined {
  if (!value) return undefined
  return AVAILABILITY_BY_KEY.get(key(value))
}
