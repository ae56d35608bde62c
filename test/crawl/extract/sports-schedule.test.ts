// Pins how a school or club sports schedule reads: a table whose header names an Opponent column (Gegner,
// Adversaire, Rival, Tegenstander…) gives each game the team the heading names against that opponent
// ("Varsity Football vs. Lincoln County", "… at Eastlake" for "@ Eastlake"), not the team alone on every
// row; and a row that only says "BYE" (spielfrei, exempt, descanso) is no game.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const ctx = { baseUrl: 'https://www.pineridgehs.org/athletics/football/', timezone: 'America/Denver', window: { start: '2026-08-20', end: '2026-12-31' } }

function games(body: string, lang = 'en') {
  return pageEvents(body, { lang, ...ctx }).map((e) => ({ title: e.title, start: e.startDate }))
}

const table = (heading: string, head: string[], rows: string[][]) =>
  `<h1>${heading}</h1><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`

describe('sports schedules', () => {
  it('titles each game with the team and its opponent, "at" for an away game, and drops the bye week', () => {
    const body = table(
      'Varsity Football',
      ['Date', 'Opponent', 'Location', 'Time'],
      [
        ['Fri, Aug 28', 'vs. Lincoln County', 'Ridgeview Stadium', '7:00 PM'],
        ['Fri, Sep 4', '@ Mountain View', 'Mountain View HS', '7:00 PM'],
        ['Fri, Sep 11', 'BYE', '', ''],
        ['Sat, Sep 19', 'Harmon Valley', 'Ridgeview Stadium', '1:00 PM'],
      ],
    )
    expect(games(body)).toEqual([
      { title: 'Varsity Football vs. Lincoln County', start: '2026-08-28T19:00:00-06:00' },
      { title: 'Varsity Football at Mountain View', start: '2026-09-04T19:00:00-06:00' },
      { title: 'Varsity Football vs. Harmon Valley', start: '2026-09-19T13:00:00-06:00' },
    ])
  })

  it('reads the Opponent column in German, French and Spanish', () => {
    const rows = [
      ['12.09.2026', 'TSV Lindenau', '15:00'],
      ['19.09.2026', 'spielfrei', ''],
    ]
    expect(games(table('1. Herren', ['Datum', 'Gegner', 'Anstoß'], rows), 'de')[0].title).toBe('1. Herren vs. TSV Lindenau')
    expect(games(table('Seniors masculins', ['Date', 'Adversaire', 'Heure'], rows), 'fr').map((g) => g.title)).toEqual(['Seniors masculins vs. TSV Lindenau'])
    expect(games(table('Juvenil A', ['Fecha', 'Rival', 'Hora'], rows), 'es')).toHaveLength(1)
  })

  it('leaves a table without an Opponent column titled as before (the heading, or its title column)', () => {
    const body = table(
      'Board of Trustees',
      ['Date', 'Meeting', 'Time'],
      [
        ['Sep 9, 2026', 'Budget Workshop', '6:30 PM'],
        ['Sep 23, 2026', 'Public Hearing on the Levy', '7:00 PM'],
      ],
    )
    expect(games(body)).toEqual([
      { title: 'Budget Workshop', start: '2026-09-09T18:30:00-06:00' },
      { title: 'Public Hearing on the Levy', start: '2026-09-23T19:00:00-06:00' },
    ])
  })
})
