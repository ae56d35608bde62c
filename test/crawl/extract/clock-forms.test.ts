// Pins clock forms of the other languages that chrono misreads: a numeric day, "at" and its time ("5/12 à
// 20h30", "5/12 alle 21", "5/12 om 20:00": chrono read "12 à 20:30" as hours from 12 to 20:30), a clock
// with a trailing "h" ("20:30h", "19:30 hs": chrono kept the hour alone), the Italian "h. 21.00", and a
// Dutch or German clock with a dot and no unit after a clock word or a separator ("aanvang 20.15", "· 20.15").
import { describe, expect, it } from 'bun:test'
import { DateReader } from '../../../src/crawl/extract/prose-dates'

const read = (locale: 'fr' | 'es' | 'it' | 'nl' | 'pt' | 'de', text: string) => new DateReader(locale).find(text, '2026-11-29')

describe('clock forms chrono misreads', () => {
  it('reads a numeric day followed by "at" and its time as that day at that time', () => {
    for (const [locale, text, time] of [
      ['fr', 'Le samedi 5/12 à 20 h 30', '20:30'],
      ['fr', '5/12 à 20h30', '20:30'],
      ['it', 'sabato 5/12 alle 21', '21:00'],
      ['nl', 'za 5/12 om 20:00', '20:00'],
    ] as const)
      expect({ text, found: read(locale, text) }).toMatchObject({ text, found: [{ date: '2026-12-05', time }] })
  })

  it('keeps the minutes of a clock written with a trailing h', () => {
    expect(read('es', '5 de diciembre de 2026 - 20:30h')).toMatchObject([{ date: '2026-12-05', time: '20:30' }])
    expect(read('es', 'de 10:00h a 14:00h')).toMatchObject([{ time: '10:00', endTime: '14:00' }])
    expect(read('pt', '05/12/2026 - 19:30h')).toMatchObject([{ date: '2026-12-05', time: '19:30' }])
    expect(read('fr', '20:30h')).toMatchObject([{ time: '20:30' }])
  })

  it('reads the Italian "h. 21.00" as a time', () => {
    expect(read('it', 'sabato 5 dicembre, h. 21.00')).toMatchObject([{ date: '2026-12-05', time: '21:00' }])
  })

  it('reads a Dutch or German quarter-hour clock with a dot after a clock word or a separator, not a day and month', () => {
    expect(read('nl', 'za 5 december · 20.15')).toMatchObject([{ date: '2026-12-05', time: '20:15' }])
    expect(read('nl', 'zaterdag 5 december, aanvang 20.15')).toMatchObject([{ date: '2026-12-05', time: '20:15' }])
    expect(read('de', 'Sa, 5. Dezember · 19.30')).toMatchObject([{ date: '2026-12-05', time: '19:30' }])
    expect(read('de', 'Beginn 20.15')).toMatchObject([{ time: '20:15' }])
    expect(read('de', 'Sa 20.12')).toEqual([])
    expect(read('nl', 'Entree € 12.50')).toEqual([])
  })

  it('reads two days of one month written once ("12 e 13/12", "5. und 6.12.") as both days, not the second alone', () => {
    expect(read('pt', '12 e 13/12 | a partir das 10h')).toMatchObject([{ date: '2026-12-12', endDate: '2026-12-13', time: '10:00' }])
    expect(read('es', '12 y 13/12, 18:00')).toMatchObject([{ date: '2026-12-12', endDate: '2026-12-13', time: '18:00' }])
    expect(read('de', '5. und 6.12. ab 11 Uhr')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-06', time: '11:00' }])
    expect(read('fr', 'les 5 et 6/12 à 20h')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-06', time: '20:00' }])
  })

  it('reads Dutch ranges of days ("5 t/m 13 december", "van 5 december tot en met 10 januari"), chrono read the last day alone', () => {
    expect(read('nl', 'van 5 t/m 13 december 2026')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-13' }])
    expect(read('nl', 'van 5 december tot en met 10 januari')).toMatchObject([{ date: '2026-12-05', endDate: '2027-01-10' }])
  })

  it('leaves ranges of hours with "à" and "tot" as they were', () => {
    expect(read('fr', 'samedi 5 décembre de 14h à 17h')).toMatchObject([{ date: '2026-12-05', time: '14:00', endTime: '17:00' }])
    expect(read('nl', 'zaterdag 5 december van 10.00 tot 12.00 uur')).toMatchObject([{ date: '2026-12-05', time: '10:00', endTime: '12:00' }])
  })

  it("reads a bare hour before a dash and an hour with 'Uhr' as the range's start, not a year ('6. Dezember, 11 – 18 Uhr')", () => {
    expect(read('de', 'Sonntag, 6. Dezember, 11 – 18 Uhr')).toMatchObject([{ date: '2026-12-06', time: '11:00', endTime: '18:00' }])
    expect(read('de', 'Sa, 5.12., 10 bis 17 Uhr')).toMatchObject([{ date: '2026-12-05', time: '10:00', endTime: '17:00' }])
  })

  it('reads a bare hour before "to" and an hour with its unit as a range in every language, not ages', () => {
    expect(read('es', 'del 5 al 8 de diciembre, de 10 a 14 h')).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-08', time: '10:00', endTime: '14:00' }])
    expect(read('fr', 'samedi 12 décembre, de 10 à 18 h')).toMatchObject([{ date: '2026-12-12', time: '10:00', endTime: '18:00' }])
    expect(read('pt', 'sábado, 12 de dezembro, das 9 às 17h')).toMatchObject([{ date: '2026-12-12', time: '09:00', endTime: '17:00' }])
    expect(read('nl', 'zaterdag 12 december, 10 - 17 uur')).toMatchObject([{ date: '2026-12-12', time: '10:00', endTime: '17:00' }])
    for (const [locale, text] of [
      ['es', 'Grupos de 5 a 8 personas'],
      ['de', 'Kinder von 6 bis 10 Jahren'],
      ['fr', 'de 5 à 8 ans'],
    ] as const)
      expect(read(locale, text)).toEqual([])
  })

  it('reads a numeric day, a dash, then its time ("Mardi 8/12 – 18h30", "Mi, 9.12. – 19.30 Uhr"): chrono read hours from 12 to 18:30', () => {
    expect(read('fr', 'Mardi 8/12 – 18h30')).toMatchObject([{ date: '2026-12-08', time: '18:30' }])
    expect(read('es', 'Martes 15/12 - 19 h')).toMatchObject([{ date: '2026-12-15', time: '19:00' }])
    expect(read('de', 'Mi, 9.12. – 19.30 Uhr')).toMatchObject([{ date: '2026-12-09', time: '19:30' }])
  })

  it("reads Italian ranges of days ('dal 5 all'8 dicembre'): chrono read the last day alone", () => {
    expect(read('it', "dal 5 all'8 dicembre 2026, dalle 10 alle 19")).toMatchObject([{ date: '2026-12-05', endDate: '2026-12-08', time: '10:00', endTime: '19:00' }])
    expect(read('it', 'dal 10 al 14 dicembre')).toMatchObject([{ date: '2026-12-10', endDate: '2026-12-14' }])
  })

  it('reads a weekday before a dotted day and month ("Vendredi 11.12 - 20h30", "Sabato 12.12 ore 21"), not a dotted clock', () => {
    expect(read('fr', 'Vendredi 11.12 - 20h30')).toMatchObject([{ date: '2026-12-11', time: '20:30' }])
    expect(read('it', 'Sabato 12.12 ore 21')).toMatchObject([{ date: '2026-12-12', time: '21:00' }])
    expect(read('es', 'sábado 12.12.2026, 20 h')).toMatchObject([{ date: '2026-12-12', time: '20:00' }])
    expect(read('es', 'sábado 10.10 h, Auditorio').map((w) => w.date)).not.toContain('2027-10-10')
  })

  it('reads "h 21.00" (Italian) and a weekday in parentheses after a month ("12 de dezembro (sábado), às 16h")', () => {
    expect(read('it', '12 dicembre 2026 | h 21.00')).toMatchObject([{ date: '2026-12-12', time: '21:00' }])
    expect(read('pt', '12 de dezembro (sábado), às 16h')).toMatchObject([{ date: '2026-12-12', time: '16:00' }])
  })
})
