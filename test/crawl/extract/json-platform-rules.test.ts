/**
 * Rules of the platform JSON readers found with the qa-platform-json probes:
 * - an event's own zone kept next to an offset that is that zone's (Google Calendar `start.timeZone`), so
 *   the organization's zone does not re-read a foreign offset as a stale one (json-events/values.ts);
 * - a meeting's agenda status name, comment or short description that says "Cancelled" cancels it, while its "Draft" never
 *   makes the record a draft (json-events/keys.ts CANCEL_NOTE_KEYS, record.ts);
 * - an all-day end written as midnight of a later day is exclusive (values.ts `allDayLastDay`, used by the
 *   generic reader, Trumba and Localist);
 * - a location that only says "Online" is no venue: the event is online (record.ts);
 * - Trumba's one-line location splits into a name and an address (localist.ts).
 */
import { describe, expect, it } from 'bun:test'
import { allDayLastDay } from '../../../src/crawl/extract/json-events/values'
import { runBytes } from '../../helpers/extract'

const window = { start: '2026-11-25', end: '2027-03-31' }

describe('an event in its own zone', () => {
  it('keeps a Google Calendar event written with the offset of its own timeZone', () => {
    const doc = {
      kind: 'calendar#events',
      timeZone: 'America/Chicago',
      items: [
        {
          kind: 'calendar#event',
          status: 'confirmed',
          summary: 'Online Sharing',
          start: { dateTime: '2027-01-10T19:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2027-01-10T20:00:00-05:00', timeZone: 'America/New_York' },
        },
      ],
    }
    const ctx = { baseUrl: 'https://www.googleapis.com/calendar/v3/calendars/x/events', timezone: 'America/Chicago', window }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.startDate, e.endDate])).toEqual([['2027-01-10T19:00:00-05:00', '2027-01-10T20:00:00-05:00']])
  })
})

describe('cancellation notes', () => {
  const ctx = { baseUrl: 'https://webapi.legistar.com/v1/town/events', timezone: 'America/Chicago', window }

  it('cancels on an agenda status or a comment saying so, and keeps a meeting whose agenda is a draft', () => {
    const row = (id: number, extra: Record<string, unknown>) => ({ EventId: id, EventBodyName: `Board ${id}`, EventDate: '2026-12-08T00:00:00', EventTime: '6:30 PM', ...extra })
    const doc = [
      row(1, { EventAgendaStatusName: 'Cancelled' }),
      row(2, { EventAgendaStatusName: 'Draft', EventComment: 'Rescheduled from December 9' }),
      row(3, { EventAgendaStatusName: 'Final', EventComment: 'Meeting has been canceled' }),
      row(4, { EventAgendaStatusName: 'Final', EventComment: 'Cancelled meetings are posted on the door.' }),
      row(5, { EventAgendaStatusName: 'Final', EventComment: 'Cancelled due to weather.'.repeat(6) }),
    ]
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.title, e.eventStatus ?? null])).toEqual([
      ['Board 1', 'EventCancelled'],
      ['Board 2', null],
      ['Board 3', 'EventCancelled'],
      ['Board 4', null],
      ['Board 5', null],
    ])
  })

  it('cancels on a description that only says so (CivicClerk), not on one that merely starts with the word', () => {
    const ctx = { baseUrl: 'https://county.api.civicclerk.com/v1/Events', timezone: 'America/Denver', window }
    const row = (id: number, eventDescription: string) => ({ id, eventName: `Board ${id}`, startDateTime: '2026-12-08T09:00:00Z', eventDescription })
    const doc = { value: [row(1, 'CANCELLED'), row(2, '<p>Meeting canceled</p>'), row(3, 'Cancelled meetings are listed below.'), row(4, 'Regular meeting')] }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => e.eventStatus ?? null)).toEqual(['EventCancelled', 'EventCancelled', null, null])
  })
})

describe('all-day ends', () => {
  it('reads a midnight end of a later day as exclusive', () => {
    expect(allDayLastDay({ date: '2026-12-14', time: '00:00:00' }, '2026-12-12')).toBe('2026-12-13')
    expect(allDayLastDay({ date: '2026-12-13', time: '00:00' }, '2026-12-12')).toBe('2026-12-12')
    expect(allDayLastDay({ date: '2026-12-13', time: '23:59:59' }, '2026-12-12')).toBe('2026-12-13')
    expect(allDayLastDay({ date: '2026-12-13' }, '2026-12-12')).toBe('2026-12-13')
    expect(allDayLastDay({ date: '2026-12-12', time: '00:00' }, '2026-12-12')).toBe('2026-12-12')
  })

  it('gives a generic all-day record ending at next midnight its last day', () => {
    const doc = [{ title: 'Craft Fair', start: '2026-12-12T00:00:00', end: '2026-12-14T00:00:00', allDay: true }]
    const ctx = { baseUrl: 'https://example.org/api/events', timezone: 'America/New_York', window }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.startDate, e.endDate])).toEqual([['2026-12-12', '2026-12-13']])
  })

  it('does the same for a Trumba all-day event, and splits its location line', () => {
    const doc = [
      {
        eventID: 1,
        title: 'Holiday Craft Fair',
        location: 'Arts Center, 12 Front Street, Millbrook, NY',
        startDateTime: '2026-12-12T00:00:00',
        endDateTime: '2026-12-14T00:00:00',
        allDay: true,
        startTimeZoneOffset: '-0500',
        endTimeZoneOffset: '-0500',
        permaLinkUrl: 'https://arts.example.org/calendar?eventid=1',
      },
    ]
    const ctx = { baseUrl: 'https://www.trumba.com/calendars/arts.json', timezone: 'America/New_York', window }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.startDate, e.endDate, e.venue?.name, e.address])).toEqual([['2026-12-12', '2026-12-13', 'Arts Center', '12 Front Street, Millbrook, NY']])
  })
})

describe('an online location', () => {
  it('is no venue and makes the event online', () => {
    const doc = {
      results: [
        { id: 1, title: 'Genealogy Basics', startdt: '2027-01-09 10:30:00', enddt: '2027-01-09 11:30:00', location: 'Online', url: 'https://lib.libcal.com/event/1' },
        { id: 2, title: 'Teen Night', startdt: '2026-12-04 18:00:00', enddt: '2026-12-04 20:00:00', location: 'Teen Room', url: 'https://lib.libcal.com/event/2' },
      ],
    }
    const ctx = { baseUrl: 'https://lib.libcal.com/ajax/calendar/list?c=1', timezone: 'America/New_York', window }
    const { events } = runBytes(JSON.stringify(doc), ctx, 'application/json')
    expect(events.map((e) => [e.title, e.venue?.name ?? null, e.is_online ?? null])).toEqual([
      ['Teen Night', 'Teen Room', null],
      ['Genealogy Basics', null, true],
    ])
  })
})
