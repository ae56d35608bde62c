/**
 * The one table of words that say "events are listed here" in link text, labels and URLs (DESIGN §6
 * "Discover": listing pages found in the site's language), for English, German, French, Spanish, Dutch,
 * Italian and Portuguese, and the words that say the opposite (news, archives, minutes, software, room
 * hire). Terms are written normalized (see {@link words}): lower case, without accents, `&` as "and",
 * one space between words; a URL path segment is matched by its words too (`tour-dates`, `whats_on`), and
 * the few that sites write as one word (`tourdates`, `veranstaltungskalender`) are terms of their own.
 */

/** The languages of the table, as `<html lang>` names them (primary subtag). */
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt'

/**
 * How strongly a term says "a listing of events": 3 a calendar or event listing in any site's words;
 * 2 a listing of one kind of event (concerts, exhibitions, meetings, classes); 1 a word that often leads
 * to events but often does not (programs, activities, schedule, tour). Negative: a page that is not a
 * calendar (news −1, since "News & Events" pages are common; the rest −4).
 */
type Entry = readonly [term: string, weight: number]

// biome-ignore format: a word table, kept packed so it reads as one table
const CALENDAR: Record<Lang, readonly Entry[]> = {
  en: [
    ['events', 3], ['event', 2], ['calendar', 3], ['calendars', 2], ['event calendar', 3], ['events calendar', 3], ['calendar of events', 3],
    ['whats on', 3], ['what s on', 3], ['whatson', 3], ['upcoming events', 3], ['happenings', 3], ['tour dates', 3], ['tourdates', 3], ['on tour', 3],
    ['shows', 2], ['live shows', 3], ['concerts', 2], ['gigs', 2], ['live dates', 3], ['performances', 2], ['exhibitions', 2], ['exhibits', 2],
    ['meetings', 2], ['public meetings', 3], ['workshops', 2], ['camps', 2], ['classes', 2], ['storytime', 2], ['storytimes', 2], ['story time', 2],
    ['story times', 2], ['programs', 1], ['programmes', 1], ['activities', 1], ['schedule', 1], ['upcoming', 1], ['tour', 1], ['season', 1],
    ['festivals', 2], ['screenings', 2], ['lectures', 2], ['talks', 1], ['courses', 1],
  ],
  de: [
    ['veranstaltungen', 3], ['veranstaltung', 2], ['veranstaltungskalender', 3], ['termine', 3], ['terminkalender', 3], ['kalender', 3],
    ['eventkalender', 3], ['programm', 2], ['spielplan', 3], ['konzerte', 2], ['ausstellungen', 2], ['kurse', 2], ['fuhrungen', 2], ['fuehrungen', 2],
    ['vortrage', 2], ['vortraege', 2], ['lesungen', 2], ['auftritte', 2], ['tourdaten', 3], ['aktivitaten', 1], ['aktivitaeten', 1], ['angebote', 1],
    ['demnachst', 1], ['vorschau', 2], ['sitzungen', 2], ['sitzungskalender', 3],
  ],
  fr: [
    ['evenements', 3], ['evenement', 2], ['agenda', 3], ['calendrier', 3], ['programme', 2], ['programmation', 3], ['expositions', 2],
    ['exposition', 1], ['spectacles', 2], ['concerts', 2], ['activites', 1], ['ateliers', 2], ['sorties', 2], ['a venir', 1], ['manifestations', 2],
    ['rendez vous', 2], ['conferences', 2], ['stages', 1], ['seances', 2], ['reunions', 2], ['dates de tournee', 3], ['tournee', 1],
  ],
  es: [
    ['eventos', 3], ['evento', 2], ['agenda', 3], ['calendario', 3], ['programacion', 3], ['programa', 1], ['actividades', 1], ['exposiciones', 2],
    ['conciertos', 2], ['talleres', 2], ['cursos', 1], ['proximos eventos', 3], ['espectaculos', 2], ['funciones', 2], ['reuniones', 2], ['gira', 1],
    ['fechas de gira', 3],
  ],
  nl: [
    ['evenementen', 3], ['evenement', 2], ['agenda', 3], ['kalender', 3], ['activiteiten', 3], ['programma', 2], ['voorstellingen', 2],
    ['concerten', 2], ['tentoonstellingen', 2], ['exposities', 2], ['cursussen', 1], ['uitagenda', 3], ['optredens', 2], ['bijeenkomsten', 2],
    ['vergaderingen', 2], ['tourdata', 3], ['speellijst', 3],
  ],
  it: [
    ['eventi', 3], ['evento', 2], ['calendario', 3], ['agenda', 3], ['programma', 2], ['appuntamenti', 3], ['mostre', 2], ['concerti', 2],
    ['spettacoli', 2], ['attivita', 1], ['laboratori', 2], ['corsi', 1], ['manifestazioni', 2], ['prossimi eventi', 3], ['incontri', 2],
    ['date del tour', 3], ['cartellone', 3],
  ],
  pt: [
    ['eventos', 3], ['evento', 2], ['agenda', 3], ['calendario', 3], ['programacao', 3], ['programa', 1], ['atividades', 1], ['actividades', 1],
    ['exposicoes', 2], ['concertos', 2], ['espetaculos', 2], ['espectaculos', 2], ['oficinas', 2], ['cursos', 1], ['proximos eventos', 3],
    ['reunioes', 2], ['datas da turne', 3],
  ],
}

/** Pages that are not a calendar, in every language: what a link to a listing is not. */
// biome-ignore format: a word table, kept packed so it reads as one table
const NOT_CALENDAR: readonly Entry[] = [
  ['news', -1], ['nieuws', -1], ['actualites', -1], ['aktuelles', -1], ['neuigkeiten', -1], ['noticias', -1], ['notizie', -1], ['blog', -1], ['press', -2], ['presse', -2],
  ['past', -4], ['past events', -4], ['previous events', -4], ['vergangene', -4], ['ruckblick', -4], ['rueckblick', -4], ['passes', -4], ['passees', -4], ['pasados', -4], ['pasadas', -4], ['afgelopen', -4], ['vergangen', -4],
  ['passati', -4], ['passate', -4], ['passados', -4], ['passadas', -4], ['archive', -4], ['archives', -4], ['archiv', -4], ['archief', -4], ['archivio', -4], ['archivo', -4], ['arquivo', -4],
  ['minutes', -4], ['protokolle', -4], ['notulen', -4], ['verbali', -4], ['actas', -4], ['proces verbaux', -4], ['agendas', -2],
  ['download', -4], ['downloads', -4], ['software', -4], ['herunterladen', -4], ['telecharger', -4], ['descargas', -4], ['apps', -3], ['app', -3], ['freeware', -4],
  ['degree', -3], ['degrees', -3], ['undergraduate', -3], ['graduate', -3], ['majors', -3], ['admissions', -3], ['studiengange', -3], ['studiengaenge', -3],
  ['login', -4], ['log in', -4], ['sign in', -4], ['account', -4], ['cart', -4], ['shop', -3], ['kaufen', -3], ['buy', -3], ['donate', -4], ['spenden', -4],
  ['rent', -4], ['rental', -4], ['rentals', -4], ['hire', -4], ['venue hire', -4], ['room hire', -4], ['private events', -4], ['weddings', -4], ['host an event', -4],
  ['host your event', -4], ['plan your event', -4], ['book an event', -4], ['raumvermietung', -4], ['vermietung', -4], ['location', -2], ['privatisation', -4],
  ['alquiler', -4], ['verhuur', -4], ['affitto', -4], ['aluguel', -4], ['submit', -4], ['submit an event', -4], ['add event', -4], ['add an event', -4], ['suggest an event', -4],
  ['virtual tour', -4], ['take a tour', -4], ['campus tour', -4], ['tours and tickets', 0], ['privacy', -4], ['cookies', -4], ['impressum', -4], ['datenschutz', -4],
  ['jobs', -4], ['careers', -4], ['stellenangebote', -4], ['vacatures', -4], ['empleo', -4], ['lavora con noi', -4],
  ['tag', -4], ['tags', -4], ['category', -2], ['wp admin', -4], ['feed', -4], ['rss', -4], ['ical', -4], ['export', -4], ['print', -4], ['add to calendar', -4],
  ['photos', -3], ['gallery', -3], ['galerie', -3], ['video', -3], ['videos', -3],
]

/** Small words that may surround a term without making the label a sentence ("Our upcoming events", "Alle Termine"). */
// biome-ignore format: a word table, kept packed so it reads as one table
const FILLER = new Set([
  'our', 'the', 'all', 'full', 'view', 'see', 'list', 'of', 'and', 'a', 'an', 'at', 'in', 'on', 'for', 'this', 'month', 'week', 'year', 'whats', 'upcoming', 'more', 'coming', 'soon', 'current', 'library', 'club', 'museum', 'church', 'city', 'school',
  'unsere', 'alle', 'aktuelle', 'und', 'der', 'die', 'das', 'im', 'kommende', 'nos', 'notre', 'tous', 'les', 'le', 'la', 'l', 'des', 'du', 'de', 'et', 'prochains', 'nuestros', 'nuestra', 'todos', 'los', 'las', 'el', 'y', 'del', 'onze', 'alle', 'het', 'en', 'van', 'komende', 'i', 'gli', 'il', 'e', 'di', 'tutti', 'prossimi', 'os', 'as', 'o', 'do', 'da', 'dos', 'nossos', 'todas',
])

/**
 * Words that are a calendar in the languages that use them so but a document elsewhere: "Agenda" lists
 * events on a French, Dutch, Spanish, Italian or Portuguese site, and is a meeting's paper on an English one.
 */
const AGENDA_LANGS = new Set<Lang>(['fr', 'es', 'nl', 'it', 'pt', 'de'])

/** Lower case, accents removed, `&` and `+` as "and", apostrophes dropped, everything else a space; then the words. */
export function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[’'`]/g, '')
    .replace(/[&+]/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

type Table = { terms: Map<string, number>; longest: number }

function build(lang: Lang | undefined): Table {
  const terms = new Map<string, number>()
  const put = (term: string, weight: number) => {
    const known = terms.get(term)
    // Positive meanings of a word in any language add up to the strongest; a negative one wins over none.
    if (known === undefined || (weight > 0 && weight > known) || (weight < 0 && known <= 0 && weight < known)) terms.set(term, weight)
  }
  for (const entries of Object.values(CALENDAR)) for (const [term, weight] of entries) put(term, weight)
  for (const [term, weight] of NOT_CALENDAR) terms.set(term, weight)
  terms.set('agenda', lang === undefined ? 2 : AGENDA_LANGS.has(lang) ? 3 : 1)
  return { terms, longest: Math.max(...[...terms.keys()].map((t) => t.split(' ').length)) }
}

const TABLES = new Map<string, Table>()
function table(lang: Lang | undefined): Table {
  const key = lang ?? ''
  let t = TABLES.get(key)
  if (!t) TABLES.set(key, (t = build(lang)))
  return t
}

/** What a run of words says: the best positive term, the worst negative one, and whether nothing else is there. */
export type TermScore = { positive: number; negative: number; matched: string[] /** every word is part of a term or a filler word */; pure: boolean }

/**
 * Scores a label or a URL segment's words against the table in the page's language (`lang` changes only
 * the false friends, e.g. "Agenda"). Longest terms first, so "past events" is a past-events page, not an
 * events page.
 */
export function scoreWords(list: readonly string[], lang?: Lang): TermScore {
  const { terms, longest } = table(lang)
  let positive = 0
  let negative = 0
  const matched: string[] = []
  let covered = 0
  for (let i = 0; i < list.length; ) {
    let step = 1
    for (let n = Math.min(longest, list.length - i); n >= 1; n--) {
      const term = list.slice(i, i + n).join(' ')
      const weight = terms.get(term)
      if (weight === undefined) continue
      matched.push(term)
      if (weight > 0) positive = Math.max(positive, weight)
      else negative = Math.min(negative, weight)
      covered += n
      step = n
      break
    }
    if (step === 1 && !terms.has(list[i]) && FILLER.has(list[i])) covered++
    i += step
  }
  return { positive, negative, matched, pure: list.length > 0 && covered === list.length }
}

/** The page's language from `<html lang>` (primary subtag), when it is one of the table's. */
export function pageLang(lang: string | undefined): Lang | undefined {
  const primary = lang?.trim().toLowerCase().split(/[-_]/)[0]
  return primary && primary in CALENDAR ? (primary as Lang) : undefined
}

/** Subdomain labels that name a calendar (`events.`, `calendar.`, `agenda.`, `kalender.`, …). */
export function isCalendarLabel(label: string): boolean {
  const { positive, negative, pure } = scoreWords(words(label))
  return pure && positive >= 2 && negative === 0
}
