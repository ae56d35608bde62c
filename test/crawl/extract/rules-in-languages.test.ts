// Pins the rules said in other languages (rule-words.ts, recurring-records.ts): an ordinal weekday of the
// month said in full ("jeden ersten Montag im Monat", "le premier mardi du mois", "el primer martes de cada
// mes", "ogni primo lunedì del mese"), also inside a sentence, with a heading naming the meeting; habit
// headings ("Mondays", "Le mardi", "Los martes", "Dienstags") over timed lines; and what keeps a rule
// from being guessed: an exception, a holiday or a season ("sauf en août", "außer in den Ferien"), a
// coming day ("El martes", "Monday"), a sentence about a service.
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { englishRule, habitHeading } from '../../../src/crawl/extract/rule-words'
import { normalizeCandidates } from '../../../src/crawl/normalize'

const ctx = (timezone: string) => ({ baseUrl: 'https://club.example.org/', timezone, window: { start: '2026-12-01', end: '2026-12-31' } })

function events(body: string, lang: string, timezone = 'Europe/Berlin'): string[] {
  const html = `<!DOCTYPE html><html lang="${lang}"><body><main><h1>Termine</h1>${body}</main></body></html>`
  const c = ctx(timezone)
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), c).candidates, c).events.map((e) => `${e.startDate} ${e.title}`)
}

describe('ordinal weekdays of the month in other languages', () => {
  it('are read in German, French, Spanish, Italian, Dutch and Portuguese', () => {
    expect(englishRule('jeden ersten Montag im Monat um 19 Uhr', 'de')).toBe('first monday of the month')
    expect(englishRule('am 3. Donnerstag des Monats', 'de')).toBe('third thursday of the month')
    expect(englishRule('le dernier vendredi du mois à 20h', 'fr')).toBe('last friday of the month')
    expect(englishRule('el primer martes de cada mes a las 19:00', 'es')).toBe('first tuesday of the month')
    expect(englishRule("l'ultima domenica del mese", 'it')).toBe('last sunday of the month')
    expect(englishRule('elke tweede woensdag van de maand', 'nl')).toBe('second wednesday of the month')
    expect(englishRule('na segunda quarta-feira de cada mês', 'pt')).toBe('second wednesday of the month')
    expect(englishRule('jeden 1. und 3. Mittwoch im Monat um 15 Uhr', 'de')).toBe('first and third wednesday of the month')
    expect(englishRule('le 1er et le 3e mardi du mois à 18h', 'fr')).toBe('first and third tuesday of the month')
    expect(englishRule('tous les premiers mardis du mois', 'fr')).toBe('first tuesday of the month')
  })

  it('give one event a month at the time, titled by the card or the heading over a sentence', () => {
    const cards = ['<div class="c"><h3>Vorstand</h3><p>Jeden ersten Montag im Monat, 19 Uhr</p></div>', '<div class="c"><h3>Skatrunde</h3><p>Am letzten Freitag des Monats um 20 Uhr</p></div>']
    expect(events(cards.join(''), 'de')).toEqual(['2026-12-07T19:00:00+01:00 Vorstand', '2026-12-25T20:00:00+01:00 Skatrunde'])
    const prose = '<h2>Club de lectura</h2><p>Nos reunimos el primer martes de cada mes a las 18:00 en la Biblioteca. Este trimestre leemos «Nada».</p>'
    expect(events(prose, 'es', 'Europe/Madrid')).toEqual(['2026-12-01T18:00:00+01:00 Club de lectura'])
  })

  it('are not read with an exception, a holiday or a season', () => {
    expect(englishRule('le premier mardi du mois à 18h, sauf en août', 'fr')).toBeUndefined()
    expect(englishRule('jeden Dienstag um 18 Uhr, außer in den Ferien', 'de')).toBeUndefined()
    expect(englishRule('el primer martes de cada mes, excepto en verano', 'es')).toBeUndefined()
    expect(events('<h2>Vorstand</h2><p>Der Vorstand trifft sich jeden ersten Montag im Monat um 19 Uhr, außer in den Schulferien.</p>', 'de')).toEqual([])
  })
})

describe('habit headings', () => {
  it('say a weekday as a habit, not a coming day', () => {
    expect(
      ['Mondays', 'Dienstags', 'Le mardi', 'Les mercredis', 'Los martes', 'Il lunedì', 'Às quartas-feiras'].map((t, i) => habitHeading(t, (['en', 'de', 'fr', 'fr', 'es', 'it', 'pt'] as const)[i])),
    ).toEqual(['MO', 'TU', 'TU', 'WE', 'TU', 'MO', 'WE'])
    expect([habitHeading('Tuesdays & Thursdays', 'en'), habitHeading('Dienstags und Donnerstags', 'de'), habitHeading('Les mardis et jeudis', 'fr')]).toEqual(['TU,TH', 'TU,TH', 'TU,TH'])
    expect([habitHeading('Monday', 'en'), habitHeading('Dienstag', 'de'), habitHeading('El martes', 'es'), habitHeading('Mardi 8 décembre', 'fr')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('give the timed lines under them that weekday, until the next heading', () => {
    const body = '<h3>Le lundi</h3><ul><li>Gym douce, 9h30 – 10h30</li><li>Atelier tricot, 14h</li></ul><h3>Le jeudi</h3><ul><li>Scrabble, 14h – 17h</li></ul><h3>Contact</h3><p>Accueil : 9h – 12h</p>'
    const found = events(body, 'fr', 'Europe/Paris')
    expect(found.filter((e) => e.includes('Gym'))).toEqual([
      '2026-12-07T09:30:00+01:00 Gym douce',
      '2026-12-14T09:30:00+01:00 Gym douce',
      '2026-12-21T09:30:00+01:00 Gym douce',
      '2026-12-28T09:30:00+01:00 Gym douce',
    ])
    expect(found.filter((e) => e.includes('Scrabble'))).toHaveLength(5)
    expect(found).toHaveLength(13)
    expect(events('<h3>Los martes</h3><ul><li>Taller de memoria, 10:30 h</li><li>Yoga, 18:00 h</li></ul>', 'es', 'Europe/Madrid')).toHaveLength(10)
    // "Monday" alone is a coming day: its lines are no weekly program.
    expect(events('<h3>Monday</h3><ul><li>Chair Yoga, 9:30 am</li><li>Pickleball, 8:00 am</li></ul>', 'en', 'America/Chicago')).toEqual([])
  })
})

describe('a season over habit headings', () => {
  it('ends their programs, of one weekday or two ("du lundi 7 septembre au samedi 12 décembre 2026")', () => {
    const two = '<p>Fall session: September 14 – December 11, 2026</p><h3>Tuesdays &amp; Fridays</h3><ul><li>Chair Yoga, 9:30 am</li></ul>'
    expect(events(two, 'en', 'America/Chicago')).toEqual([
      '2026-12-01T09:30:00-06:00 Chair Yoga',
      '2026-12-04T09:30:00-06:00 Chair Yoga',
      '2026-12-08T09:30:00-06:00 Chair Yoga',
      '2026-12-11T09:30:00-06:00 Chair Yoga',
    ])
    const body =
      '<p>Saison 2026 : les activités ont lieu du lundi 7 septembre au samedi 12 décembre 2026.</p><h3>Le lundi</h3><ul><li>Gym douce, 9h30 – 10h30</li></ul><h3>Le jeudi</h3><ul><li>Scrabble, 14h</li></ul>'
    expect(events(body, 'fr', 'Europe/Paris')).toEqual(['2026-12-03T14:00:00+01:00 Scrabble', '2026-12-07T09:30:00+01:00 Gym douce', '2026-12-10T14:00:00+01:00 Scrabble'])
  })
})

describe('a rule and its time in two fields', () => {
  it('give the program its time (English and German)', () => {
    const cards = ['<div class="c"><h3>Book Club</h3><p>First Tuesday of the month</p><p>7:00 PM</p></div>', '<div class="c"><h3>Knitters</h3><p>Every Thursday</p><p>2:00 – 4:00 PM</p></div>']
    expect(events(cards.join(''), 'en', 'America/Chicago').filter((e) => e < '2026-12-11')).toEqual([
      '2026-12-01T19:00:00-06:00 Book Club',
      '2026-12-03T14:00:00-06:00 Knitters',
      '2026-12-10T14:00:00-06:00 Knitters',
    ])
    const de = ['<div class="c"><h3>Vorstand</h3><p>Jeden ersten Montag im Monat</p><p>19:00 Uhr</p></div>', '<div class="c"><h3>Skat</h3><p>Dienstags</p><p>18 – 20 Uhr</p></div>']
    expect(events(de.join(''), 'de').filter((e) => e < '2026-12-09')).toEqual(['2026-12-01T18:00:00+01:00 Skat', '2026-12-07T19:00:00+01:00 Vorstand', '2026-12-08T18:00:00+01:00 Skat'])
  })
})

describe('titles of rules', () => {
  it('keep the card heading over "Meets the 2nd and 4th Wednesday of each month"', () => {
    const cards = [
      '<div class="g"><h3>Garden Club</h3><p>Meets the 2nd and 4th Wednesday of each month, 6:30 pm</p></div>',
      '<div class="g"><h3>Genealogy Society</h3><p>3rd Thursday monthly at 7pm</p></div>',
    ]
    expect(events(cards.join(''), 'en', 'America/Chicago')).toEqual(['2026-12-09T18:30:00-06:00 Garden Club', '2026-12-17T19:00:00-06:00 Genealogy Society', '2026-12-23T18:30:00-06:00 Garden Club'])
  })
})

describe('a rule in a line of no record', () => {
  it('is a program titled by what comes before its rule, but opening hours are none', () => {
    const main = '<div class="ev"><h3>Author Talk</h3><p>December 3, 2026, 7:00 PM</p></div><div class="ev"><h3>Craft Night</h3><p>December 10, 2026, 6:00 PM</p></div>'
    const aside = "<h3>Hours</h3><p>Open Tuesdays 10 am – 8 pm</p><p>Closed Sundays</p><h3>Good to know</h3><p>Storytime every Wednesday at 10:30 a.m. in the Children's Room</p>"
    const html = `<!DOCTYPE html><html lang="en"><body><main><h1>Events</h1>${main}</main><aside>${aside}</aside></body></html>`
    const c = ctx('America/Chicago')
    const found = normalizeCandidates(extractDocument(new TextEncoder().encode(html), c).candidates, c).events.map((e) => `${e.startDate} ${e.title}`)
    expect(found.filter((e) => e < '2026-12-10')).toEqual(['2026-12-02T10:30:00-06:00 Storytime', '2026-12-03T19:00:00-06:00 Author Talk', '2026-12-09T10:30:00-06:00 Storytime'])
  })
})
