// Pins records that give a rule instead of a date (recurring-records.ts): one event per day of the rule
// inside the window, at the rule's time; a rule without a time, a sentence about a service, or a rule
// under a heading that is the only title gives nothing (a wrong rule would invent events).
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { normalizeCandidates } from '../../../src/crawl/normalize'

const ctx = { baseUrl: 'https://lib.example.org/programs', timezone: 'America/Chicago', window: { start: '2026-12-01', end: '2026-12-31' } }

function starts(cards: string[], lang = 'en'): string[] {
  const html = `<!DOCTYPE html><html lang="${lang}"><body><main><h1>Programs</h1>${cards.map((c) => `<div class="prog">${c}</div>`).join('')}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => `${e.title} ${e.startDate}`)
}

describe('records stating a rule', () => {
  it('give the last Friday and the first Monday of the month, at their times', () => {
    expect(starts(['<h3>Film Club</h3><p>Last Friday of each month, 7 p.m.</p>', '<h3>Book Talk</h3><p>First Monday of every month at 2:00 pm</p>'])).toEqual([
      'Book Talk 2026-12-07T14:00:00-06:00',
      'Film Club 2026-12-25T19:00:00-06:00',
    ])
  })

  it('read a list of ordinals, named before the rule and ending in "a.m." ("Knitting Circle: 1st and 3rd Mondays, 10 a.m.")', () => {
    // A clock's "a.m." ends no sentence; before, the line was taken for prose that states no rule.
    expect(starts(['<h3>Adult Programs</h3><p>Knitting Circle: 1st and 3rd Mondays, 10 a.m.</p>', '<h3>Chess Club</h3><p>1st and 3rd Mondays, 4:00 p.m. – 5:30 p.m.</p>'])).toEqual([
      'Knitting Circle 2026-12-07T10:00:00-06:00',
      'Chess Club 2026-12-07T16:00:00-06:00',
      'Knitting Circle 2026-12-21T10:00:00-06:00',
      'Chess Club 2026-12-21T16:00:00-06:00',
    ])
  })

  it('give nothing without a time, or for a sentence about a service', () => {
    expect(starts(['<h3>Quiet Hour</h3><p>Every Wednesday</p>', '<h3>Lego Club</h3><p>Every Saturday</p>'])).toEqual([])
    expect(
      starts([
        '<h3>Childcare</h3><p>Childcare is available for parents attending adult programs on Tuesdays at 6 pm.</p>',
        '<h3>Help</h3><p>Staff can help with devices on Thursdays at 3 pm in the lobby.</p>',
      ]),
    ).toEqual([])
  })

  it('read a rule that opens a first sentence, the rest a note ("Every Tuesday, 8.30pm – 11pm, in the back bar. All welcome.")', () => {
    expect(
      starts([
        '<h3>Folk Session</h3><p>Every Tuesday, 8:30 pm – 11 pm, in the back bar. All welcome, bring an instrument.</p>',
        '<h3>Quiz Night</h3><p>Every Thursday at 8 pm. Teams of up to six, $2 per person.</p>',
      ]).slice(0, 2),
    ).toEqual(['Folk Session 2026-12-01T20:30:00-06:00', 'Quiz Night 2026-12-03T20:00:00-06:00'])
    expect(
      starts(['<h3>Spieleabend</h3><p>Jeden Freitag um 19 Uhr im Pfarrheim. Neue Spieler sind willkommen.</p>', '<h3>Skat</h3><p>Jeden Montag um 18 Uhr. Anfänger sind willkommen.</p>'], 'de').slice(
        0,
        2,
      ),
    ).toEqual(['Spieleabend 2026-12-04T19:00:00-06:00', 'Skat 2026-12-07T18:00:00-06:00'])
    expect(starts(['<h3>Crèche</h3><p>Childcare is available during the morning service on Sundays. Please ask at the door.</p>'])).toEqual([])
  })

  it('read "every <weekday>" and plural weekdays in German, French, Spanish, Dutch, Italian and Portuguese', () => {
    // A second card makes the first one part of a repeated structure, as on a real page.
    const week = (lang: string, rule: string) => starts([`<h3>Programm</h3><p>${rule}</p>`, '<h3>Zweites</h3><p>2026-12-24</p>'], lang).filter((s) => s.startsWith('Programm'))
    const days = (xs: string[]) => xs.map((x) => x.slice(9, 19))
    expect(days(week('de', 'Jeden Mittwoch, 15:00 Uhr'))).toEqual(['2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'])
    expect(days(week('de', 'dienstags 18 – 20 Uhr'))).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'])
    expect(days(week('fr', 'Tous les mardis à 10h, espace petite enfance'))).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29'])
    expect(days(week('es', 'Todos los sábados a las 11:00'))).toEqual(['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26'])
    expect(days(week('nl', 'Elke vrijdag om 20.00 uur'))).toEqual(['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25'])
    expect(days(week('it', 'Ogni giovedì alle 17:30'))).toEqual(['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24', '2026-12-31'])
    expect(days(week('pt', 'Todas as quartas-feiras às 19h'))).toEqual(['2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'])
  })
})
