// Pins zoneFromCoordinates against the coordinate vectors in ../shared/corpus/tz-lookup/ (tz-lookup's own,
// node-geo-tz's issue points, timezonefinder's locations). The corpus README's tolerance is written here
// as rules: names are compared after mapping old aliases to new ones; zones with identical offsets
// throughout 2020-2030 are the same for events; near a border (the expected zone lies within 100 km) and at
// sea next to a coast (nautical zone within one hour of the coastal zone) tz-lookup may differ.
import { describe, expect, it } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import tzlookup from 'tz-lookup'
import { offsetAt } from '../../src/crawl/shared/time'
import { zoneFromCoordinates } from '../../src/crawl/shared/zones'
import { CORPUS as CORPUS_DIR } from '../helpers/corpus'

type Point = { lat: number; lon: number; tz: string }

const ALIASES: Record<string, string> = {
  'America/Godthab': 'America/Nuuk',
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Etc/GMT': 'Etc/UTC',
  UTC: 'Etc/UTC',
}
const canonical = (zone: string) => ALIASES[zone] ?? zone

const SAMPLES = Array.from({ length: 11 * 12 }, (_, i) => Date.UTC(2020 + Math.floor(i / 12), i % 12, 1))
const sameOffsets = (a: string, b: string) => SAMPLES.every((ms) => offsetAt(ms, a) === offsetAt(ms, b))

function withinKm(p: Point, km: number): boolean {
  for (let r = 2; r <= km; r += 2)
    for (let a = 0; a < 360; a += 10) {
      const lat = p.lat + (r / 111.2) * Math.cos((a * Math.PI) / 180)
      const lon = p.lon + (r / (111.2 * Math.cos((p.lat * Math.PI) / 180))) * Math.sin((a * Math.PI) / 180)
      if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && canonical(tzlookup(lat, lon)) === canonical(p.tz)) return true
    }
  return false
}

function seaNextToCoast(p: Point, got: string): boolean {
  if (!/^Etc\/GMT([+-]\d+)?$/.test(p.tz) || got.startsWith('Etc/')) return false
  const standard = Math.min(offsetAt(Date.UTC(2024, 0, 15), got), offsetAt(Date.UTC(2024, 6, 15), got))
  return Math.abs(offsetAt(Date.UTC(2024, 0, 15), p.tz) - standard) <= 60
}

type Verdict = 'exact' | 'equivalent' | 'border' | 'sea' | 'wrong'

function judge(p: Point): Verdict {
  const got = zoneFromCoordinates(p.lat, p.lon)
  if (!got) return 'wrong'
  if (canonical(got) === canonical(p.tz)) return 'exact'
  if (sameOffsets(got, p.tz)) return 'equivalent'
  if (seaNextToCoast(p, got)) return 'sea'
  return withinKm(p, 100) ? 'border' : 'wrong'
}

function load(file: string): Point[] {
  const data = JSON.parse(readFileSync(join(CORPUS_DIR, 'tz-lookup', file), 'utf8'))
  const rows: Record<string, unknown>[] = Array.isArray(data) ? data : data.vectors
  return rows.map((r) => ({ lat: Number(r.lat), lon: Number(r.lon), tz: String(r.tz ?? r.zid) }))
}

describe('zoneFromCoordinates against the tz-lookup corpus', () => {
  for (const [file, count, minExact] of [
    ['tz-lookup-oss-vectors.json', 1032, 1.0],
    ['geo-tz-issues.json', 23, 1.0],
    ['timezonefinder-locations.json', 54, 0.85],
  ] as const) {
    it(`${file}: every point agrees within the stated tolerance`, () => {
      const points = load(file)
      expect(points.length).toBe(count)
      const verdicts = points.map((p) => ({ p, v: judge(p) }))
      const tally = (v: Verdict) => verdicts.filter((x) => x.v === v).length
      console.log(
        `tz-lookup ${file}: ${tally('exact')}/${count} exact, ${tally('equivalent')} equivalent offsets, ${tally('border')} near a border, ${tally('sea')} at sea by a coast, ${tally('wrong')} wrong`,
      )
      expect(verdicts.filter((x) => x.v === 'wrong').map((x) => `${x.p.lat},${x.p.lon} ${x.p.tz}`)).toEqual([])
      expect(tally('exact') / count).toBeGreaterThanOrEqual(minExact)
    })
  }
})
