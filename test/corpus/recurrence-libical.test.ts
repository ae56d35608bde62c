// Pins RRULE expansion (DESIGN §6, §9) against libical's reference vectors in
// ../shared/corpus/libical/icalrecur_test.txt: every vector is run and compared as the complete instance
// list, DTSTART as a floating local time. Exclusions are rules written here, not a hand-picked list:
// RSCALE (non-Gregorian calendars are out of scope) and vectors whose INSTANCES is libical's error text.
// libical does not count an unsynchronized DTSTART as an instance, so vectors run with
// startIsOccurrence: false; where DTSTART is the first expected instance, RFC 5545 mode must agree.
// START-AT vectors are also checked from that point, as upstream does.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatClock, formatDay, wallSeconds } from '../../src/crawl/shared/calendar-math'
import { expandRecurrence } from '../../src/crawl/shared/rrule/expand'
import { expandRule } from '../../src/crawl/shared/rrule/engine'
import { parseRrule } from '../../src/crawl/shared/rrule/rule'
import type { WallTime } from '../../src/crawl/candidate-types'
import { CORPUS as CORPUS_DIR } from '../helpers/corpus'

type Vector = { line: number; rrule: string; dtstart: string; startAt?: string; instances: string }

function readVectors(): Vector[] {
  const lines = readFileSync(join(CORPUS_DIR, 'libical', 'icalrecur_test.txt'), 'utf8').split(/\r?\n/)
  const vectors: Vector[] = []
  let current: Partial<Vector> = {}
  const flush = () => {
    if (current.rrule) vectors.push(current as Vector)
    current = {}
  }
  lines.forEach((line, i) => {
    if (line.trim() === '') return flush()
    if (line.startsWith('#')) return
    const [, key, value] = /^([A-Z-]+):(.*)$/.exec(line) ?? []
    if (key === 'RRULE') current = { ...current, line: i + 1, rrule: value }
    if (key === 'DTSTART') current.dtstart = value
    if (key === 'START-AT') current.startAt = value
    if (key === 'INSTANCES') current.instances = value
  })
  flush()
  return vectors
}

/** `19970902T090000`, `19970902T090000Z`, `20241024` → WallTime (floating unless written in UTC). */
function toWall(text: string): WallTime {
  const date = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`
  if (text.length === 8) return { date }
  return { date, time: `${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}`, ...(text.endsWith('Z') ? { offset: 'Z' } : {}) }
}

function toLibical(w: WallTime): string {
  return w.date.replace(/-/g, '') + (w.time ? `T${w.time.replace(/:/g, '')}${w.offset === 'Z' ? 'Z' : ''}` : '')
}

const INSTANCE_LIST = /^\d{8}(T\d{6}Z?)?(,\d{8}(T\d{6}Z?)?)*$/
const exclusion = (v: Vector): string | undefined => (/RSCALE=/i.test(v.rrule) ? 'RSCALE (non-Gregorian)' : INSTANCE_LIST.test(v.instances) ? undefined : 'INSTANCES is an error text, not dates')

const WIDE = { start: '1900-01-01', end: '2199-12-31' }

function expand(v: Vector, startIsOccurrence: boolean): string[] {
  return expandRecurrence({ start: toWall(v.dtstart), recurrence: { rrule: v.rrule }, window: WIDE, limit: 5000, startIsOccurrence }).map((o) => toLibical(o.start))
}

describe('libical icalrecur_test.txt vectors', () => {
  const vectors = readVectors()
  const applicable = vectors.filter((v) => !exclusion(v))

  it('reads every vector in the file and excludes only by the written rules', () => {
    expect(vectors.length).toBe(146)
    const excluded = vectors.filter((v) => exclusion(v)).map((v) => `${v.line}: ${exclusion(v)}`)
    console.log(`libical: ${applicable.length} applicable, ${excluded.length} excluded (${excluded.join('; ')})`)
    expect(applicable.length).toBeGreaterThanOrEqual(145)
  })

  it('gives every applicable vector its exact, complete instance list', () => {
    const failures = applicable.filter((v) => JSON.stringify(expand(v, false)) !== JSON.stringify(v.instances.split(',')))
    console.log(`libical: ${applicable.length - failures.length}/${applicable.length} applicable vectors pass`)
    expect(failures.map((v) => `line ${v.line}: ${v.rrule}`)).toEqual([])
  })

  it('agrees with RFC 5545 mode wherever DTSTART is itself the first instance', () => {
    const synced = applicable.filter((v) => v.instances.split(',')[0] === v.dtstart)
    expect(synced.length).toBeGreaterThan(100)
    for (const v of synced) expect(`${v.line}: ${expand(v, true).join(',')}`).toBe(`${v.line}: ${v.instances}`)
  })

  it('iterates from START-AT to the expected tail, COUNT still counted from DTSTART', () => {
    const withStart = applicable.filter((v) => v.startAt)
    expect(withStart.length).toBe(7)
    for (const v of withStart) {
      const from = wallSeconds(toWall(v.startAt!))!
      const { rule } = parseRrule(v.rrule)
      const start = toWall(v.dtstart)
      const until = rule!.until ? wallSeconds(rule!.until)! + (rule!.until.time ? 0 : 86399) : undefined
      const { times } = expandRule({ rule: rule!, start: wallSeconds(start)!, isDate: !start.time, until, from, limit: 5000, startIsInstance: false })
      const expected = v.instances.split(',').filter((i) => wallSeconds(toWall(i))! >= from)
      const got = times.map((t) => toLibical({ date: formatDay(t), ...(start.time ? { time: formatClock(t), offset: start.offset } : {}) }))
      expect(`${v.line}: ${got.join(',')}`).toBe(`${v.line}: ${expected.join(',')}`)
    }
  })
})
