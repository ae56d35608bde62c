/**
 * The recurrence helpers the normalizer calls: a series' rule from the source's words (schema.org
 * `eventSchedule`, prose, or separately published instances), and the record's `schedule` object. RFC 5545
 * rule parsing and expansion live in `shared/rrule/`, because the iCalendar extractor needs them too.
 */
export { buildSchedule, describeRecurrence, type ScheduleInput } from './event-schedule'
export { proseToRecurrence } from '../../shared/prose-rule'
export { scheduleToRecurrence, type ScheduleRecurrence } from './schema-org-schedule'
