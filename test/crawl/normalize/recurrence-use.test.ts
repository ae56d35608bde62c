// Pins how the normalizer uses the recurrence and zone modules (DESIGN §6): an RRULE with EXDATE and a
// RECURRENCE-ID override becomes one record per occurrence in the window with `schedule`; recurrence in
// prose (`recurrenceText`, or one sentence of the description of an event listed once) is expanded the
// same way; a feed that lists each occurrence is not expanded again; the venue's coordinates give the zone
// when neither the source nor the organization names one.
import { describe, expect, it } from 'bun:test'
import { normalizeCandidates } from '../../../src/crawl/normalize'
import type { Candidate, ExtractContext } from '../../../src/crawl/candidate-types'

const ctx: ExtractContext = { baseUrl: 'https://lib.example.org/events', timezone: 'America/Chicago', window: { start: '2026-06-01', end: '2026-06-30' } }
const cand = (fields: Partial<Candidate>): Candidate => ({ source: { url: 'https://lib.example.org/events', format: 'html', method: 'test' }, title: 'Book Club', ...fields })

describe('recurring candidates', () => {
  it('expands an RRULE with an exception and an override into records carrying schedule', () => {
    const { events } = normalizeCandidates(
      [
        cand({
          source: { url: 'https://lib.example.org/cal.ics', format: 'ics', method: 'ics', id: 'uid-42@lib' },
          start: { date: '2026-05-05', time: '18:00', zone: 'America/Chicago' },
          end: { date: '2026-05-05', time: '19:00', zone: 'America/Chicago' },
          recurrence: {
            rrule: 'FREQ=WEEKLY;BYDAY=TU',
            exdates: [{ date: '2026-06-16', time: '18:00', zone: 'America/Chicago' }],
            overrides: [
              {
                recurrenceId: { date: '2026-06-23', time: '18:00', zone: 'America/Chicago' },
                candidate: cand({
                  title: 'Book Club (moved to Wednesday)',
                  start: { date: '2026-06-24', time: '18:30', zone: 'America/Chicago' },
                  end: { date: '2026-06-24', time: '19:30', zone: 'America/Chicago' },
                }),
              },
            ],
          },
        }),
      ],
      ctx,
    )
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Book Club', '2026-06-02T18:00:00-05:00', '2026-06-02T19:00:00-05:00'],
      ['Book Club', '2026-06-09T18:00:00-05:00', '2026-06-09T19:00:00-05:00'],
      ['Book Club (moved to Wednesday)', '2026-06-24T18:30:00-05:00', '2026-06-24T19:30:00-05:00'],
      ['Book Club', '2026-06-30T18:00:00-05:00', '2026-06-30T19:00:00-05:00'],
    ])
    expect(events[0].schedule).toMatchObject({
      type: 'recurring',
      startDate: '2026-05-05T18:00:00-05:00',
      recurrence: { pattern: 'weekly', frequency: 1, weekdays: ['TU'], resolvedZone: 'America/Chicago' },
    })
    expect(new Set(events.map((e) => e.event_id)).size).toBe(4)
  })

  it('expands recurrence stated as the date text, and describes recurrence mentioned in a description without inventing records', () => {
    const fromText = normalizeCandidates([cand({ start: { date: '2026-06-02', time: '10:00' }, recurrenceText: 'every Tuesday' })], ctx).events
    expect(fromText.map((e) => e.startDate)).toEqual(['2026-06-02T10:00:00-05:00', '2026-06-09T10:00:00-05:00', '2026-06-16T10:00:00-05:00', '2026-06-23T10:00:00-05:00', '2026-06-30T10:00:00-05:00'])
    const fromDescription = normalizeCandidates(
      [cand({ title: 'Knitting Circle', start: { date: '2026-06-04', time: '13:00' }, description: 'Bring your needles. We meet on the first and third Thursdays of every month.' })],
      ctx,
    ).events
    expect(fromDescription.map((e) => e.startDate)).toEqual(['2026-06-04T13:00:00-05:00'])
    expect(fromDescription[0].schedule?.recurrence).toMatchObject({ pattern: 'monthly', weekdays: ['TH'] })
    expect(fromDescription[0].schedule?.occurrences.map((o) => o.startDate)).toEqual(['2026-06-04T13:00:00-05:00', '2026-06-18T13:00:00-05:00'])
  })

  it('does not expand the description of an event the source already lists occurrence by occurrence', () => {
    const listed = [2, 9].map((d) => cand({ start: { date: `2026-06-0${d}`, time: '10:00' }, description: 'Join us every Tuesday!' }))
    expect(normalizeCandidates(listed, ctx).events.map((e) => e.startDate)).toEqual(['2026-06-02T10:00:00-05:00', '2026-06-09T10:00:00-05:00'])
  })
})

describe('zone from the venue', () => {
  it('uses the coordinates when neither the source nor the organization names a zone', () => {
    const noZone: ExtractContext = { ...ctx, timezone: undefined }
    const { events, warnings } = normalizeCandidates([cand({ start: { date: '2026-06-10', time: '19:00' }, place: { name: 'Pavilion', latitude: 39.7392, longitude: -104.9903 } })], noZone)
    expect(events[0].startDate).toBe('2026-06-10T19:00:00-06:00')
    expect(warnings).toEqual([])
  })

  it('prefers the organization’s zone to the coordinates', () => {
    const { events } = normalizeCandidates([cand({ start: { date: '2026-06-10', time: '19:00' }, place: { latitude: 39.7392, longitude: -104.9903 } })], ctx)
    expect(events[0].startDate).toBe('2026-06-10T19:00:00-05:00')
  })
})
