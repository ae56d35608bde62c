/**
 * Series that a source publishes as separate events (The Events Calendar gives each occurrence its own id;
 * Localist lists instances): records sharing a `seriesKey` whose days follow one rule, at one time of day,
 * get the `schedule` that rule describes, built by the recurrence module like any other series.
 */
import type { Draft } from '../draft'
import type { Occurrence } from '../../shared/rrule/expand'
import { buildSchedule } from './event-schedule'
import { inferRrule } from './instance-series-rule'

/** Attaches `schedule` to each draft of a series whose occurrences follow a rule; leaves the others alone. */
export function attachSeriesSchedules(drafts: Draft[]): void {
  const groups = new Map<string, Draft[]>()
  for (const d of drafts) {
    const key = d.candidate.seriesKey
    if (!key || d.event.schedule) continue
    const list = groups.get(key)
    if (list) list.push(d)
    else groups.set(key, [d])
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue
    group.sort((a, b) => a.startMs - b.startMs)
    const times = new Set(group.map((d) => d.start.time ?? ''))
    if (times.size !== 1) continue
    const rrule = inferRrule(group.map((d) => d.start.date))
    if (!rrule) continue
    const first = group[0]
    const occurrences: Occurrence[] = group.map((d) => ({ start: d.start, ...(d.end ? { end: d.end } : {}) }))
    const schedule = buildSchedule({ start: first.start, end: first.end, recurrence: { rrule }, occurrences, zone: first.zone })
    if (!schedule) continue
    for (const d of group) d.event.schedule = schedule
  }
}
