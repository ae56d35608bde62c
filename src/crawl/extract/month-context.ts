/**
 * Days written without their month under a heading that names it: "Actividades de diciembre 2026" over
 * "Miércoles 2 … Sábado 5", "December 2026" over "Wednesday 2nd", "Dezember" over "Sa., 5.". The heading
 * gives the month (and the year, or the years the page's reference day allows); a weekday and a day
 * number at the start of a line then name a day of it, when the weekday is that day's weekday (a day is
 * never guessed: "Tuesday 2" in a December whose 2nd is a Wednesday names nothing). The line is read as
 * if the month were written after the day ("Miércoles 2 de diciembre de 2026").
 */
import { memoize } from '../../bounded-cache'
import type { DateLocale } from './date-locale'

/** The month a heading names, and the years it may be in (one when the heading says it). */
export type MonthContext = { month: number; years: number[] }

// biome-ignore format: word tables, kept packed so they read as tables
const MONTH_NAMES: Record<DateLocale, string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  pt: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
}

/** Each language's weekday words, Sunday first (abbreviations differ: "di" is Tuesday in German and Dutch, Sunday in French). */
// biome-ignore format: word tables, kept packed so they read as tables
const WEEKDAYS: Record<DateLocale, string[][]> = {
  en: [['sun', 'sunday'], ['mon', 'monday'], ['tue', 'tues', 'tuesday'], ['wed', 'weds', 'wednesday'], ['thu', 'thur', 'thurs', 'thursday'], ['fri', 'friday'], ['sat', 'saturday']],
  de: [['so', 'sonntag'], ['mo', 'montag'], ['di', 'dienstag'], ['mi', 'mittwoch'], ['do', 'donnerstag'], ['fr', 'freitag'], ['sa', 'samstag']],
  fr: [['di', 'dim', 'dimanche'], ['lu', 'lun', 'lundi'], ['ma', 'mar', 'mardi'], ['me', 'mer', 'mercredi'], ['je', 'jeu', 'jeudi'], ['ve', 'ven', 'vendredi'], ['sa', 'sam', 'samedi']],
  es: [['do', 'dom', 'domingo'], ['lu', 'lun', 'lunes'], ['ma', 'mar', 'martes'], ['mi', 'mié', 'mie', 'miércoles', 'miercoles'], ['ju', 'jue', 'jueves'], ['vi', 'vie', 'viernes'], ['sá', 'sa', 'sáb', 'sab', 'sábado', 'sabado']],
  nl: [['zo', 'zondag'], ['ma', 'maandag'], ['di', 'dinsdag'], ['wo', 'woensdag'], ['do', 'donderdag'], ['vr', 'vrijdag'], ['za', 'zaterdag']],
  it: [['dom', 'domenica'], ['lun', 'lunedì', 'lunedi'], ['mar', 'martedì', 'martedi'], ['mer', 'mercoledì', 'mercoledi'], ['gio', 'giovedì', 'giovedi'], ['ven', 'venerdì', 'venerdi'], ['sab', 'sabato']],
  pt: [['dom', 'domingo'], ['seg', 'segunda', 'segunda-feira'], ['ter', 'terça', 'terca', 'terça-feira'], ['qua', 'quarta', 'quarta-feira'], ['qui', 'quinta', 'quinta-feira'], ['sex', 'sexta', 'sexta-feira'], ['sáb', 'sab', 'sábado', 'sabado']],
}

/** Every month name read here (lower case, with the spellings without accents) to its number; one table for the month readers. */
export const MONTH_OF = new Map<string, number>()
for (const names of Object.values(MONTH_NAMES)) names.forEach((n, i) => MONTH_OF.set(n.toLowerCase(), i + 1))
MONTH_OF.set('maerz', 3).set('marco', 3).set('aout', 8).set('fevrier', 2).set('decembre', 12).set('setiembre', 9).set('jänner', 1)
/** MONTH_OF's names, longest first, for patterns. */
export const MONTH_ALTERNATION = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|')

/** A short line that names a month with at most a few words around it ("Actividades de diciembre 2026", "December 2026 Events", "Programm im Dezember"). */
const MONTH_LINE = new RegExp(`^(?:[\\p{L}'’]+\\s+){0,3}(${MONTH_ALTERNATION})(?:\\s+(?:de\\s+)?(20\\d\\d))?(?:\\s+[\\p{L}'’]+){0,2}\\s*:?$`, 'iu')

/** A month name's or abbreviation's first letters, for one cheap look before a whole pattern (most text names no month). */
export const MONTH_STEM = /jan|j[aä]n|feb|f[eé]v|mar|m[aä]r|maa|mrt|apr|avr|abr|ma[iy]|mei|mag|jun|juin|giu|jul|juil|lug|aug|ao[uû]t|ago|sep|set|o[ck]t|ott|out|nov|de[cz]|d[eé]c|dic|ene|gen/i

/** The month (and year) a heading line names, or undefined. */
export function monthOfLine(text: string): Readonly<{ month: number; year?: number }> | undefined {
  if (text.length > 60 || !MONTH_STEM.test(text)) return undefined
  return monthLineOf(text)
}

/** `monthOfLine` past its cheap look, remembered per text (headings repeat from page to page of a site). */
const monthLineOf = memoize((text: string): Readonly<{ month: number; year?: number }> | undefined => {
  const m = MONTH_LINE.exec(text.trim())
  const month = m ? MONTH_OF.get(m[1].toLowerCase()) : undefined
  return month ? { month, ...(m![2] ? { year: Number(m![2]) } : {}) } : undefined
}, 2_000)

const DAY_START: Partial<Record<DateLocale, RegExp>> = {}

/** A weekday, then a day number, at the start of a text, and no month after it ("Miércoles 2", "Sa., 5.", "Wednesday 2nd –"). */
function dayStart(locale: DateLocale): RegExp {
  let re = DAY_START[locale]
  if (!re) {
    const words = WEEKDAYS[locale]
      .flat()
      .sort((a, b) => b.length - a.length)
      .join('|')
    re = new RegExp(`^(\\s*(${words})\\.?,?\\s+)(\\d{1,2})(\\.|st|nd|rd|th|er|º|°)?(?![\\d/.:])(?!\\s*(?:de\\s+|of\\s+)?(?:${MONTH_ALTERNATION}|\\d))`, 'iu')
    DAY_START[locale] = re
  }
  return re
}

function weekdayOf(word: string, locale: DateLocale): number {
  const w = word.toLowerCase()
  return WEEKDAYS[locale].findIndex((words) => words.includes(w))
}

/** Cheap look before the rewrite: a text that opens with a letter and has a digit soon after. */
export const MAY_OPEN_WITH_DAY = /^\s*\p{L}{2,12}\.?,?\s+\d/u

/**
 * The rewrite that writes the heading's month after a weekday and day at the start of `text`, as the
 * locale writes a date, or undefined when the text does not open so or the weekday is not that day's.
 * `at`: where the day's token ends (the month goes there).
 */
export function monthAfterDay(text: string, locale: DateLocale, ctx: MonthContext): { at: number; insert: string } | undefined {
  const m = dayStart(locale).exec(text)
  if (!m) return undefined
  const day = Number(m[3])
  const weekday = weekdayOf(m[2], locale)
  const year = ctx.years.find(
    (y) => day >= 1 && day <= 31 && new Date(Date.UTC(y, ctx.month - 1, day)).getUTCMonth() === ctx.month - 1 && new Date(Date.UTC(y, ctx.month - 1, day)).getUTCDay() === weekday,
  )
  if (year === undefined) return undefined
  const name = MONTH_NAMES[locale][ctx.month - 1]
  const dot = locale === 'de' && m[4] !== '.' ? '.' : ''
  const insert = locale === 'es' || locale === 'pt' ? ` de ${name} de ${year}` : `${dot} ${name} ${year}`
  return { at: m[0].length, insert }
}
