/**
 * The shortcuts the structured readers take for speed (issue 13) answer exactly what the long way answers:
 * a JSON key already in normal form is not folded again but folds to itself, every other spelling folds as
 * before; an iCalendar line's property name is read without a regular expression, `-` and digits
 * included; a record is tested against more than 64 structured events through a hash rolled along its
 * text, which finds a title at any position (mid-word too) as the direct search does.
 */
import { describe, expect, it } from 'bun:test'
import { coveredBy } from '../../../src/crawl/extract/html/merge'
import { propertyName } from '../../../src/crawl/extract/ical/content-lines'
import { keyIndex, normalKey } from '../../../src/crawl/extract/json-events/keys'
import type { Candidate } from '../../../src/crawl/candidate-types'

describe('normalKey', () => {
  it('keeps a key already in normal form and folds every other spelling', () => {
    const cases: [string, string][] = [
      ['title', 'title'],
      ['start2', 'start2'],
      ['Start_Time', 'starttime'],
      ['startTime', 'starttime'],
      ['event-date.local', 'eventdatelocal'],
      ['Event Name', 'eventname'],
      ['DÉBUT', 'début'],
      ['', ''],
    ]
    for (const [key, folded] of cases) expect([key, normalKey(key)]).toEqual([key, folded])
  })

  it('indexes a record by folded names, the first spelling winning', () => {
    const index = keyIndex({ Start_Time: 'a', starttime: 'b', title: 'c' })
    expect([...index]).toEqual([
      ['starttime', 'Start_Time'],
      ['title', 'title'],
    ])
  })
})

describe('propertyName', () => {
  it('reads the name a content line opens with, upper-cased', () => {
    const cases: [string, string][] = [
      ['dtstart;TZID=Europe/Berlin:20260601T100000', 'DTSTART'],
      ['X-WR-CALNAME:Events', 'X-WR-CALNAME'],
      ['SUMMARY:Storytime', 'SUMMARY'],
      ['X-MS-OLK-ALLOWEXTERNCHECK2:TRUE', 'X-MS-OLK-ALLOWEXTERNCHECK2'],
      [' folded', ''],
      [':no name', ''],
      ['', ''],
    ]
    for (const [line, name] of cases) expect([line, propertyName(line)]).toEqual([line, name])
  })
})

describe('coveredBy', () => {
  const event = (i: number): Candidate => ({
    source: { url: 'https://example.org/', format: 'html', method: 'json-ld' },
    title: `Workshop number ${i} for makers`,
    start: { date: `2026-06-${String(1 + (i % 28)).padStart(2, '0')}` },
  })

  it('finds a title anywhere in a record among many structured events, only with its day', () => {
    const covered = coveredBy(Array.from({ length: 80 }, (_, i) => event(i)))!
    expect(covered('Saturday: Workshop number 70 for makers, June 15')).toBe(true)
    expect(covered('xxWorkshop number 70 for makers 2026-06-15')).toBe(true)
    expect(covered('Workshop number 70 for makers, June 16')).toBe(false)
    expect(covered('Workshop number 81 for makers, June 15')).toBe(false)
    expect(covered('abc')).toBe(false)
  })
})
