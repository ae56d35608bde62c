// Pins day headings set among the cards they head ("<div class=subtitle><h2>Saturday, December 5,
// 2026</h2></div>" then the day's <article> cards, as library calendars render a list view): a heading that
// holds only a day is the day of the cards after it, never an event of its own titled by the site; and a
// "Branch:" label names the card's place (Zweigstelle, Vestiging, Sucursal).
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

function events(body: string, lang: string, timezone: string) {
  const page = { lang, timezone, window: { start: '2026-12-01', end: '2026-12-31' }, baseUrl: 'https://www.library.example/events', head: '<title>Events | Library</title>' }
  return pageEvents(`<h1>Events</h1>${body}`, page).map((e) => [e.startDate, e.title, e.venue?.name])
}

const card = (title: string, time: string, branch: string, label = 'Branch:') =>
  `<article class="ev"><div class="ev__date"><span>Dec</span><span>05</span></div><h3 class="ev__title"><a href="/e/${title.length}">${title}</a></h3><div class="ev__time">${time}</div><div class="ev__branch"><span class="label">${label}</span> ${branch}</div></article>`

describe('day headings among cards', () => {
  it('heads the cards after it and is no event of its own', () => {
    const body = `<div class="sub"><h2>Saturday, December 5, 2026</h2></div>${card('Family LEGO Build', '10:00am–11:30am', 'Eastside Branch')}${card('Gingerbread Workshop', '2:00pm–4:00pm', 'Main Library')}`
    expect(events(body, 'en', 'America/Chicago')).toEqual([
      ['2026-12-05T10:00:00-06:00', 'Family LEGO Build', 'Eastside Branch'],
      ['2026-12-05T14:00:00-06:00', 'Gingerbread Workshop', 'Main Library'],
    ])
  })

  it('reads German and Dutch list views the same way', () => {
    const de = `<div class="sub"><h2>Samstag, 5. Dezember 2026</h2></div>${card('Lego-Bauen für Familien', '10–11.30 Uhr', 'Stadtteilbibliothek Ost', 'Zweigstelle:')}${card('Lebkuchenhaus-Werkstatt', '14–16 Uhr', 'Zentralbibliothek', 'Zweigstelle:')}`
    expect(events(de, 'de', 'Europe/Berlin').map(([, title, venue]) => [title, venue])).toEqual([
      ['Lego-Bauen für Familien', 'Stadtteilbibliothek Ost'],
      ['Lebkuchenhaus-Werkstatt', 'Zentralbibliothek'],
    ])
    const nl = `<div class="sub"><h2>zaterdag 5 december 2026</h2></div>${card('Legobouwen', '10.00 - 11.30 uur', 'Bibliotheek Oost', 'Vestiging:')}${card('Peperkoekhuisjes maken', '14.00 - 16.00 uur', 'Centrale Bibliotheek', 'Vestiging:')}`
    expect(events(nl, 'nl', 'Europe/Amsterdam').map(([start, title]) => [start, title])).toEqual([
      ['2026-12-05T10:00:00+01:00', 'Legobouwen'],
      ['2026-12-05T14:00:00+01:00', 'Peperkoekhuisjes maken'],
    ])
  })
})
