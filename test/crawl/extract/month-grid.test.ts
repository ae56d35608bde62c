// Pins month grids without machine dates (month-grid.ts): a table or CSS grid whose cells open with day
// numbers 1 … the month's last day, in order, perhaps after and before greyed days of the months around it,
// under a heading naming the month and year, gives each cell its day; several timed items in one cell are
// one event each (day-records.ts); "10:30a", "4:00p", "10a-2p" are clocks (date-locale.ts). A grid whose
// month is not named, or whose numbers do not run so, gives no days.
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { extractDocument } from '../../../src/crawl/extract'
import { monthGridDays, monthOfHeading } from '../../../src/crawl/extract/html/month-grid'
import { findProseDates } from '../../../src/crawl/extract/prose-dates'
import { normalizeCandidates } from '../../../src/crawl/normalize'
import { type Element, isElement } from '../../../src/crawl/shared/dom'

const ctx = (start: string, end: string, timezone = 'America/Chicago') => ({ baseUrl: 'https://lib.example.org/calendar', timezone, window: { start, end } })

function events(html: string, c = ctx('2027-01-01', '2027-01-31')): string[] {
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), c).candidates, c).events.map((e) => `${e.startDate} ${e.title}`)
}

/** Day cells from `first` (a day of the month before, or 1) through `last`, then `after` days of the next month. */
function cells(before: number[], days: number, after: number, items: Record<number, string[]>, tag = 'td'): string[] {
  const cell = (n: number, body = '') => `<${tag} class="day"><span class="num">${n}</span>${body}</${tag}>`
  return [
    ...before.map((n) => cell(n, '<div class="ev">10:30a Storytime</div>')),
    ...Array.from({ length: days }, (_, i) => cell(i + 1, (items[i + 1] ?? []).map((t) => `<div class="ev"><a href="#">${t}</a></div>`).join(''))),
    ...Array.from({ length: after }, (_, i) => cell(i + 1, i === 1 ? '<div class="ev">10:30a Storytime</div>' : '')),
  ]
}

function table(heading: string, all: string[]): string {
  const rows: string[] = []
  for (let i = 0; i < all.length; i += 7) rows.push(`<tr>${all.slice(i, i + 7).join('')}</tr>`)
  return `<!DOCTYPE html><html lang="en"><body><main><h1>Events</h1><h2>${heading}</h2><table><tr><th>Sun</th><th>Mon</th><th>Tue</th><th>Wed</th><th>Thu</th><th>Fri</th><th>Sat</th></tr>${rows.join('')}</table></main></body></html>`
}

const JANUARY = { 5: ['10:30a Storytime', 'Board Mtg 7pm'], 14: ['6:30p-8p Genealogy Help'], 30: ['10a-2p Book Sale'] }

describe('month grids without machine dates', () => {
  it('give each table cell its day from the heading, and each timed item of a cell its own event', () => {
    expect(events(table('January 2027', cells([27, 28, 29, 30, 31], 31, 6, JANUARY)))).toEqual([
      '2027-01-05T10:30:00-06:00 Storytime',
      '2027-01-05T19:00:00-06:00 Board Mtg',
      '2027-01-14T18:30:00-06:00 Genealogy Help',
      '2027-01-30T10:00:00-06:00 Book Sale',
    ])
  })

  it('put the greyed days around the month in the months they belong to', () => {
    const c = ctx('2026-12-01', '2027-02-28')
    const found = events(table('January 2027', cells([27, 28, 29, 30, 31], 31, 6, JANUARY)), c)
    expect(found.filter((e) => e.endsWith('Storytime'))).toEqual([
      '2026-12-27T10:30:00-06:00 Storytime',
      '2026-12-28T10:30:00-06:00 Storytime',
      '2026-12-29T10:30:00-06:00 Storytime',
      '2026-12-30T10:30:00-06:00 Storytime',
      '2026-12-31T10:30:00-06:00 Storytime',
      '2027-01-05T10:30:00-06:00 Storytime',
      '2027-02-02T10:30:00-06:00 Storytime',
    ])
  })

  it('read a CSS grid of divs under a German month heading', () => {
    const days = cells([30], 31, 3, { 6: ['<span>10:00</span> Gottesdienst', '<span>15:00</span> Adventskonzert'], 24: ['<span>22:00</span> Christmette'] }, 'div')
    const html = `<!DOCTYPE html><html lang="de"><body><main><h2>Dezember 2026</h2><div class="raster">${['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'].map((d) => `<div class="wt">${d}</div>`).join('')}${days.join('')}</div></main></body></html>`
    expect(events(html, ctx('2026-12-01', '2026-12-31', 'Europe/Berlin'))).toEqual([
      '2026-12-06T10:00:00+01:00 Gottesdienst',
      '2026-12-06T15:00:00+01:00 Adventskonzert',
      '2026-12-24T22:00:00+01:00 Christmette',
    ])
  })

  it('read a grid of week rows of seven day cells, under "November, 2026"', () => {
    const days = cells([], 30, 5, { 5: ['7:00 PM Trustees Meeting'], 14: ['10:00 AM Craft Fair', '2:00 PM Tea Dance'] }, 'div')
    const weeks = [['<div>Sun</div><div>Mon</div><div>Tue</div><div>Wed</div><div>Thu</div><div>Fri</div><div>Sat</div>'], ...Array.from({ length: 5 }, (_, w) => days.slice(w * 7, w * 7 + 7))]
    const html = `<!DOCTYPE html><html lang="en"><body><main><h2>November, 2026</h2><div class="month">${weeks.map((w) => `<div class="week">${w.join('')}</div>`).join('')}</div></main></body></html>`
    expect(events(html, ctx('2026-11-01', '2026-11-30'))).toEqual(['2026-11-05T19:00:00-06:00 Trustees Meeting', '2026-11-14T10:00:00-06:00 Craft Fair', '2026-11-14T14:00:00-06:00 Tea Dance'])
  })

  it('read inline day numbers and items as lines of their own, untimed items as events of the day each', () => {
    const items: Record<number, string> = { 5: '<a href="#">Adventsmarkt</a><a href="#">Kinderbasteln</a>', 12: '<a href="#">14:00 Lesung</a>' }
    const all = Array.from({ length: 35 }, (_, i) => {
      const n = i === 0 ? 30 : i <= 31 ? i : i - 31
      return `<td><span>${n}</span>${i >= 1 && i <= 31 ? (items[i] ?? '') : ''}</td>`
    })
    const rows = Array.from({ length: 5 }, (_, w) => `<tr>${all.slice(w * 7, w * 7 + 7).join('')}</tr>`).join('')
    const html = `<!DOCTYPE html><html lang="de"><body><main><h1>Veranstaltungen</h1><h2>Dezember 2026</h2><table><tr><th>Mo</th><th>Di</th><th>Mi</th><th>Do</th><th>Fr</th><th>Sa</th><th>So</th></tr>${rows}</table></main></body></html>`
    expect(events(html, ctx('2026-12-01', '2026-12-31', 'Europe/Berlin'))).toEqual(['2026-12-05 Adventsmarkt', '2026-12-05 Kinderbasteln', '2026-12-12T14:00:00+01:00 Lesung'])
  })

  it('skip a first column of week numbers (KW)', () => {
    const days = cells([30], 31, 3, { 3: ['19:00 Chorprobe'], 13: ['10:00 Gottesdienst'] })
    const rows = Array.from({ length: 5 }, (_, w) => `<tr><td class="kw">${49 + w > 53 ? 1 : 49 + w}</td>${days.slice(w * 7, w * 7 + 7).join('')}</tr>`).join('')
    const html = `<!DOCTYPE html><html lang="de"><body><main><h2>Dezember 2026</h2><table><tr><th>KW</th><th>Mo</th><th>Di</th><th>Mi</th><th>Do</th><th>Fr</th><th>Sa</th><th>So</th></tr>${rows}</table></main></body></html>`
    expect(events(html, ctx('2026-12-01', '2026-12-31', 'Europe/Berlin'))).toEqual(['2026-12-03T19:00:00+01:00 Chorprobe', '2026-12-13T10:00:00+01:00 Gottesdienst'])
  })

  it('read a cell’s hours and a bare "Closed" as no events, a time before its title as the item’s', () => {
    const items: Record<number, string[]> = { 5: ['Closed'], 10: ['10a-6p', '7:00 PM Author Talk'], 11: ['10a-6p'] }
    const all = cells([29, 30], 31, 2, items).map((c, i) =>
      i === 11 ? c.replace('<div class="ev"><a href="#">7:00 PM Author Talk</a></div>', '<span class="t">7:00 PM</span><a href="#">Author Talk</a>') : c,
    )
    expect(events(table('December 2026', all), ctx('2026-12-01', '2026-12-31'))).toEqual(['2026-12-10T19:00:00-06:00 Author Talk'])
  })

  it('read several timed lines of one list in a cell as events each (French)', () => {
    const all = cells([30], 31, 3, {}).map((c, i) => (i === 9 ? c.replace('</td>', '<ul><li>10h Heure du conte</li><li>14h30 - 16h Atelier numérique</li></ul></td>') : c))
    const rows = Array.from({ length: 5 }, (_, w) => `<tr>${all.slice(w * 7, w * 7 + 7).join('')}</tr>`).join('')
    const html = `<!DOCTYPE html><html lang="fr"><body><main><table><caption>Décembre 2026</caption><tr><th>lun.</th><th>mar.</th><th>mer.</th><th>jeu.</th><th>ven.</th><th>sam.</th><th>dim.</th></tr>${rows}</table></main></body></html>`
    expect(events(html, ctx('2026-12-01', '2026-12-31', 'Europe/Paris'))).toEqual(['2026-12-09T10:00:00+01:00 Heure du conte', '2026-12-09T14:30:00+01:00 Atelier numérique'])
  })

  it('take the year of a heading that names only the month from the index window', () => {
    expect(events(table('January', cells([27, 28, 29, 30, 31], 31, 6, JANUARY)), ctx('2026-11-25', '2027-02-28'))).toContain('2027-01-14T18:30:00-06:00 Genealogy Help')
    expect(monthOfHeading('Dezember', '2026-11-25')).toEqual({ year: 2026, month: 12 })
    expect(monthOfHeading('Programm im Januar', '2026-11-25')).toEqual({ year: 2027, month: 1 })
    // A month that ended less than a month before the window's start is still that year's.
    expect(monthOfHeading('November', '2026-12-10')).toEqual({ year: 2026, month: 11 })
    expect(monthOfHeading('Dezember')).toBeUndefined()
  })

  it('give no days without a month heading or when the numbers do not run 1 … the last day', () => {
    expect(events(table('Events Calendar', cells([27, 28, 29, 30, 31], 31, 6, JANUARY)))).toEqual([])
    const doc = (html: string) => parse(html).childNodes.find(isElement) as Element
    const find = (el: Element, tag: string): Element | undefined =>
      el.tagName === tag
        ? el
        : el.childNodes
            .filter(isElement)
            .map((c) => find(c, tag))
            .find(Boolean)
    const grid = (all: string[]) => find(doc(table('January 2027', all)), 'table')!
    expect(monthGridDays(grid(cells([27, 28, 29, 30, 31], 31, 6, {})), 'January 2027')?.size).toBe(42)
    expect(monthGridDays(grid(cells([], 30, 5, {})), 'January 2027')).toBeUndefined()
    expect(monthGridDays(grid(cells([27, 28, 30, 31], 31, 6, {})), 'January 2027')).toBeUndefined()
    expect(monthOfHeading('Kalender Dezember 2026')).toEqual({ year: 2026, month: 12 })
    expect(monthOfHeading('décembre 2026')).toEqual({ year: 2026, month: 12 })
    expect(monthOfHeading('Diciembre de 2026')).toEqual({ year: 2026, month: 12 })
    expect(monthOfHeading('Upcoming events')).toBeUndefined()
  })

  it('read one-letter meridiems as clocks, but not a suite number', () => {
    const times = (t: string) => findProseDates(t, '2027-01-15').map((w) => [w.time, w.endTime ?? ''].join('-'))
    expect(times('10:30a Storytime')).toEqual(['10:30-'])
    expect(times('10a-2p Book Sale')).toEqual(['10:00-14:00'])
    expect(times('7p Board Mtg')).toEqual(['19:00-'])
    expect(times('Suite 3a')).toEqual([])
    expect(times('Apt 4a-5b')).toEqual([])
  })
})
