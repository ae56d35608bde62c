// Pins the numbers and clocks of a date line that are not the event's (clock-labels.ts): an ordinal label of
// a programme's parts ("Day 1 – Monday 7 December" was read as 1–7 December, "Tag 2: Dienstag, …" as 2 am),
// one time written in several zones ("14:00 CET / 13:00 GMT": the site's zone's clock is the event's, the
// first one without a zone), and the academic quarter ("17 Uhr c.t." starts at 17:15, "16–18 Uhr c.t." runs
// 16:15–17:45; "s.t." and a clock with its minutes stay as written).
import { describe, expect, it } from 'bun:test'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import { pageEvents } from '../../helpers/extract'

const read = (locale: 'en' | 'de' | 'nl' | 'fr', text: string, zone?: string) => new DateReader(locale, false, zone).find(text, '2026-11-25')

describe('ordinal labels of a programme', () => {
  it('reads the day after "Day 1 –", "Tag 2:", "Dag 1 –", "Session 3 |", not the label', () => {
    expect(read('en', 'Day 1 – Monday 7 December')).toMatchObject([{ date: '2026-12-07' }])
    expect(read('en', 'Day 1 – Monday 7 December')[0].endDate).toBeUndefined()
    expect(read('de', 'Tag 2: Dienstag, 8. Dezember 2026')).toMatchObject([{ date: '2026-12-08' }])
    expect(read('de', 'Tag 2: Dienstag, 8. Dezember 2026')[0].time).toBeUndefined()
    expect(read('nl', 'Dag 1 – maandag 7 december')).toMatchObject([{ date: '2026-12-07' }])
    expect(read('en', 'Session 3 | Wednesday 9 December, 10:00')).toMatchObject([{ date: '2026-12-09', time: '10:00' }])
  })

  it('keeps a run of days after a title word and a clock after a label word', () => {
    expect(read('en', 'Open Day 7–8 December').map((w) => w.date)).toContain('2026-12-07')
    expect(read('de', 'Tag 2:30').map((w) => w.time)).toEqual(['02:30'])
  })

  it('gives a programme under "Day 1 – Monday 7 December" headings the days they name', () => {
    const row = (time: string, t: string) => `<tr><td>${time}</td><td>${t}</td><td>Zaal Eem</td></tr>`
    const table = (t: string) => `<table><tr><th>Time</th><th>Session</th><th>Room</th></tr>${row('09:30 – 10:30', t)}${row('15:30 – 16:00', 'Closing')}</table>`
    const body = `<h1>Workshop 2026</h1><h3>Day 1 – Monday 7 December</h3>${table('Keynote: Ten years of FAIR software')}<h3>Day 2 – Tuesday 8 December</h3>${table('Keynote: Software citation')}`
    const events = pageEvents(body, { lang: 'en', timezone: 'Europe/Amsterdam', window: { start: '2026-11-25', end: '2027-01-31' }, baseUrl: 'https://rse.example.nl/workshop' })
    expect(events.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Keynote: Ten years of FAIR software', '2026-12-07T09:30:00+01:00', '2026-12-07T10:30:00+01:00'],
      ['Closing', '2026-12-07T15:30:00+01:00', '2026-12-07T16:00:00+01:00'],
      ['Keynote: Software citation', '2026-12-08T09:30:00+01:00', '2026-12-08T10:30:00+01:00'],
      ['Closing', '2026-12-08T15:30:00+01:00', '2026-12-08T16:00:00+01:00'],
    ])
  })
})

describe('one time written in several zones', () => {
  it("reads the clock of the site's zone", () => {
    expect(read('en', 'Thursday 10 December 2026, 14:00 CET / 13:00 GMT', 'Europe/London')).toMatchObject([{ date: '2026-12-10', time: '13:00' }])
    expect(read('en', 'Thursday 10 December 2026, 14:00 CET / 13:00 GMT', 'Europe/Amsterdam')).toMatchObject([{ date: '2026-12-10', time: '14:00' }])
    expect(read('en', '10:00–11:00 GMT / 11:00–12:00 CET', 'Europe/Berlin')).toMatchObject([{ time: '11:00', endTime: '12:00' }])
    expect(read('en', 'December 10, 7 pm ET (4 pm PT)', 'America/Los_Angeles')).toMatchObject([{ date: '2026-12-10', time: '16:00' }])
  })

  it('reads the first clock without a zone or when no abbreviation is the zone’s', () => {
    expect(read('en', 'December 10, 7 pm ET (4 pm PT)')).toMatchObject([{ date: '2026-12-10', time: '19:00' }])
    expect(read('en', 'December 10, 7 pm ET (4 pm PT)', 'Asia/Tokyo')).toMatchObject([{ date: '2026-12-10', time: '19:00' }])
  })

  it('gives a listed webinar its time in the site zone', () => {
    const body = '<div><h2>Webinar: Open Access in 2027</h2><p>Date: Thursday 10 December 2026</p><p>Time: 14:00 CET / 13:00 GMT (1 hour)</p></div>'
    const events = pageEvents(body, { lang: 'en-GB', timezone: 'Europe/London', window: { start: '2026-11-25', end: '2027-01-31' }, baseUrl: 'https://library.example.ac.uk/events' })
    expect(events.map((e) => e.startDate)).toEqual(['2026-12-10T13:00:00+00:00'])
  })
})

describe('the academic quarter', () => {
  it('starts "c.t." a quarter past the hour and ends a range a quarter before', () => {
    expect(read('de', 'Di, 01.12.2026, 17 Uhr c.t.')).toMatchObject([{ date: '2026-12-01', time: '17:15' }])
    expect(read('de', 'Di, 26.01.2027, 16–18 Uhr c.t. – Festkolloquium')).toMatchObject([{ date: '2027-01-26', time: '16:15', endTime: '17:45' }])
  })

  it('leaves "s.t." and a clock with its minutes as written', () => {
    expect(read('de', 'Mi, 16.12.2026, 10:00 Uhr s.t.')).toMatchObject([{ date: '2026-12-16', time: '10:00' }])
    expect(read('de', 'Mi, 16.12.2026, 16:15 c.t.')).toMatchObject([{ date: '2026-12-16', time: '16:15' }])
  })
})
