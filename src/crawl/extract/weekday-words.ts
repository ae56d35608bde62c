/**
 * The weekday names and their usual abbreviations in the languages read here, in one table: a weekday in
 * parentheses after a date ("05/12 (sábado)") and a weekday left alone once its date is read ("Sa.") are
 * both known by it.
 */
// biome-ignore format: a word table, kept packed so it reads as one table
export const WEEKDAY_WORDS = [
  'mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'mo', 'di', 'mi', 'do', 'fr', 'sa', 'so', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag',
  'lu', 'ma', 'me', 'je', 've', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche',
  'mié', 'mie', 'jue', 'vie', 'sáb', 'sab', 'dom', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo',
  'wo', 'vr', 'za', 'zo', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag',
  'gio', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica',
  'seg', 'ter', 'qua', 'qui', 'sex', 'segunda', 'terça', 'quarta', 'quinta', 'sexta',
]

/** Any of WEEKDAY_WORDS, longest first (an alternation for regular expressions). */
export const WEEKDAY_ALTERNATION = [...WEEKDAY_WORDS].sort((a, b) => b.length - a.length).join('|')
