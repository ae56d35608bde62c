// Pins RRULE parsing (DESIGN §9 iCalendar pitfalls): lenient with the sloppiness real feeds show
// (lower case, trailing ';', Outlook's "BYDAY=2 TH" and "MO, FR", INTERVAL=0, duplicates), strict where a
// wrong reading would invent or lose dates (unknown FREQ, unreadable COUNT/UNTIL, non-Gregorian RSCALE).
import { describe, expect, it } from 'bun:test'
import { formatRrule, parseRrule, validateRrule } from '../../../src/crawl/shared/rrule/rule'

describe('parseRrule', () => {
  it('reads the sloppy forms feeds write', () => {
    const { rule, errors } = parseRrule('rrule:freq=monthly;interval=0;byday=2 TH, -1fr,2TH;bymonthday=1,1;wkst=su;')
    expect(errors).toEqual([])
    expect(rule).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      wkst: 6,
      byDay: [
        { n: 2, day: 3 },
        { n: -1, day: 4 },
      ],
      byMonthDay: [1],
    })
  })

  it('reads UNTIL as date, floating or UTC, and keeps COUNT with UNTIL (whichever ends first)', () => {
    expect(parseRrule('FREQ=DAILY;UNTIL=20261231').rule?.until).toEqual({ date: '2026-12-31' })
    expect(parseRrule('FREQ=DAILY;UNTIL=20261231T235959Z').rule?.until).toEqual({ date: '2026-12-31', time: '23:59:59', offset: 'Z' })
    const both = parseRrule('FREQ=DAILY;COUNT=3;UNTIL=20261231')
    expect([both.rule?.count, both.errors.length]).toEqual([3, 1])
  })

  it('drops out-of-range values with an error, and keeps the rest', () => {
    const { rule, errors } = parseRrule('FREQ=YEARLY;BYMONTH=0,13,6;BYWEEKNO=54,20;BYSETPOS=0,-1;X-NAME=keep')
    expect([rule?.byMonth, rule?.byWeekNo, rule?.bySetPos]).toEqual([[6], [20], [-1]])
    expect(errors.length).toBe(4)
  })

  it.each(['BYDAY=MO', 'FREQ=FORTNIGHTLY', 'FREQ=DAILY;UNTIL=20260230', 'FREQ=DAILY;UNTIL=next week', 'FREQ=DAILY;COUNT=0', 'FREQ=MONTHLY;RSCALE=HEBREW;BYMONTH=5L'])('refuses %p', (text) => {
    expect(parseRrule(text).rule).toBeUndefined()
    expect(validateRrule(text).length).toBeGreaterThan(0)
  })

  it('writes a rule back in the conventional order', () => {
    const { rule } = parseRrule('BYDAY=-1FR;FREQ=MONTHLY;UNTIL=20261231T235959Z;INTERVAL=2;WKST=SU')
    expect(formatRrule(rule!)).toBe('FREQ=MONTHLY;INTERVAL=2;UNTIL=20261231T235959Z;BYDAY=-1FR;WKST=SU')
    expect(validateRrule('FREQ=WEEKLY;BYDAY=MO')).toEqual([])
  })
})
