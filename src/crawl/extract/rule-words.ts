/**
 * Recurrence wording in the languages read here, put into the English the prose rule reader knows
 * ("jeden Dienstag" → "every tuesday", "tous les mardis" → "every tuesdays", "elke woensdag" → "every
 * wednesday"), and each language's weekday names, which are blanked out before a rule's line is read for
 * its time. Carried over: "every <weekday>", plural weekdays, and an ordinal weekday of the month said in
 * full ("jeden ersten Montag im Monat", "le premier mardi du mois", "el primer martes de cada mes", "ogni
 * primo lunedì del mese" → "first monday of the month"); nothing else, so a rule is never guessed.
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

// biome-ignore format: a word table, kept packed so it reads as one table
const ORDINALS: Record<Exclude<DateLocale, 'en'>, string[][]> = {
  de: [['ersten', 'erste', '1\\.'], ['zweiten', 'zweite', '2\\.'], ['dritten', 'dritte', '3\\.'], ['vierten', 'vierte', '4\\.'], ['letzten', 'letzte']],
  fr: [['premier', 'premiers', '1er'], ['deuxième', 'deuxièmes', 'deuxieme', 'second', '2e'], ['troisième', 'troisièmes', 'troisieme', '3e'], ['quatrième', 'quatrièmes', 'quatrieme', '4e'], ['dernier', 'derniers']],
  es: [['primer', 'primero', 'primeros', '1er'], ['segundo', 'segundos', '2º'], ['tercer', 'tercero', 'terceros', '3er'], ['cuarto', 'cuartos', '4º'], ['último', 'últimos', 'ultimo']],
  nl: [['eerste'], ['tweede'], ['derde'], ['vierde'], ['laatste']],
  it: [['primo', 'prima'], ['secondo', 'seconda'], ['terzo', 'terza'], ['quarto', 'quarta'], ['ultimo', 'ultima']],
  pt: [['primeira', 'primeiro'], ['segunda', 'segundo'], ['terceira', 'terceiro'], ['quarta', 'quarto'], ['última', 'último', 'ultima', 'ultimo']],
}
const ENGLISH_ORDINALS = ['first', 'second', 'third', 'fourth', 'last']
/** "im Monat", "du mois", "de cada mes": the month the ordinal counts in. */
const OF_MONTH: Record<Exclude<DateLocale, 'en'>, string> = {
  de: '(?:im|des|eines|jedes) monats?',
  fr: '(?:du|de chaque|de tous les) mois',
  es: '(?:de cada|del|de) mes',
  nl: '(?:van de|van elke|van iedere|in de) maand',
  it: '(?:del|di ogni|di ciascun) mese',
  pt: '(?:de cada|do|de todo) m[eê]s',
}

const letters = String.raw`\p{L}`
const word = (alternatives: string, flags = 'giu') => new RegExp(`(?<!${letters})(?:${alternatives})(?!${letters})`, flags)
const NAMES = Object.fromEntries(Object.entries(WEEKDAYS).map(([l, days]) => [l, word(days.flat().join('|'))])) as Record<Exclude<DateLocale, 'en'>, RegExp>
const EVERY_DAY = Object.fromEntries(
  Object.entries(WEEKDAYS).map(([l, days]) => [l, new RegExp(`(?<!${letters})(?:${EVERY[l as keyof typeof EVERY]})\\s+(?:${days.flat().join('|')})(?!${letters})`, 'iu')]),
) as Record<Exclude<DateLocale, 'en'>, RegExp>
/** An ordinal weekday of the month: the ordinal (group 1), the weekday (group 2). */
const ORDINAL_DAY = Object.fromEntries(
  Object.entries(WEEKDAYS).map(([l, days]) => {
    const ordinals = ORDINALS[l as keyof typeof ORDINALS].flat().join('|')
    // "1. und 3. Dienstag", "le 1er et le 3e mardi": several ordinals of one weekday.
    const list = `(?:${ordinals})(?:\\s*(?:,|und|et|y|e|en)\\s*(?:le |el |il |de |o |a )?(?:${ordinals}))*`
    return [l, new RegExp(`(?<!${letters})(${list})\\s+(${days.flat().join('|')})\\s+${OF_MONTH[l as keyof typeof OF_MONTH]}(?!${letters})`, 'iu')]
  }),
) as Record<Exclude<DateLocale, 'en'>, RegExp>

/** "le premier mardi du mois" → "first tuesday of the month", or undefined. */
function ordinalRule(text: string, locale: Exclude<DateLocale, 'en'>): string | undefined {
  const m = ORDINAL_DAY[locale].exec(text)
  if (!m) return undefined
  const parts = m[1].split(/\s*(?:,|\s(?:und|et|y|e|en)\s)\s*(?:(?:le|el|il|de|o|a)\s)?/iu)
  const ns = parts.map((p) => ORDINALS[locale].findIndex((words) => words.some((w) => new RegExp(`^${w}$`, 'iu').test(p.trim()))))
  const d = WEEKDAYS[locale].findIndex((names) => names.includes(m[2].toLowerCase()))
  return ns.some((n) => n < 0) || d < 0 ? undefined : `${ns.map((n) => ENGLISH_ORDINALS[n]).join(' and ')} ${ENGLISH[d]} of the month`
}

const EN_ORDINAL = '(?:first|second|third|fourth|last|1st|2nd|3rd|4th)'
const EN_ORDINAL_DAY = new RegExp(`\\b${EN_ORDINAL}(?:\\s*(?:,|and|&)\\s*(?:the\\s+)?${EN_ORDINAL})*\\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\s+of\\s+(?:the|each|every)\\s+month\\b`, 'i')

/**
 * The sentence of a longer text that states an ordinal weekday of the month in full ("Der Vorstand trifft
 * sich jeden ersten Montag im Monat um 19 Uhr im Vereinsheim."), or undefined. Such a rule is plain even
 * inside prose, where "on Sundays" alone is not.
 */
export function monthRuleSentence(text: string, locale: DateLocale): string | undefined {
  const re = locale === 'en' ? EN_ORDINAL_DAY : ORDINAL_DAY[locale]
  if (!re.test(text)) return undefined
  const sentence = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u).find((s) => re.test(s))
  return sentence && sentence.length <= 200 ? sentence : undefined
}

const ARTICLE_BEFORE = /(?:(?:^|\s+)(?:on the|the|on|am|jeden|le|chaque|el|cada|il|ogni|l'|de|elke|na|no))?\s*$/iu

const EN_EVERY_DAY = /\b(?:every|each)\s+(?:other\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days\b/i

/**
 * Where a title cut from a rule's own line stops ("Vestry meets the second Tuesday of the month at 6:30
 * PM" → "Vestry meets", "Storytime every Wednesday at 10:30 a.m." → "Storytime"): the start of its
 * ordinal weekday of the month or its "every <weekday>", with the article before it, else -1.
 */
export function ruleStart(text: string): number {
  let at = -1
  for (const re of [EN_ORDINAL_DAY, EN_EVERY_DAY, ...Object.values(ORDINAL_DAY), ...Object.values(EVERY_DAY), ...Object.values(PLURAL)]) {
    const i = re.exec(text)?.index ?? -1
    if (i >= 0 && (at < 0 || i < at)) at = i
  }
  if (at <= 0) return at
  // "1st and 3rd Mondays": the ordinals listed before the one found belong to the rule.
  const listed = ORDINALS_BEFORE.exec(text.slice(0, at))?.index ?? at
  return ARTICLE_BEFORE.exec(text.slice(0, listed))?.index ?? listed
}

const ORDINAL = String.raw`(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|last)`
const ORDINALS_BEFORE = new RegExp(String.raw`(?:${ORDINAL}\s*(?:,|&|and)\s*)*${ORDINAL}\s*(?:,|&|and)?\s*$`, 'i')

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
/** A heading that is a weekday said as a habit, and nothing else: "Mondays", "Dienstags", "Le mardi", "Los martes", "Il lunedì". */
const HABIT_HEADING: Record<DateLocale, RegExp> = {
  en: /^(?:on\s+|every\s+)?(mon|tues|wednes|thurs|fri|satur|sun)days$|^every\s+(mon|tues|wednes|thurs|fri|satur|sun)day$/i,
  de: /^jeden\s+(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)$|^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s$/i,
  fr: /^(?:le|les|tous les|chaque)\s+(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?$/i,
  es: /^(?:los|todos los|cada)\s+(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?)$/i,
  nl: /^(?:elke|iedere)\s+(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)$|^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)s$/i,
  it: /^(?:il|la|ogni|tutti i|tutte le)\s+(luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabat[oi]|domenic(?:a|he))$/i,
  pt: /^(?:[àa]s|nas|aos|todas as|todos os)\s+(segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo)s?(?:-feiras?)?$/i,
}
const STEMS = [
  /^(mon|montag|lundi|lunes|maandag|luned|segunda)/i,
  /^(tues|dienstag|mardi|martes|dinsdag|marted|ter)/i,
  /^(wednes|mittwoch|mercredi|mi[eé]rcoles|woensdag|mercoled|quarta)/i,
  /^(thurs|donnerstag|jeudi|jueves|donderdag|gioved|quinta)/i,
  /^(fri|freitag|vendredi|viernes|vrijdag|venerd|sexta)/i,
  /^(satur|samstag|samedi|s[aá]bado|zaterdag|sabat)/i,
  /^(sun|sonntag|dimanche|domingo|zondag|domenic)/i,
]

/**
 * The weekday (an RRULE code, "TU") of a heading that says a habit ("Mondays", "Dienstags", "Le mardi",
 * "Los martes"), for the timed lines under it; undefined for anything else, "Monday" or "El martes" too (a
 * coming day, not every one).
 */
export function habitHeading(text: string, locale: DateLocale): string | undefined {
  if (text.length > 50) return undefined
  // "Tuesdays & Thursdays", "Dienstags und donnerstags": each part a habit, the article carried over ("Les mardis et jeudis").
  const parts = text
    .trim()
    .replace(/\s*:$/, '')
    .split(/\s*(?:&|,|\+|\/|\s(?:and|und|et|y|e|en)\s)\s*/i)
  const codes: string[] = []
  for (const [n, part] of parts.entries()) {
    const m = HABIT_HEADING[locale].exec(part) ?? (n > 0 ? HABIT_HEADING[locale].exec(`${parts[0].split(/\s+/).slice(0, -1).join(' ')} ${part}`.trim()) : null)
    const day = m && (m[1] ?? m[2])
    const i = day ? STEMS.findIndex((re) => re.test(day)) : -1
    if (i < 0) return undefined
    codes.push(CODES[i])
  }
  return codes.length ? [...new Set(codes)].join(',') : undefined
}

const NAME_CODE = new Map<string, string>()
for (const [i, english] of ENGLISH.entries()) {
  for (const name of [english, `${english}s`, english.slice(0, 3), ...Object.values(WEEKDAYS).flatMap((days) => days[i])]) NAME_CODE.set(name, CODES[i])
}
NAME_CODE.set('tues', 'TU').set('thurs', 'TH')

/** The RRULE code of a weekday's name alone ("Monday", "Mondays", "Mon.", "Dienstag", "Mercredi", "Jueves:"), else undefined. */
export function weekdayCode(text: string): string | undefined {
  return text.length > 20 ? undefined : NAME_CODE.get(text.trim().toLowerCase().replace(/[.:]$/, ''))
}

const ORDER = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

/**
 * The RRULE codes of a schedule's day cell: one weekday, a range ("Mon–Fri", "Montag bis Freitag") or a
 * list ("Tues & Thurs", "Mon/Wed/Fri"), comma-joined ("MO,TU,WE,TH,FR"); undefined for anything else.
 */
export function weekdayCodes(text: string): string | undefined {
  const one = weekdayCode(text)
  if (one || text.length > 40) return one
  const range = /^(.+?)(?:\s*[–—-]\s*|\s+(?:to|through|thru|bis|à|au|a|al|tot|t\/m)\s+)(.+)$/i.exec(text.trim())
  const [a, b] = range ? [weekdayCode(range[1]), weekdayCode(range[2])] : []
  if (a && b) {
    const i = ORDER.indexOf(a)
    const j = ORDER.indexOf(b)
    return i < j ? ORDER.slice(i, j + 1).join(',') : undefined
  }
  const parts = text.split(/\s*(?:&|,|\/|\+|\s(?:and|und|et|y|e|en)\s)\s*/i)
  const codes = parts.map((p) => weekdayCode(p))
  return parts.length > 1 && codes.every(Boolean) ? [...new Set(codes)].join(',') : undefined
}

/**
 * Plural weekdays that say "each week" inside a line ("Mondays, January 11 – March 1", "12.01.–16.02.2027,
 * dienstags 18 Uhr", "les mardis", "los jueves"), with the weekday's RRULE code.
 */
// biome-ignore format: word table
const PLURALS_IN_LINE: [RegExp, string][] = [
  [/\b(?:sundays|sonntags|zondags|les dimanches|los domingos|aos domingos)\b/i, 'SU'], [/\b(?:mondays|montags|maandags|les lundis|los lunes|às segundas)\b/i, 'MO'],
  [/\b(?:tuesdays|dienstags|dinsdags|les mardis|los martes|às terças)\b/i, 'TU'], [/\b(?:wednesdays|mittwochs|woensdags|les mercredis|los mi[ée]rcoles|às quartas)\b/i, 'WE'],
  [/\b(?:thursdays|donnerstags|donderdags|les jeudis|los jueves|às quintas)\b/i, 'TH'], [/\b(?:fridays|freitags|vrijdags|les vendredis|los viernes|às sextas)\b/i, 'FR'],
  [/\b(?:saturdays|samstags|zaterdags|les samedis|los s[áa]bados|aos s[áa]bados)\b/iu, 'SA'],
]
/** The RRULE codes of the plural weekdays a line names anywhere in it ("MO,WE"), or undefined. */
export function pluralWeekdayCodes(text: string): string | undefined {
  const codes = PLURALS_IN_LINE.filter(([re]) => re.test(text)).map(([, code]) => code)
  return codes.length ? codes.join(',') : undefined
}

/** Plural weekdays that say "every" on their own ("dienstags", "les mardis" is not: it takes "tous"). */
const PLURAL: Partial<Record<DateLocale, RegExp>> = {
  de: word('montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags', 'iu'),
  nl: word('maandags|dinsdags|woensdags|donderdags|vrijdags|zaterdags|zondags', 'iu'),
  // "les samedis", "los sábados", "aos sábados": the plural with its article says every such day.
  fr: word('les\\s+(?:lundis|mardis|mercredis|jeudis|vendredis|samedis|dimanches)', 'iu'),
  es: word('los\\s+(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábados|sabados|domingos)', 'iu'),
  pt: word('(?:aos|às)\\s+(?:segundas|terças|quartas|quintas|sextas|sábados|domingos)(?:-feiras)?', 'iu'),
}

/** Exceptions, holidays and seasons that qualify a rule: the prose rule reader would refuse them in English. */
const UNSURE: Record<Exclude<DateLocale, 'en'>, RegExp> = {
  de: word('außer|ausser|ausgenommen|ausnahme\\p{L}*|ferien|feiertag\\p{L}*|sommerpause|winterpause|saison|sommer|winter', 'iu'),
  fr: word('sauf|hors|excepté|exception|vacances|jours? fériés?|saison|été|hiver', 'iu'),
  es: word('excepto|salvo|menos|excepción|vacaciones|festivos?|temporada|verano|invierno', 'iu'),
  nl: word('behalve|uitgezonderd|uitzondering|vakantie\\p{L}*|feestdag\\p{L}*|seizoen|zomer|winter', 'iu'),
  it: word('tranne|eccetto|salvo|eccezione|vacanze|festivi|stagione|estate|inverno', 'iu'),
  pt: word('exceto|salvo|exceção|férias|feriados?|temporada|verão|inverno', 'iu'),
}

/** The line's recurrence in English for the prose rule reader, or undefined when it states none this way. */
export function englishRule(text: string, locale: DateLocale): string | undefined {
  if (locale === 'en') return text
  if (UNSURE[locale].test(text)) return undefined
  const ordinal = ordinalRule(text, locale)
  if (ordinal) return ordinal
  if (!EVERY_DAY[locale].test(text) && !PLURAL[locale]?.test(text)) return undefined
  let out = text.replace(word(EVERY[locale]), 'every')
  for (const [i, names] of WEEKDAYS[locale].entries()) out = out.replace(word(names.join('|')), ENGLISH[i])
  // Only the rule's words matter to the reader; the rest (a room, "um 10 Uhr") is left out.
  const m = /every\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(\s*(,|and|und|et|y|en|e)\s*(monday|tuesday|wednesday|thursday|friday|saturday|sunday))*/i.exec(out)
  if (m) return m[0]
  // "samstags und sonntags", "les samedis et dimanches": every weekday of the run, joined by "and".
  const run = PLURAL[locale]?.test(text) ? DAYS_RUN.exec(out) : undefined
  return run ? `every ${run[0].replace(/\s*(?:,|&|\/|(?<![a-z])(?:and|und|et|y|en|e)(?![a-z]))\s*/gi, ' and ')}` : undefined
}

/** English weekdays one after another, joined by a comma, "&", "/" or an "and" of a language read here. */
const DAYS_RUN =
  /(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s*(?:,|&|\/|(?<![a-z])(?:and|und|et|y|en|e)(?![a-z]))\s*(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))*/i

/** The text with the language's weekday names blanked (same length), so that a time after one is read alone. */
export function withoutWeekdays(text: string, locale: DateLocale): string {
  const names = locale === 'en' ? /\b(mon(day)?|tues?(day)?|wed(nesday)?|thu(rs?)?(day)?|fri(day)?|sat(urday)?|sun(day)?)s?\b/gi : NAMES[locale]
  return text.replace(names, (m) => ' '.repeat(m.length))
}
