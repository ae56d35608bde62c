// Pins the place written as the first field of a time line ("Borgo antico · ore 17:00", "Stadthalle | 19:30
// Uhr"): when the line's other fields hold only its time, the first field is the place (src/crawl/extract/
// html/head-field.ts); read as one text it was an address with the time in it ("Piazza del Comune · ore
// 15:30") or nothing. Also the Portuguese and Italian class names of a place field ("onde", "dove").
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const window = { start: '2026-11-25', end: '2027-01-31' }
const places = (body: string, lang: string, timezone: string) =>
  pageEvents(`<h1>Eventi</h1>${body}`, { lang, timezone, window, baseUrl: 'https://www.comune.example/eventi/' }).map((e) => [e.title, e.startDate, e.venue?.name ?? e.address])

describe('a place in the first field of a time line', () => {
  it('reads the field before the time as the place (Italian, German)', () => {
    const card = (day: string, month: string, title: string, line: string) =>
      `<div class="card"><div class="data"><span>${day}</span><span>${month}</span></div><h3><a href="/e">${title}</a></h3><p>${line}</p></div>`
    const it_ = card('12', 'dic', 'Presepe vivente', 'Borgo antico · ore 17:00') + card('06', 'gen', 'Arriva la Befana', 'Piazza del Comune · ore 15:30')
    expect(places(it_, 'it', 'Europe/Rome')).toEqual([
      ['Presepe vivente', '2026-12-12T17:00:00+01:00', 'Borgo antico'],
      ['Arriva la Befana', '2027-01-06T15:30:00+01:00', 'Piazza del Comune'],
    ])
    const de =
      '<div><h3>Adventskonzert</h3><p>So., 13. Dezember 2026</p><p>Stadthalle | 17:00 Uhr</p></div><div><h3>Neujahrsempfang</h3><p>Fr., 8. Januar 2027</p><p>Rathaus, Ratssaal | 18:30 Uhr</p></div>'
    expect(places(de, 'de', 'Europe/Berlin').map(([, , place]) => place)).toEqual(['Stadthalle', 'Rathaus, Ratssaal'])
  })

  it('keeps a field that is a price or a second title out, and reads a class "onde" as the place', () => {
    const priced = '<div><h3>Tombola</h3><p>Sab 12 dicembre 2026</p><p>€ 5 · ore 16:00</p></div><div><h3>Concerto</h3><p>Sab 19 dicembre 2026</p><p>Ingresso libero · ore 21:00</p></div>'
    expect(places(priced, 'it', 'Europe/Rome').map(([, , place]) => place)).toEqual([undefined, undefined])
    const pt =
      '<article><h2>Concerto de Natal</h2><p class="quando">19 dezembro 2026 | 21h30</p><p class="onde">Cineteatro Municipal</p></article><article><h2>Teatro de Reis</h2><p class="quando">9 janeiro 2027 | 16h00</p><p class="onde">Auditório da Junta</p></article>'
    expect(places(pt, 'pt', 'Europe/Lisbon').map(([, , place]) => place)).toEqual(['Cineteatro Municipal', 'Auditório da Junta'])
  })
})
