// Pins the evergreen date templates of the fixture sites (test/helpers/fixture-dates.ts): day offsets count
// from today in the site's zone, wall times take the offset in force that day (DST and half-hour zones
// included), every documented format, expressions, blocks and includes, and loud failure on unknown tags.
import { describe, expect, it } from 'bun:test'
import { addDays, evaluate, expandTemplate, formatDateTag, localToday } from './fixture-dates'

const NY = { now: new Date('2026-12-02T15:00:00Z'), zone: 'America/New_York' }
const x = (text: string, ctx: Parameters<typeof expandTemplate>[1] = NY) => expandTemplate(text, ctx)

describe('date tags', () => {
  it('writes every documented format for one day and time', () => {
    expect(x('{{iso +3 19:00}}')).toBe('2026-12-05T19:00:00-05:00')
    expect(x('{{isoutc +3 19:00}}')).toBe('2026-12-06T00:00:00Z')
    expect(x('{{date +3}}')).toBe('2026-12-05')
    expect(x('{{ics +3 19:00}}|{{ics +3}}|{{icsutc +3 19:00}}|{{icsday +3}}')).toBe('20261205T190000|20261205|20261206T000000Z|SA')
    expect(x('{{tec +3 19:00}}|{{tecutc +3 19:00}}|{{tec +3 23:59:59}}')).toBe('2026-12-05 19:00:00|2026-12-06 00:00:00|2026-12-05 23:59:59')
    expect(x('{{epoch +3 19:00}}|{{epochms +3 19:00}}')).toBe(`${Date.UTC(2026, 11, 6) / 1000}|${Date.UTC(2026, 11, 6)}`)
    expect(x('{{human +3}}|{{long +3}}|{{monthday +3}}')).toBe('Saturday, December 5|Saturday, December 5, 2026|December 5')
    expect(x('{{short +3 19:00}}|{{short +3}}')).toBe('Sat, Dec 5 · 7:00 PM|Sat, Dec 5')
    expect(x('{{time 19:00}}|{{wptime 10:30}}|{{time 00:15}}|{{time 12:00}}')).toBe('7:00 PM|10:30 am|12:15 AM|12:00 PM')
    expect(x('{{weekday +3}} {{wd +3}} {{month +3}} {{mon +3}} {{day +3}} {{year +3}}')).toBe('Saturday Sat December Dec 5 2026')
    expect(x('{{rfc822 +3 19:00}}|{{http +3 19:00}}')).toBe('Sat, 05 Dec 2026 19:00:00 -0500|Sun, 06 Dec 2026 00:00:00 GMT')
    expect(x('{{offset +3 19:00}} {{tzabbr +3 19:00}}')).toBe('-05:00 EST')
  })

  it('counts offsets from today, past and future, across month and year ends', () => {
    expect(x('{{date}} {{date 0}} {{date -10}} {{date +30}} {{year +30}}')).toBe('2026-12-02 2026-12-02 2026-11-22 2027-01-01 2027')
  })

  it("takes today in the site's zone, not UTC", () => {
    const lateEvening = new Date('2026-12-03T03:30:00Z') // 22:30 on Dec 2 in New York, Dec 3 in UTC and Tokyo
    expect(localToday(lateEvening, 'America/New_York')).toBe('2026-12-02')
    expect(localToday(lateEvening, 'Asia/Tokyo')).toBe('2026-12-03')
    expect(x('{{date +1}}', { now: lateEvening, zone: 'America/New_York' })).toBe('2026-12-03')
  })

  it('follows DST: the same wall time changes offset across the spring and autumn switches', () => {
    const spring = { now: new Date('2026-03-06T17:00:00Z'), zone: 'America/New_York' } // Friday; DST starts Sunday Mar 8
    expect(x('{{iso +1 19:00}}|{{iso +2 19:00}}', spring)).toBe('2026-03-07T19:00:00-05:00|2026-03-08T19:00:00-04:00')
    expect(x('{{icsutc +1 19:00}}|{{icsutc +2 19:00}}', spring)).toBe('20260308T000000Z|20260308T230000Z')
    expect(x('{{tzabbr +1 19:00}} {{tzabbr +2 19:00}}', spring)).toBe('EST EDT')
    const autumn = { now: new Date('2026-10-31T16:00:00Z'), zone: 'America/New_York' } // DST ends Sunday Nov 1
    expect(x('{{iso 0 10:00}}|{{iso +1 10:00}}', autumn)).toBe('2026-10-31T10:00:00-04:00|2026-11-01T10:00:00-05:00')
    expect(Number(x('{{epoch +1 10:00}}', autumn)) - Number(x('{{epoch 0 10:00}}', autumn))).toBe(25 * 3600)
  })

  it('resolves a wall time inside the spring gap forward, as RFC 5545 does', () => {
    const spring = { now: new Date('2026-03-07T17:00:00Z'), zone: 'America/New_York' }
    expect(x('{{iso +1 02:30}}', spring)).toBe('2026-03-08T03:30:00-04:00')
  })

  it('handles half-hour and quarter-hour zones, and southern-hemisphere DST', () => {
    expect(x('{{iso +1 09:00}} {{icsutc +1 09:00}}', { now: new Date('2026-06-01T00:00:00Z'), zone: 'Asia/Kolkata' })).toBe('2026-06-02T09:00:00+05:30 20260602T033000Z')
    expect(x('{{iso 0 12:00}}', { now: new Date('2026-06-01T00:00:00Z'), zone: 'Asia/Kathmandu' })).toBe('2026-06-01T12:00:00+05:45')
    const adelaide = { now: new Date('2026-04-03T01:00:00Z'), zone: 'Australia/Adelaide' } // DST ends Sunday Apr 5, 03:00
    expect(x('{{iso +1 10:00}}|{{iso +2 10:00}}', adelaide)).toBe('2026-04-04T10:00:00+10:30|2026-04-05T10:00:00+09:30')
    expect(x('{{rfc822 +2 10:00}}', adelaide)).toBe('Sun, 05 Apr 2026 10:00:00 +0930')
  })

  it('formats one tag directly', () => {
    expect(formatDateTag('iso', 0, '08:00', { now: new Date('2026-07-01T12:00:00Z'), zone: 'Europe/London' })).toBe('2026-07-01T08:00:00+01:00')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })
})

describe('other tags and blocks', () => {
  it('expands origin and host', () => {
    expect(x('{{origin}}/a webcal://{{host}}/b', { ...NY, origin: 'http://127.0.0.1:8080' })).toBe('http://127.0.0.1:8080/a webcal://127.0.0.1:8080/b')
  })

  it('evaluates integer expressions with variables', () => {
    expect(evaluate('(n-1)*89/200+1', { n: 200 })).toBe(89)
    expect(evaluate('-3 + 2 * 4 % 3')).toBe(-1)
    expect(evaluate('p < 10 && !(p == 3) || 0', { p: 4 })).toBe(1)
    expect(x('{{= n*2}} {{date n}}', { ...NY, vars: { n: 3 } })).toBe('6 2026-12-05')
  })

  it('loops, branches and picks', () => {
    expect(x('{{#for i 1 3}}{{= i}}{{#if i<3}},{{else}}.{{/if}}{{/for}}')).toBe('1,2,3.')
    expect(x('{{#for i 2 1}}never{{/for}}empty')).toBe('empty')
    expect(x('{{#for i 0 3}}{{pick i Jazz Night|Poetry Slam|Film}};{{/for}}')).toBe('Jazz Night;Poetry Slam;Film;Jazz Night;')
    expect(x('{{#for d 1 2}}{{date d}} {{/for}}')).toBe('2026-12-03 2026-12-04 ')
  })

  it('includes other files, expanded in the same context', () => {
    const files: Record<string, string> = { 'a.html': '[{{include b.html}}]', 'b.html': '{{year}}' }
    expect(x('{{include a.html}}', { ...NY, include: (f) => files[f] })).toBe('[2026]')
  })

  it('refuses unknown tags, bad times, unknown variables and unbalanced blocks', () => {
    expect(() => x('{{isodate +3}}')).toThrow('unknown template tag')
    expect(() => x('{{iso +3 25:00}}')).toThrow('bad time')
    expect(() => x('{{date n}}')).toThrow('unknown variable')
    expect(() => x('{{#for i 1 2}}x')).toThrow('unclosed')
    expect(() => x('{{/if}}')).toThrow('unbalanced')
    expect(() => x('{{origin}}')).toThrow('origin')
  })

  it('leaves text without tags alone', () => {
    expect(x('BEGIN:VCALENDAR\r\n{ "a": 1 }')).toBe('BEGIN:VCALENDAR\r\n{ "a": 1 }')
  })
})
