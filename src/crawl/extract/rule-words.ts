/**
 * Recurrence wording in the languages read here, put into the English the prose rule reader knows
 * ("jeden Dienstag" → "every tuesday", "tous les mardis" → "every tuesdays", "elke woensdag" → "every
 * wednesday"), and each language's weekday names, which are blanked out before a rule's line is read for
 * its time. Only "every <weekday>" and plural weekdays are carried over: ordinals and months stay
 * English-only, so a rule in another language is never guessed.
 */
import type { DateLocale } from './date-locale'

// biome-ignore format: a word table, kept packed so it reads as one table
const WEEKDAYS: Record<Exclude<DateLocale, 'en'>, string[][]> = {
  de: [['montags', 'montag'], ['dienstags', 'dienstag'], ['mittwochs', 'mittwoch'], ['donnerstags', 'donnerstag'], ['freitags', 'freitag'], ['samstags', 'samstag', 'sonnabends', 'sonnabend'], ['sonntags', 'sonntag']],
  fr: [['lundis', 'lundi'], ['mardis', 'mardi'], ['mercredis', 'mercredi'], ['jeudis', 'jeudi'], ['vendredis', 'vendredi'], ['samedis', 'samedi'], ['dimanches', 'dimanche']],
  es: [['lunes'], ['martes'], ['miércoles', 'miercoles'], ['jueves'], ['viernes'], ['sábados', 'sabados', 'sábado', 'sabado'], ['domingos', 'domingo']],
  nl: [['maandags', 'maandag'], ['dinsdags', 'dinsdag'], ['woensdags', 'woensdag'], ['donderdags', 'donderdag'], ['vrijdags', 'vrijdag'], ['zaterdags', 'zaterdag'], ['zondags', 'zondag']],
  it: [['lunedì', 'lunedi'], ['martedì', 'martedi'], ['mercoledì', 'mercoledi'], ['giovedì', 'giovedi'], ['venerdì', 'venerdi'], ['sabato', 'sabati'], ['domenica', 'domeniche']],
  pt: [['segundas-feiras', 'segunda-feira', 'segundas', 'segunda'], ['terças-feiras', 'terça-feira', 'terças', 'terça'], ['quartas-feiras', 'quarta-feira', 'quartas', 'quarta'], ['quintas-feiras', 'quinta-feira', 'quintas', 'quinta'], ['sextas-feiras', 'sexta-feira', 'sextas', 'sexta'], ['sábados', 'sábado'], ['domingos', 'domingo']],
}
const ENGLISH = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const EVERY: Record<Exclude<DateLocale, 'en'>, string> = {
  de: 'jeden|jede|jeweils',
  fr: 'tous les|chaque',
  es: 'todos los|todas las|cada',
  nl: 'elke|iedere',
  it: 'ogni|tutti i|tutte le',
  pt: 'todas as|todos os|toda|todo|cada',
}

const letters = String.raw`\p{L}`
const word = (alternatives: string, flags = 'giu') => new RegExp(`(?<!${letters})(?:${alternatives})(?!${letters})`, flags)
const NAMES = Object.fromEntries(Object.entries(WEEKDAYS).map(([l, days]) => [l, word(days.flat().join('|'))])) as Record<Exclude<DateLocale, 'en'>, RegExp>
const EVERY_DAY = Object.fromEntries(
  Object.entries(WEEKDAYS).map(([l, days]) => [l, new RegExp(`(?<!${letters})(?:${EVERY[l as keyof typeof EVERY]})\\s+(?:${days.flat().join('|')})(?!${letters})`, 'iu')]),
) as Record<Exclude<DateLocale, 'en'>, RegExp>
/** Plural weekdays that say "every" on their own ("dienstags", "les mardis" is not: it takes "tous"). */
const PLURAL: Partial<Record<DateLocale, RegExp>> = {
  de: word('montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags', 'iu'),
  nl: word('maandags|dinsdags|woensdags|donderdags|vrijdags|zaterdags|zondags', 'iu'),
}

/** The line's recurrence in English for the prose rule reader, or undefined when it states none this way. */
export function englishRule(text: string, locale: DateLocale): string | undefined {
  if (locale === 'en') return text
  if (!EVERY_DAY[locale].test(text) && !PLURAL[locale]?.test(text)) return undefined
  let out = text.replace(word(EVERY[locale]), 'every')
  for (const [i, names] of WEEKDAYS[locale].entries()) out = out.replace(word(names.join('|')), ENGLISH[i])
  // Only the rule's words matter to the reader; the rest (a room, "um 10 Uhr") is left out.
  const m = /every\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(\s*(,|and|und|et|y|en|e)\s*(monday|tuesday|wednesday|thursday|friday|saturday|sunday))*/i.exec(out)
  return m ? m[0] : PLURAL[locale]?.test(text) ? `every ${out.match(/monday|tuesday|wednesday|thursday|friday|saturday|sunday/i)?.[0] ?? ''}`.trim() : undefined
}

/** The text with the language's weekday names blanked (same length), so that a time after one is read alone. */
export function withoutWeekdays(text: string, locale: DateLocale): string {
  const names = locale === 'en' ? /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day)?s?\b/gi : NAMES[locale]
  return text.replace(names, (m) => ' '.repeat(m.length))
}
