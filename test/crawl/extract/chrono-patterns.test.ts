/**
 * chrono parsers whose pattern does not depend on the text's context keep their first pattern (issue 13:
 * a few Dutch, German and French parsers built and compiled a new one for every text read): the parsers
 * read exactly as a fresh, untouched chrono reads, text after text, in every language, the phrases those
 * parsers exist for included; and a pattern that keeps state between reads is never shared.
 */
import { describe, expect, it } from 'bun:test'
import * as chrono from 'chrono-node'
import { DATE_LOCALES, keepInnerPatterns, parserFor } from '../../../src/crawl/extract/date-locale'

const REF = new Date('2000-01-01T12:00:00Z')

const TEXTS = [
  'Wanneer: vr 30-01-2026 Waar: Groningen',
  'binnen 3 dagen, vrijdag 14 maart 2025 20:00',
  'over 2 weken om 19:30',
  'in 2 Stunden, am 3. März 2026 um 19 Uhr',
  'nächste Woche Samstag 21.03.2026',
  'il y a 3 jours, le 3 mars 2026 à 19:30',
  'dans 2 heures, les 3 prochains jours',
  'en 2 horas, el 3 de marzo de 2026',
  'tra 2 giorni, il 3 marzo 2026 alle 19:30',
  'em 2 dias, 3 de março de 2026 às 19:30',
  'in 3 days, June 3, 2026 at 7:30 PM',
]

const FRESH: Record<string, { parse: (t: string, r: Date) => chrono.ParsedResult[] }> = {
  en: new chrono.Chrono(chrono.en.configuration.createConfiguration(true, false)),
  de: new chrono.Chrono(chrono.de.createConfiguration(true)),
  fr: new chrono.Chrono(chrono.fr.createConfiguration(true)),
  es: new chrono.Chrono(chrono.es.createConfiguration(true)),
  nl: new chrono.Chrono(chrono.nl.createConfiguration(true)),
  it: new chrono.Chrono(chrono.it.configuration.createConfiguration(true)),
  pt: new chrono.Chrono(chrono.pt.createConfiguration(true)),
}

const read = (results: chrono.ParsedResult[]) => results.map((r) => ({ index: r.index, text: r.text, start: r.start.date().toISOString(), end: r.end?.date().toISOString() }))

describe('kept chrono patterns', () => {
  it('read every text as a fresh chrono does, again and again', () => {
    for (const locale of DATE_LOCALES)
      for (let pass = 0; pass < 2; pass++) for (const text of TEXTS) expect([locale, text, read(parserFor(locale).parse(text, REF))]).toEqual([locale, text, read(FRESH[locale].parse(text, REF))])
  })

  it('are kept only for parsers that ask no context, and never when they keep state', () => {
    let built = 0
    const fresh = () => {
      built++
      return /in (\d+) days/i
    }
    const stateful = () => /in (\d+) days/gi
    const contextual = (_context: unknown) => /in (\d+) days/i
    const parsers: { innerPattern: (...args: unknown[]) => RegExp }[] = [{ innerPattern: fresh }, { innerPattern: stateful }, { innerPattern: contextual }]
    keepInnerPatterns({ parsers })
    const [a, b, c] = parsers
    expect(a.innerPattern()).toBe(a.innerPattern())
    expect(built).toBe(1)
    expect(b.innerPattern()).not.toBe(b.innerPattern())
    expect(c.innerPattern).toBe(contextual)
  })
})
