// Pins series inference (The Events Calendar and Localist publish each occurrence separately): the
// recurrence rule their days follow — weekly on one or several weekdays, every other week, daily,
// monthly by day of month or by nth/last weekday — and no rule when the days follow none.
import { describe, expect, it } from 'bun:test'
import { inferRrule } from '../../../src/crawl/normalize/recurrence/instance-series-rule'

describe('inferRrule', () => {
  it('finds weekly and every-other-week series, with a week skipped too', () => {
    expect(inferRrule(['2026-06-03', '2026-06-10', '2026-06-17'])).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=WE')
    expect(inferRrule(['2026-06-03', '2026-06-17', '2026-07-01'])).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE')
    expect(inferRrule(['2026-06-03', '2026-06-10', '2026-06-24'])).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=WE')
  })

  it('finds several weekdays a week and daily runs', () => {
    expect(inferRrule(['2026-06-02', '2026-06-04', '2026-06-09', '2026-06-11'])).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH')
    expect(inferRrule(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04'])).toBe('FREQ=DAILY;INTERVAL=1')
  })

  it('finds monthly series by day of month and by nth or last weekday', () => {
    expect(inferRrule(['2026-06-15', '2026-07-15', '2026-08-15'])).toBe('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15')
    expect(inferRrule(['2026-06-08', '2026-07-13', '2026-08-10'])).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=2MO')
    expect(inferRrule(['2026-06-25', '2026-07-30', '2026-08-27'])).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=-1TH')
  })

  it('returns nothing for one day or days that follow no rule', () => {
    expect(inferRrule(['2026-06-03'])).toBeUndefined()
    expect(inferRrule(['2026-06-03', '2026-06-05', '2026-06-19', '2026-07-02'])).toBeUndefined()
  })
})
