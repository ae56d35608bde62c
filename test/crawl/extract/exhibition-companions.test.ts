// Pins an exhibition card's own events written as sentences ("Opening reception: Friday 15 January, 6–8pm.
// All welcome, free.", "Vernissage vrijdag 15 januari om 17.00 uur.", "Inauguração: sexta-feira, 15 de janeiro,
// às 19h."): titled with the kind and the card's heading, never with the sentence's leftover; the card's
// own dates beside a room line take the heading as title and the room as place; a span joined by "a"
// ("de 16 de janeiro a 27 de março") is one span; a site's opening hours with its closed days are no events.
// A plain "Storytime: Monday …" under "Library Events" keeps its own title.
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { openingHours } from '../../../src/crawl/extract/html/opening-hours'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string, lang: string, timezone: string) {
  const ctx = { baseUrl: 'https://www.gallery.example/exhibitions/', timezone, window: { start: '2026-11-25', end: '2027-02-28' } }
  const html = `<!DOCTYPE html><html lang="${lang}"><body><main>${body}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx)
    .events.map((e) => [e.title, e.startDate, e.venue?.name ?? null])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])))
}

const card = (title: string, ...ps: string[]) => `<div class="col"><h3>${title}</h3>${ps.map((p) => `<p>${p}</p>`).join('')}</div>`

describe('exhibition companion events', () => {
  it('titles an opening reception and an artist talk with the exhibition, and the exhibition with its heading', () => {
    const body = `<div class="row">${card('Winter Light', '<strong>16 January – 11 April 2027</strong><br>Main Gallery', 'Thirty new canvases.', 'Opening reception: Friday 15 January, 6–8pm. All welcome, free.', 'Artist talk: Saturday 6th February, 2pm, in the Learning Studio. £5, booking essential.')}${card('Woven Water', '<strong>5 December 2026 – 7 March 2027</strong><br>Long Room', 'Willow work. Admission free.')}</div>`
    expect(events(body, 'en-GB', 'Europe/London')).toEqual([
      ['Woven Water', '2026-12-05', 'Long Room'],
      ['Opening reception: Winter Light', '2027-01-15T18:00:00+00:00', null],
      ['Winter Light', '2027-01-16', 'Main Gallery'],
      ['Artist talk: Winter Light', '2027-02-06T14:00:00+00:00', 'Learning Studio'],
    ])
  })

  it('reads the Dutch vernissage and the Portuguese inauguração the same way, and a span joined by "a"', () => {
    const nl = `<div class="row">${card('Winterlicht', '16 januari t/m 25 april 2027', 'Schilderijen van Anouk de Vries.', 'Vernissage vrijdag 15 januari om 17.00 uur. Iedereen is welkom.')}${card('Turf en tijd', 't/m 28 februari 2027', 'Foto’s en gereedschap.')}</div>`
    expect(events(nl, 'nl', 'Europe/Amsterdam').map((e) => e[0])).toEqual(['Turf en tijd', 'Vernissage: Winterlicht', 'Winterlicht'])
    const pt = `<div class="row">${card('Barro Vivo', '<strong>De 16 de janeiro a 27 de março de 2027</strong>', 'Cerâmica contemporânea.', 'Inauguração: sexta-feira, 15 de janeiro, às 19h. Entrada livre.')}${card('Cadernos', '<strong>5 de dezembro de 2026 a 14 de fevereiro de 2027</strong>', 'Desenhos.')}</div>`
    expect(events(pt, 'pt-PT', 'Europe/Lisbon')).toEqual([
      ['Cadernos', '2026-12-05', null],
      ['Inauguração: Barro Vivo', '2027-01-15T19:00:00+00:00', null],
      ['Barro Vivo', '2027-01-16', null],
    ])
  })

  it('keeps the title of a sentence that is not a companion event', () => {
    const body = `<h2>Library Events</h2><p>Storytime: Monday, December 7, 10am. For ages 3–5.</p><p>Book Club: Tuesday, December 8, 7pm.</p>`
    expect(events(body, 'en-US', 'America/Chicago').map((e) => e[0])).toEqual(['Storytime', 'Book Club'])
  })

  it('knows opening hours with closed days, and not an event on a weekend', () => {
    expect(openingHours('Dinsdag t/m zondag van 11.00 tot 17.00 uur. Gesloten op 25 december en 1 januari.')).toBe(true)
    expect(openingHours('Open Wednesdays 10am – 3pm and by appointment. Closed from 19/12/2026 to 12/01/2027.')).toBe(true)
    expect(openingHours('De terça a domingo, das 10h às 18h. Encerra a 25 de dezembro.')).toBe(true)
    expect(openingHours('Holiday Market, Friday – Sunday, December 11–13, 10am–4pm')).toBe(false)
    expect(openingHours('Library CLOSED – Thanksgiving, Thursday, November 26')).toBe(false)
    const hours = `<div class="row">${card('Winterlicht', '16 januari t/m 25 april 2027', 'Schilderijen.')}${card('Turf', 't/m 28 februari 2027', 'Foto’s.')}</div><h2>Openingstijden</h2><p>Dinsdag t/m zondag van 11.00 tot 17.00 uur. Gesloten op 25 december en 1 januari.</p>`
    expect(events(hours, 'nl', 'Europe/Amsterdam').map((e) => e[1])).toEqual(['2026-11-25', '2027-01-16'])
  })

  it('keeps an exhibition and its opening on the same first day apart, and a period label is no title', () => {
    const card = `<div class="row"><div class="c"><h2>Rios Invisíveis</h2><p><strong>Visitação:</strong> 5 de dezembro de 2026 a 30 de janeiro de 2027</p><p><strong>Abertura:</strong> sábado, 5 de dezembro, das 11h às 15h</p><p>Galeria Térrea.</p></div>
      <div class="c"><h2>Tramas do Sertão</h2><p><strong>Visitação:</strong> até 20 de dezembro de 2026</p><p>Tecelagem do Cariri.</p></div></div>`
    expect(events(card, 'pt-BR', 'America/Sao_Paulo')).toEqual([
      ['Tramas do Sertão', '2026-11-25', null],
      ['Rios Invisíveis', '2026-12-05', null],
      ['Abertura: Rios Invisíveis', '2026-12-05T11:00:00-03:00', null],
    ])
  })

  it('reads German and French companions, with a compound kind and a preposition before the day', () => {
    const de = `<div class="row">${card('Winterlicht', '16. Januar bis 11. April 2027', 'Vernissage: Freitag, 15. Januar, 19 Uhr. Eintritt frei.', 'Kuratorenführung am Sonntag, 7. Februar, 15 Uhr.')}${card('Papierwelten', 'bis 10. Januar 2027', 'Grafik.')}</div>`
    expect(events(de, 'de', 'Europe/Berlin').map((e) => e[0])).toEqual(['Papierwelten', 'Vernissage: Winterlicht', 'Winterlicht', 'Kuratorenführung: Winterlicht'])
    const fr = `<div class="row">${card('Lumière d’hiver', 'Du 16 janvier au 11 avril 2027', 'Vernissage le vendredi 15 janvier à 18h30.')}${card('Papiers', 'Jusqu’au 10 janvier 2027', 'Estampes.')}</div>`
    expect(events(fr, 'fr', 'Europe/Paris').map((e) => e[0])).toEqual(['Papiers', 'Vernissage: Lumière d’hiver', 'Lumière d’hiver'])
  })

  it('finds a companion told in the same paragraph as the dates, and a room after the dates on an exhibition page', () => {
    const same = `<div class="row">${card('Winter Light', '16 January – 11 April 2027. Opening reception Friday 15 January, 6–8pm.', 'Main Gallery')}${card('Woven Water', '5 December 2026 – 7 March 2027', 'Long Room')}</div>`
    expect(events(same, 'en-GB', 'Europe/London')).toEqual([
      ['Woven Water', '2026-12-05', 'Long Room'],
      ['Opening reception: Winter Light', '2027-01-15T18:00:00+00:00', null],
      ['Winter Light', '2027-01-16', 'Main Gallery'],
    ])
    const page = `<article><h2>Winter Light</h2><p>16 January – 11 April 2027, Main Gallery</p><p>Thirty canvases.</p><p><strong>Opening reception:</strong> Friday 15 January, 6–8pm</p></article>`
    expect(events(page, 'en-GB', 'Europe/London')).toEqual([
      ['Opening reception: Winter Light', '2027-01-15T18:00:00+00:00', null],
      ['Winter Light', '2027-01-16', 'Main Gallery'],
    ])
  })

  it('titles the records under an "Opening Reception" or "Artist Talk" heading with the exhibition heading above it', () => {
    const body = `<div class="ex"><h2>Winter Light</h2><p>January 16 – April 11, 2027</p><p>Canvases.</p><h4>Opening Reception</h4><p>Friday, January 15, 6–8 pm</p><h4>Artist Talk</h4><p>Saturday, February 6, 2 pm</p></div><div class="ex"><h2>Paper Trails</h2><p>November 14, 2026 – February 28, 2027</p><p>Prints.</p></div>`
    expect(events(body, 'en-US', 'America/Chicago').map((e) => e[0])).toEqual(['Paper Trails', 'Opening Reception: Winter Light', 'Winter Light', 'Artist Talk: Winter Light'])
  })

  it('keeps a closure after a span of days as the title ("…, Library Closed")', () => {
    const body = `<h2>Holidays</h2><ul><li>December 21, 2026 – January 1, 2027, Library Closed</li><li>January 18 – 19, 2027, Town Hall Closed</li></ul>`
    expect(events(body, 'en-US', 'America/Chicago').map((e) => e[0])).toEqual(['Library Closed', 'Town Hall Closed'])
  })
})
