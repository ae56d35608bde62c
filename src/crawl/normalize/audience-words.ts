/**
 * The audience taxonomy's word table (see audience.ts, which reads it): per tag and language, the words
 * that say an event is for that audience.
 */
export const AUDIENCE_TAGS = ['storytime', 'teens', 'kids', 'family', 'seniors', 'adults'] as const
export type AudienceTag = (typeof AUDIENCE_TAGS)[number]

type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt'

/**
 * The table: per tag and language, the words (regular-expression fragments, matched as whole words,
 * case and accents as written) that say the event is for that audience.
 */
export const WORDS: Record<AudienceTag, Record<Lang, string[]>> = {
  storytime: {
    en: ['story ?times?', 'story hours?', 'lap ?sits?', 'rhyme ?times?', 'baby (?:time|rhymes?)', 'toddler time', 'preschool stor(?:y|ies)'],
    de: ['vorlesestunden?', 'vorlesezeit', 'bilderbuchkino', 'märchenstunden?', 'vorlesen für kinder'],
    fr: ["(?:l'|l’)?heure du conte", 'heures? des? contes?', 'contes? pour enfants', 'bébés? lecteurs?', 'racontines?'],
    es: ['hora del cuento', 'cuentacuentos', 'cuenta ?cuentos', 'bebeteca'],
    nl: ['voorleesuurtjes?', 'voorleesmiddag', 'voorlezen', 'voorleesochtend'],
    it: ['ora del racconto', 'letture? animate?', "l'?ora delle storie", 'nati per leggere'],
    pt: ['hora do conto', 'contação de histórias', 'hora da história'],
  },
  teens: {
    en: ['teens?', 'teenagers?', 'tweens?', 'young adults?', 'ya (?:program|club|book)', 'middle school(?:ers)?', 'high school(?:ers)?', 'grades? (?:6|7|8|9|10|11|12)'],
    de: ['jugendliche[n]?', 'jugend', 'teenager', 'teens'],
    fr: ['ados', 'adolescent(?:e|s|es)?', 'collégiens?', 'lycéens?'],
    es: ['adolescentes?', 'juvenil(?:es)?', 'jóvenes'],
    nl: ['tieners?', 'jongeren', 'pubers?'],
    it: ['adolescenti', 'teenager'],
    pt: ['adolescentes?', 'jovens', 'juvenil'],
  },
  kids: {
    en: ['kids?', "child(?:ren|ren's|rens)?", 'toddlers?', 'bab(?:y|ies)', 'infants?', 'preschool(?:ers)?', 'pre-?k', 'kindergarten', 'youth', 'little ones', 'elementary', 'grades? (?:k|[1-5])'],
    de: ['kinder[n]?', 'kids', 'kleinkinder[n]?', 'babys?', 'kita', 'kindergarten', 'grundschüler(?:innen)?'],
    fr: ['enfants?', 'tout-petits', 'bébés?', 'jeune public', 'jeunesse'],
    es: ['niñ(?:o|a|os|as)', 'infantil(?:es)?', 'bebés?', 'peques'],
    nl: ['kinderen', 'kids', 'peuters?', 'kleuters?', "baby'?s"],
    it: ['bambin[ie]', 'bimbi', 'ragazzi', 'infanzia', 'neonati'],
    pt: ['crianças?', 'infantil', 'bebês?', 'bebés?'],
  },
  family: {
    // Parents count beside their children ("Parent & Child Swim"); alone they are adults ("Parent Grievance Hearing").
    en: [
      'famil(?:y|ies)(?! law| medicine| court| practice| planning| history)',
      'all ages',
      '(?:grand)?parents?(?: (?:and|&|\\+|with)|-) ?(?:child(?:ren)?|kids?|toddlers?|bab(?:y|ies)|tots?|me)',
      '(?:caregivers?|grown-?ups?) (?:and|&|\\+|with) (?:child(?:ren)?|kids?|toddlers?|bab(?:y|ies)|me)',
      'kid-friendly',
      'family-friendly',
    ],
    de: ['famili(?:e|en)', 'familienfreundlich', 'eltern-kind', 'eltern und kinder[n]?', 'groß und klein', 'alle altersgruppen', 'jedes alter'],
    fr: ['familles?', 'familial(?:e|es)?', 'en famille', 'tout public', 'tous publics', 'tous âges', 'parents?[- ](?:et )?enfants?'],
    es: ['familias?', 'familiar(?:es)?', 'en familia', 'todas las edades', 'todos los públicos', 'padres (?:e|y) (?:hijos|niños)'],
    nl: ['famili(?:e|es)', 'gezin(?:nen)?', 'alle leeftijden', 'ouder[- ](?:en )?kind'],
    it: ['famigli(?:a|e)', 'per tutte le età', 'genitori e (?:figli|bambini)'],
    pt: ['famílias?', 'familiar(?:es)?', 'todas as idades', 'em família', 'pais e filhos'],
  },
  seniors: {
    en: ['(?<!high school |college )seniors', 'senior citizens?', 'older adults', 'retirees', '(?:50|55|60|62|65)\\+'],
    de: ['senior(?:en|innen)', 'ältere menschen', 'generation 60 ?plus'],
    fr: ['seniors', 'aînés', 'personnes âgées', 'troisième âge'],
    es: ['personas mayores', 'adultos mayores', 'tercera edad', 'gente mayor'],
    nl: ['senioren', 'ouderen', '(?:55|60|65)-plussers'],
    it: ['anziani', 'terza età', 'over (?:60|65)'],
    pt: ['idosos', 'terceira idade', 'seniores'],
  },
  adults: {
    en: ['(?<!young |older )adults', 'grown-ups', '18\\+', '21\\+'],
    de: ['erwachsene[n]?'],
    fr: ['adultes'],
    es: ['adultos(?! mayores)'],
    nl: ['volwassenen'],
    it: ['adulti'],
    pt: ['adultos'],
  },
}
