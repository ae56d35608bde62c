/**
 * The words pages use around events, in the languages we read (en, de, fr, es, nl, it, pt), in one table:
 * labels of label–value pairs ("Date:", "Wann:", "Lieu :", "Waar:"), table header meanings, button and
 * document links that are never a title ("Agenda", "Read more", "Weiterlesen"), and rows that say there
 * is no event ("No meeting", "Summer break").
 */
import { memoize } from '../../../bounded-cache'

export type FieldRole = 'title' | 'opponent' | 'date' | 'time' | 'when' | 'place' | 'address' | 'cost' | 'description' | 'category' | 'organizer'

// biome-ignore format: a word table, kept packed so it reads as one table
const ROLE_WORDS: [FieldRole, string[]][] = [
  ['when', ['when', 'date and time', 'date/time', 'date & time', 'wann', 'termin', 'quand', 'cuándo', 'cuando', 'wanneer', 'quando', 'datum en tijd', 'datum und uhrzeit', 'fecha y hora', 'data e ora', 'data e hora', 'date et heure', 'vanaf']],
  ['date', ['date', 'dates', 'day', 'datum', 'tag', 'fecha', 'dag', 'data', 'jour', 'día', 'dia', 'giorno', 'meeting date', 'event date']],
  ['time', ['time', 'times', 'hours', 'start time', 'uhrzeit', 'zeit', 'beginn', 'heure', 'horaire', 'hora', 'horario', 'tijd', 'aanvang', 'ora', 'orario', 'horário']],
  ['place', ['where', 'location', 'venue', 'place', 'room', 'meeting location', 'ort', 'veranstaltungsort', 'wo', 'raum', 'lieu', 'où', 'salle', 'lugar', 'dónde', 'donde', 'sala', 'waar', 'locatie', 'plaats', 'zaal', 'luogo', 'dove', 'sede', 'local', 'onde', 'branch', 'library branch', 'building', 'campus', 'facility', 'zweigstelle', 'filiale', 'vestiging', 'succursale', 'sucursal']],
  ['address', ['address', 'adresse', 'anschrift', 'dirección', 'direccion', 'adres', 'indirizzo', 'endereço', 'endereco', 'city', 'town', 'stadt', 'ville', 'ciudad', 'stad', 'città', 'cidade']],
  ['cost', ['cost', 'price', 'fee', 'fees', 'admission', 'tickets', 'kosten', 'preis', 'eintritt', 'prix', 'tarif', 'entrée', 'precio', 'entrada', 'prijs', 'entree', 'toegang', 'prezzo', 'ingresso', 'costo', 'preço', 'custo']],
  ['title', ['meeting', 'event', 'title', 'name', 'meeting name', 'event name', 'program', 'programme', 'activity', 'session', 'body', 'board', 'committee', 'meeting type', 'meeting body', 'gremium', 'ausschuss', 'organ', 'instance', 'organe', 'commission', 'séance', 'órgano', 'organo', 'comisión', 'orgaan', 'commissie', 'vergadering', 'órgão', 'comissão', 'veranstaltung', 'titel', 'sitzung', 'événement', 'evenement', 'titre', 'réunion', 'evento', 'título', 'titulo', 'reunión', 'activiteit', 'onderwerp', 'bijeenkomst', 'titolo', 'riunione', 'reunião', 'atividade', 'actividad', 'actividades', 'activité', 'activités', 'attività', 'aktivität', 'programmpunkt', 'acto', 'activities', 'atividades', 'class', 'course', 'kurs', 'angebot', 'cours', 'clase', 'curso', 'taller', 'corso', 'cursus', 'atelier']],
  // A sports schedule's column: the game is the team (the heading above) against this opponent.
  ['opponent', ['opponent', 'opponents', 'opposition', 'gegner', 'adversaire', 'adversaires', 'rival', 'oponente', 'contrincante', 'tegenstander', 'avversario', 'adversário', 'adversario']],
  ['description', ['description', 'details', 'about', 'beschreibung', 'omschrijving', 'beschrijving', 'descripción', 'descrizione', 'descrição']],
  ['category', ['category', 'type', 'kategorie', 'catégorie', 'categoría', 'categorie', 'categoria']],
  ['organizer', ['organizer', 'organiser', 'host', 'hosted by', 'sponsor', 'veranstalter', 'organisateur', 'organizador', 'organisator', 'organizzatore']],
]

/** Words that name a venue, in the languages read here: a field holding one is a place. */
export const VENUE_WORD =
  /(?<![\p{L}])(center|centre|hall|library|room|studio|gallery|park|church|chapel|cathedral|theat(?:er|re)|auditorium|museum|branch|building|school|gym|field|lounge|café|cafe|club|office|plaza|square|arena|pavilion|saal|halle|kirche|bibliothek|bücherei|rathaus|haus|salle|église|eglise|chapelle|cathédrale|médiathèque|mediatheque|bibliothèque|mairie|sala|biblioteca|iglesia|ayuntamiento|teatro|zaal|kerk|bibliotheek|chiesa|piazza|museo|capela|igreja|aula|auditorio|auditório|espaço|salón|foyer|atelier|zaal|gemeindehaus|pfarrheim|aula magna|kapelle|kapel|cappella|capilla|oratorio|pfarrsaal|gemeindesaal|bürgerhaus|dorfgemeinschaftshaus|stadthalle|festhalle|turnhalle|mehrzweckhalle|sporthalle|claustro|chiostro|cloister|casa|ermita|convento|castillo|castello|institute|instituut)(?![\p{L}])|\p{L}{3,}(?:zaal|saal|kerk|haus|raum|zimmer|gebouw|gebäude)(?![\p{L}])/iu

const ROLE_BY_WORD = new Map<string, FieldRole>()
for (const [role, words] of ROLE_WORDS) for (const w of words) if (!ROLE_BY_WORD.has(w)) ROLE_BY_WORD.set(w, role)

function labelKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[:：.*]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const QUALIFIER = /^(meeting|event|start|end|program|session|class|veranstaltungs?|termin|sitzungs?|réunion|evento|reunión|activiteit|evenement)$/i

/**
 * The role a label or column header names ("Date:", "Meeting Location", "Wann"), if any. A header may
 * also name it by one of its words ("Date/Time", "Event Title"); a label only by a known phrase or a
 * qualified one ("Meeting Date:"), so that "Family Day: Knots" is a title and not a date label.
 */
export function roleOfLabel(text: string, header = false): FieldRole | undefined {
  if (text.length > 40) return undefined
  const cacheKey = header ? `h:${text}` : text
  const hit = roleCache.get(cacheKey)
  if (hit !== undefined) return hit ?? undefined
  const role = computeRole(text, header)
  if (roleCache.size > 5000) roleCache.clear()
  roleCache.set(cacheKey, role ?? null)
  return role
}

const roleCache = new Map<string, FieldRole | null>()

function computeRole(text: string, header: boolean): FieldRole | undefined {
  const key = labelKey(text)
  if (!key || key.length > 30) return undefined
  const direct = ROLE_BY_WORD.get(key)
  if (direct) return direct
  const parts = key.split(/\s+/)
  if (!header) return parts.length === 2 && QUALIFIER.test(parts[0]) ? ROLE_BY_WORD.get(parts[1]) : undefined
  // "Meeting Date", "Event Location", "Date/Time": the last word decides, then the first.
  const words = key.split(/[\s/&]+/).filter(Boolean)
  const last = words[words.length - 1]
  return ROLE_BY_WORD.get(last) ?? ROLE_BY_WORD.get(words[0]) ?? (HEADER_TITLES.has(last) || HEADER_TITLES.has(words[0]) ? 'title' : undefined)
}

/**
 * Column headers that name what happens ("Show", "Concert", "Film", "Artist") without being a label word: as
 * a label ("Concierto: Trío Albéniz") such a word opens a title, so they count in a table's header only.
 */
// biome-ignore format: a word table, kept packed so it reads as one table
const HEADER_TITLES = new Set([
  'show', 'shows', 'concert', 'concerts', 'performance', 'performances', 'production', 'film', 'films', 'movie', 'movies', 'artist', 'artists', 'band', 'bands', 'performer', 'performers', 'act', 'acts', 'lineup', 'line-up', 'play', 'exhibition', 'talk', 'speaker', 'lecture', 'game', 'match',
  'konzert', 'vorstellung', 'künstler', 'stück', 'ausstellung', 'vortrag', 'spectacle', 'spectacles', 'artiste', 'exposition', 'conférence', 'concierto', 'espectáculo', 'función', 'artista', 'exposición', 'charla', 'conferencia', 'voorstelling', 'artiest', 'tentoonstelling', 'lezing', 'spettacolo', 'concerto', 'mostra', 'conferenza', 'espetáculo', 'exposição', 'palestra',
  // A talk's topic in a colloquium or seminar series.
  'thema', 'topic', 'theme', 'subject', 'sujet', 'tema',
])

/**
 * "Location: Main Hall", "Wann: 19 Uhr", "Lieu : Salle 2": the label's role and the value after it. Every
 * card's lines are asked this by the title and place readers: each distinct text is read once, and the
 * answer is shared (callers only read it).
 */
export function labelValue(text: string): Readonly<{ role: FieldRole; value: string }> | undefined {
  if (!text.includes(':') && !text.includes('：')) return undefined
  return labelValueOf(text)
}

const labelValueOf = memoize((text: string): Readonly<{ role: FieldRole; value: string }> | undefined => {
  const m = /^([\p{L}][\p{L} /&]{0,28}?)\s*[:：]\s*(.*)$/u.exec(text)
  if (!m) return undefined
  const role = roleOfLabel(m[1])
  return role ? { role, value: m[2].trim() } : undefined
})

/** Link and button texts that never name an event. */
// biome-ignore format: a word table, kept packed so it reads as one table
export const BOILERPLATE = new RegExp(
  `^(${[
    'agenda', 'agendas', 'agenda packet', 'packet', 'minutes', 'summary', 'details', 'more details', 'event details', 'read more', 'more', 'more info', 'more information', 'learn more', 'see more', 'view', 'view event', 'view details', 'view event details',
    'register', 'register now', 'registration', 'sign up', 'rsvp', 'tickets?', 'buy tickets', 'get tickets', 'book now', 'documents?', 'attachments?', 'downloads?', 'download', 'pdf', 'print', 'share', 'map', 'directions', 'website',
    'add to (my )?calendar', 'add to google calendar', 'google calendar', 'outlook', 'ical', 'ics', 'export', 'subscribe', 'continue reading', 'livestream', 'link to livestream', 'watch livestream', 'watch', 'video', 'audio', 'video/audio', 'media',
    'cancell?ed', 'postponed', 'rescheduled', 'notice', '(rescheduled|postponed|moved) (to|for|until)', '(séance |réunion )?report[ée]e? (au|à)', 'verschoben auf', '(aplazad[oa]|trasladad[oa]) (al|a)', 'verplaatst naar', 'rinviat[oa] al', 'adiad[oa] para', 'hearings?', 'decisions?', 'weiterlesen', 'mehr', 'mehr erfahren', 'details ansehen', 'anmelden', 'anmeldung', 'tagesordnung', 'protokoll', 'en savoir plus', 'lire la suite', "s'inscrire", 'inscription',
    'ordre du jour', 'leer más', 'más información', 'ver más', 'inscribirse', 'inscripción', 'orden del día', 'meer informatie', 'lees meer', 'meer', 'aanmelden', 'inschrijven', 'notulen', 'leggi di più', 'scopri di più', 'iscriviti', 'ordine del giorno',
    'saiba mais', 'leia mais', 'inscreva-se', 'inscrição', 'pauta', 'ata', 'agenda en stukken', 'stukken', 'unterlagen', 'documentación', 'documentos', 'documentazione',
    // A calendar view's button back to the current day.
    'today', 'heute', "aujourd'hui", 'hoy', 'vandaag', 'oggi', 'hoje',
    // An exhibition's period label ("Visitação: 5 de dezembro a 30 de janeiro"), its dates gone.
    'on view', 'exhibition dates', 'visitação', 'visitacao', 'período', 'periodo', 'periode', 'période', 'looptijd', 'laufzeit',
  ].join('|')})[\\s.!:»›→>)(]*$`,
  'i',
)

/** "SAVE THE DATE: Spring Gala, Saturday, April 10, 2027": a line that announces an event, its date inside a sentence. */
export const SAVE_THE_DATE =
  /^\s*(?:save the date|mark your calendars?|merken sie sich|termin vormerken|réservez la date|notez la date|reserva la fecha|apunta la fecha|noteer alvast|zet in je agenda|segnate la data|segna la data|reserve a data|marque na agenda)\b\s*[:!–—-]?\s*/i

/** A ticket status ("SOLD OUT", "Ausverkauft", "Complet"): the event's availability, never its name or its place. */
export const TICKET_STATUS = /^(?:sold out|few tickets left|waiting list|ausverkauft|complet|agotado|entradas agotadas|uitverkocht|esgotado|tutto esaurito)[\s.!]*$/i

/** The text of a link or line that is never an event's title. */
export function isBoilerplate(text: string): boolean {
  const t = text.trim()
  return t.length < 2 || BOILERPLATE.test(t) || /^[»›→>←‹«<|•·\-–—\s()]+$/.test(t)
}

/**
 * A row or card that announces there is no event ("No meeting", "No meetings scheduled", "Summer break"), or
 * only heads the week its dates fall in ("Week of November 30": its words, the date gone, are no title).
 */
export const NO_EVENT =
  /^(no (meetings?|sessions?|classes|events?|programs?)( (is |are )?(scheduled|planned|held|this month|at this time))?|(summer|winter|holiday|spring) break|recess|keine sitzung|pas de (réunion|séance)|sin (reunión|sesión)|geen (vergadering|bijeenkomst)|nessuna riunione|sem reunião|bye( week)?|open date|spielfrei|exempt|jornada de descanso|riposo|folga|(the )?week( of| beginning| starting| commencing| van)?|woche( vom)?|semaine( du)?|semana( del?)?|settimana( del)?)[.!:]*$/i

/** Status words a record states (asked of every short line of every card: each distinct text is read once). */
export const statusFromText = memoize((text: string): string | undefined => {
  // Most lines name no status: one cheap look for the stems before the word-bounded tests.
  if (!STATUS_STEM.test(text)) return undefined
  if (
    /(?<![\p{L}])(cancell?ed|canceled|abgesagt|entfällt|fällt aus|annulé|annulée|annulation|cancelado|cancelada|suspendido|suspendida|geannuleerd|afgelast|vervalt|vervallen|annullato|annullata|cancelad[oa])(?![\p{L}])/iu.test(
      text,
    )
  )
    return 'EventCancelled'
  if (/(?<![\p{L}])(postponed|verschoben|reporté|reportée|aplazad[oa]|pospuest[oa]|uitgesteld|rinviat[oa]|rimandat[oa]|adiad[oa])(?![\p{L}])/iu.test(text)) return 'EventPostponed'
  if (/(?<![\p{L}])(rescheduled)(?![\p{L}])/iu.test(text)) return 'EventRescheduled'
  return undefined
})

/**
 * A new date given with a postponement ("POSTPONED – new date April 4", "Nueva fecha:", "nova data",
 * "verplaatst naar"): the event was rescheduled, not postponed without a date.
 */
export const NEW_DATE =
  /(?<![\p{L}])(new date|rescheduled (to|for)|moved to|neuer termin|neues datum|verschoben auf|nouvelle date|report[ée]e? au|nueva fecha|aplazad[oa] al|trasladad[oa] al|nieuwe datum|verplaatst naar|uitgesteld tot|nuova data|rinviat[oa] al|nova data|adiad[oa] para)(?![\p{L}])/iu

/** A stem of every status word `statusFromText` knows. */
const STATUS_STEM = /cancel|abgesagt|entf|fällt|annul|suspendid|afgelast|verval|postponed|verschoben|report|aplazad|pospuest|uitgesteld|rinviat|rimandat|adiad|rescheduled/iu
