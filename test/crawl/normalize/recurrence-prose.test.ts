// Pins proseToRecurrence (DESIGN §6 "recurrence written in prose"): each plain English pattern maps to
// one RRULE, and any phrase with exceptions, bounds, seasons, alternatives, vague counts or two
// contradicting patterns gives undefined (never a guess).
import { describe, expect, it } from 'bun:test'
import { proseToRecurrence } from '../../../src/crawl/shared/prose-rule'

const rrule = (text: string) => proseToRecurrence(text)?.rrule

describe('proseToRecurrence', () => {
  it.each([
    ['every Wednesday', 'FREQ=WEEKLY;BYDAY=WE'],
    ['every Monday and Thursday', 'FREQ=WEEKLY;BYDAY=MO,TH'],
    ['Tuesdays', 'FREQ=WEEKLY;BYDAY=TU'],
    ['Mondays & Wednesdays', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['weekly on Fridays', 'FREQ=WEEKLY;BYDAY=FR'],
    ['every other week', 'FREQ=WEEKLY;INTERVAL=2'],
    ['every other Tuesday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['every 2 weeks on Monday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO'],
    ['fortnightly on Fridays', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR'],
    ['every second Tuesday', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['first and third Tuesdays', 'FREQ=MONTHLY;BYDAY=1TU,3TU'],
    ['1st & 3rd Saturday of each month', 'FREQ=MONTHLY;BYDAY=1SA,3SA'],
    ['first Monday and third Wednesday', 'FREQ=MONTHLY;BYDAY=1MO,3WE'],
    ['last Friday of the month', 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['monthly on the 15th', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ['on the 1st and 15th of every month', 'FREQ=MONTHLY;BYMONTHDAY=1,15'],
    ['the last day of the month', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['daily', 'FREQ=DAILY'],
    ['every day', 'FREQ=DAILY'],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3'],
    ['every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['annually', 'FREQ=YEARLY'],
    ['weekly', 'FREQ=WEEKLY'],
    ['monthly', 'FREQ=MONTHLY'],
    ['Storytime meets every Wednesday at 10:30am in the children’s room.', 'FREQ=WEEKLY;BYDAY=WE'],
    ['Every Tues. and Thurs.', 'FREQ=WEEKLY;BYDAY=TU,TH'],
    ['every Friday until further notice', 'FREQ=WEEKLY;BYDAY=FR'],
  ])('%s → %s', (text, expected) => {
    expect(rrule(text)).toBe(expected)
  })

  it.each([
    'Tuesday',
    'on Saturday, June 6',
    'every Tuesday except holidays',
    'every Wednesday through May',
    'every Tuesday in summer',
    'every Monday or Tuesday',
    'every second week',
    'biweekly',
    'twice a month',
    'meets weekly and monthly',
    'daily on the first Monday',
    'Tues/Thurs',
    'most Saturdays',
    'select Fridays',
    '',
    'Join us for a talk',
  ])('refuses %p', (text) => {
    expect(proseToRecurrence(text)).toBeUndefined()
  })
})
