/**
 * Who an event is for (issue 18: "what's on for families near me"): the taxonomy tags storytime, teens,
 * kids, family, seniors and adults, read from an event's title, categories, audience field and
 * description in the seven languages we read (English, German, French, Spanish, Dutch, Italian,
 * Portuguese), with one table of words below. The title, categories and audience field count word by
 * word; the description only for what it says plainly ("for children", "pour toute la famille", "ab 6
 * Jahren"), so that a passing mention of children in a book club's notes tags nothing. Age ranges count
 * in every language. An adults-only statement drops the young tags.
 */

import { documentMemo } from '../document-memo'

import { AUDIENCE_TAGS, type AudienceTag, WORDS } from './audience-words'

/** "For": the words before an audience that make a description's mention plain, with their articles. */
const FOR = String.raw`(?:for(?: the(?: whole)?)?|für(?: die(?: ganze)?)?|pour(?: les?| la| toute la| tous les)?|para(?: los| las| toda la| toda a| os| as)?|voor(?: het hele| de| alle)?|per(?: i| le| gli| tutta la)?)`
const ADULTS_ONLY =
  /(?<![\p{L}\p{N}])(adults? only|21\s*\+|21 and (over|older)|18\s*\+|18 and (over|older)|no (kids|children)|for adults(?!\s+(and|&|or)\s)\b|adult program|nur für erwachsene|réservé aux adultes|interdit aux moins de 1[68] ans|s[oó]lo (para )?adultos|mayores de 18|alleen voor volwassenen|solo adulti|vietato ai minori|apenas (para )?adultos|só para adultos|maiores de 18)/iu
/** ADULTS_ONLY without its leading boundary and `u` (which make it slow): a text it misses cannot match ADULTS_ONLY. */
const ADULTS_HINT = new RegExp(ADULTS_ONLY.source.replace(String.raw`(?<![\p{L}\p{N}])`, ''), 'i')
/** What every match of ADULTS_HINT holds: one short scan that spares the long alternation on most texts. */
const ADULTS_WORD = /adult|erwachs|volwass|minori|1[68]|21|no (?:kids|children)/i
/** A singular "Adult …" or "Senior …" opening a title ("Adult Craft Night", "Senior Fitness"); not "High School Seniors". */
const OPENING = /^(adult|senior)s?\b(?!\s+(high|year|class|prom|night out)\b)/i

const AGE_UNIT = String.raw`(years?|yrs?|jahre?n?|ans?|años|anos|jaar|anni|months?|monate?n?|mois|meses|maanden|mesi)`
const AGE_CUE = String.raw`(?:ages?|alter|âges?|edad(?:es)?|leeftijd|età|idade|aged)`
const AGE_RANGE = new RegExp(
  String.raw`(?:${AGE_CUE}[:\s]*(\d{1,2})\s*(?:-|–|to|bis|à|a|tot|t/m|al|ai|aos|y|e)\s*(\d{1,2})\b\s*${AGE_UNIT}?|\(\s*(\d{1,2})\s*(?:-|–|bis|à|a|tot)\s*(\d{1,2})\s*${AGE_UNIT}\s*\)|(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})[ -]${AGE_UNIT}[ -]olds?)`,
  // Without `u`: nothing here needs Unicode sets, and JavaScriptCore runs a case-insensitive `u` pattern
  // over long descriptions at half the speed (its matches are the same on the corpus's texts).
  'gi',
)
const AND_OLDER = String.raw`(?:\+|and up|and older|and over|und älter|et plus|y más|en ouder|e più|ou mais)`
/**
 * What every match of AGE_RANGE and of AGE_FROM holds (a number, then a separator and a number, or a unit
 * or "and up"): cheap scans that let most descriptions skip the patterns themselves.
 */
/** What separates the two ages of a range (RANGE_HINT). */
const SEP = String.raw`(?:-|–|to|bis|à|a|tot|t\/m|al|ai|aos|y|e)`
const RANGE_HINT = new RegExp(String.raw`\d\s*${SEP}\s*\d`, 'i')
const FROM_HINT = new RegExp(String.raw`\d\s*(?:${AGE_UNIT}|${AND_OLDER})`, 'i')
const AGE_FROM = new RegExp(
  String.raw`(?:(?:ab|dès|des|à partir de|a partir de|a partir dos|vanaf|dai|from|plus de|mayores de|maiores de)\s+(\d{1,2})\s*${AGE_UNIT}|${AGE_CUE}[:\s]*(\d{1,2})\s*${AND_OLDER}|(\d{1,2})\s*${AGE_UNIT}\s*${AND_OLDER})`,
  'gi',
)

const wholeWords = (fragments: string[]) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${fragments.join('|')})(?![\p{L}\p{N}])`, 'iu')
const STRONG = Object.fromEntries(AUDIENCE_TAGS.map((tag) => [tag, wholeWords(Object.values(WORDS[tag]).flat())])) as Record<AudienceTag, RegExp>
/**
 * STRONG for text that is all ASCII (most titles and categories): without `u`, its word boundaries on
 * ASCII letters and digits. On ASCII text it matches exactly what STRONG matches (no letter of the table
 * folds to an ASCII one, and the only letters and digits beside a word are ASCII ones), at a fraction of
 * the cost: JavaScriptCore runs long case-insensitive `u` alternations several times slower.
 */
const STRONG_ASCII = Object.fromEntries(AUDIENCE_TAGS.map((tag) => [tag, new RegExp(String.raw`(?<![A-Za-z0-9])(?:${Object.values(WORDS[tag]).flat().join('|')})(?![A-Za-z0-9])`, 'i')])) as Record<
  AudienceTag,
  RegExp
>
const ASCII = /^[\x00-\x7f]*$/
const ANY = AUDIENCE_TAGS.flatMap((tag) => Object.values(WORDS[tag]).flat()).join('|')
/**
 * STRONG_ASCII's words of every tag in one pattern: it matches where one of the tags' patterns does, so an
 * ASCII text it misses (most titles) is spared the six scans. (With `u`, the one pattern costs more than
 * the six: other text is read tag by tag.)
 */
const STRONG_ANY_ASCII = new RegExp(String.raw`(?<![A-Za-z0-9])(?:${ANY})(?![A-Za-z0-9])`, 'i')
const AND = String.raw`(?:and|&|or|und|oder|et|ou|y|o|en|of|e)(?:\s+(?:the|les|la|le|los|las|die|de|het|i|gli|os|as))?`
/** Letters and digits of the Latin scripts the languages above are written in (see PLAIN). */
const LATIN_WORD = String.raw`A-Za-z0-9\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F`
/**
 * A description names an audience only after "for" ("for children", "pour les enfants", "für Familien", "for
 * adults and children"). Each tag's pattern is tried only where a "for" word starts (sticky), found by one
 * scan. The patterns run without the `u` flag, their word boundaries on the Latin letters: JavaScriptCore
 * ran these long case-insensitive alternations ten times slower with `u` (21 µs per place tried, more than
 * the rest of an event's normalization).
 */
const PLAIN = Object.fromEntries(
  AUDIENCE_TAGS.map((tag) => [tag, new RegExp(String.raw`${FOR}\s+(?:(?:${ANY})\s+${AND}\s+)?(?:${Object.values(WORDS[tag]).flat().join('|')})(?![${LATIN_WORD}])`, 'iy')]),
) as Record<AudienceTag, RegExp>
/** Where a "for" word starts (every one of PLAIN's matches starts at such a place). */
const FOR_START = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:for|für|pour|para|voor|per)\s`, 'giu')
/** FOR_START for an all-ASCII description (the same places; see STRONG_ASCII). */
const FOR_START_ASCII = /(?<![A-Za-z0-9])(?:for|pour|para|voor|per)\s/gi

/** The tags a description states plainly (see PLAIN). */
function plainTags(description: string, tags: Set<AudienceTag>, ascii: boolean) {
  const start = ascii ? FOR_START_ASCII : FOR_START
  start.lastIndex = 0
  for (let m = start.exec(description); m; m = start.exec(description)) {
    for (const tag of AUDIENCE_TAGS) {
      if (tags.has(tag)) continue
      PLAIN[tag].lastIndex = m.index
      if (PLAIN[tag].test(description)) tags.add(tag)
    }
    start.lastIndex = m.index + 1
  }
}

/**
 * The tags a description states plainly, read once per distinct description of a document: a listing
 * repeats its blurb in every card. Added to the title's tags as a union (plainTags only skips tags already
 * found), so reading it alone gives the same tags.
 */
const plainOf = documentMemo((description: string): AudienceTag[] => {
  const tags = new Set<AudienceTag>()
  plainTags(description, tags, ASCII.test(description))
  return [...tags]
})

/*
 * The hints (RANGE_HINT, FROM_HINT, ADULTS_WORD) over `strong \n description` without reading the description
 * again for every event of a listing that repeats it. None of them looks around its match, so a match
 * inside one part is a match of that part alone; what is left is a match across the joint (" \n ", all
 * white space, which only a `\s*` can take in): a range's first age closing the strong words and the rest
 * opening the description, or its first age and separator closing them and its second age opening the
 * description; a lower bound's age closing the strong words and its unit opening the description. An
 * ADULTS_WORD match holds no white space but the one space of "no kids", so none crosses the joint.
 */
const DIGIT = /\d/
const ENDS_AGE = /\d\s*$/
const ENDS_AGE_SEP = new RegExp(String.raw`\d\s*${SEP}\s*$`, 'i')
const OPENS_AGE = /^\s*\d/
const OPENS_SEP_AGE = new RegExp(String.raw`^\s*${SEP}\s*\d`, 'i')
const OPENS_UNIT = new RegExp(String.raw`^\s*(?:${AGE_UNIT}|${AND_OLDER})`, 'i')

type DescriptionHints = { range: boolean; from: boolean; adults: boolean; opensAge: boolean; opensSepAge: boolean; opensUnit: boolean }
const NO_HINTS: DescriptionHints = { range: false, from: false, adults: false, opensAge: false, opensSepAge: false, opensUnit: false }
const descriptionHints = documentMemo(
  (d: string): DescriptionHints => ({
    range: RANGE_HINT.test(d),
    from: FROM_HINT.test(d),
    adults: ADULTS_WORD.test(d),
    opensAge: OPENS_AGE.test(d),
    opensSepAge: OPENS_SEP_AGE.test(d),
    opensUnit: OPENS_UNIT.test(d),
  }),
)

/** RANGE_HINT, FROM_HINT and ADULTS_WORD over `${strong} \n ${description}`, the description's part read once per document. */
export function joinedHints(strong: string, description: string): { range: boolean; from: boolean; adults: boolean } {
  const d = description ? descriptionHints(description) : NO_HINTS
  // Every match of RANGE_HINT, FROM_HINT, ENDS_AGE and ENDS_AGE_SEP holds a digit: strong words without one skip them.
  const digit = DIGIT.test(strong)
  const endsAge = digit && ENDS_AGE.test(strong)
  return {
    range: d.range || (digit && (RANGE_HINT.test(strong) || (endsAge && d.opensSepAge) || (d.opensAge && ENDS_AGE_SEP.test(strong)))),
    from: d.from || (digit && (FROM_HINT.test(strong) || (endsAge && d.opensUnit))),
    adults: d.adults || ADULTS_WORD.test(strong),
  }
}

/**
 * The tags an age range or lower bound says: babies and children, teenagers, adults, seniors. `range` and
 * `from`: whether RANGE_HINT and FROM_HINT match `text`, when the caller knows.
 */
function ageTags(text: string, tags: Set<AudienceTag>, range = RANGE_HINT.test(text), from = FROM_HINT.test(text)) {
  const add = (min: number, max: number, unit: string | undefined) => {
    if (unit && /^(months?|monate?n?|mois|meses|maanden|mesi)$/i.test(unit)) return void tags.add('kids')
    if (min <= 5 && max >= 60) return void tags.add('family')
    if (min < 12) tags.add('kids')
    if (max >= 13 && min < 18) tags.add('teens')
    if (min >= 55) tags.add('seniors')
    else if (min >= 18) tags.add('adults')
  }
  if (range)
    for (const m of text.matchAll(AGE_RANGE)) {
      const [min, max, unit] = m[1] ? [m[1], m[2], m[3]] : m[4] ? [m[4], m[5], m[6]] : [m[7], m[8], m[9]]
      if (Number(min) <= Number(max)) add(Number(min), Number(max), unit)
    }
  // "ab 6 Jahren", "ages 13 and up", "dès 18 ans": the youngest admitted says who it is for.
  if (from)
    for (const m of text.matchAll(AGE_FROM)) {
      const min = Number(m[1] ?? m[3] ?? m[4])
      add(min, min < 12 ? min : min < 18 ? 17 : 120, m[2] ?? m[5])
    }
}

export type AudienceWords = { title?: string; categories?: string[]; audience?: string; description?: string }

/**
 * The tags STRONG finds in one of an event's strong words (its title, a category, its audience field), as
 * bits of AUDIENCE_TAGS. The strong words are read joined (`title \n category \n audience`), but no word of
 * the table holds white space other than one plain space and their boundaries take the joint's spaces as
 * the ends of a text, so a word matches the joined text only inside one part: the joined text's tags are
 * its parts'. An ASCII part is read with STRONG_ASCII, which matches there exactly what STRONG matches.
 */
function strongBits(part: string | undefined): number {
  if (!part) return 0
  const ascii = ASCII.test(part)
  if (ascii && !STRONG_ANY_ASCII.test(part)) return 0
  const words = ascii ? STRONG_ASCII : STRONG
  let bits = 0
  for (let i = 0; i < AUDIENCE_TAGS.length; i++) if (words[AUDIENCE_TAGS[i]].test(part)) bits |= 1 << i
  return bits
}

/** The tags a list of categories names word by word (STRONG), as bits: for a caller that reads a list once and asks for many events. */
export function categoryTagBits(categories: string[]): number {
  let bits = 0
  for (const category of categories) bits |= strongBits(category)
  return bits
}

/** The taxonomy tags an event's words support, most specific first (see the module comment). */
export function audienceTags(words: AudienceWords): AudienceTag[] {
  return audienceTagsRead(words, categoryTagBits(words.categories ?? []))
}

/** `audienceTags`, the categories' tags (categoryTagBits of `words.categories`) given. */
export function audienceTagsRead(words: AudienceWords, categoryBits: number): AudienceTag[] {
  // Most events have a title alone: it is their strong words as they stand.
  const strong = !words.categories?.length && !words.audience ? words.title || '' : [words.title, ...(words.categories ?? []), words.audience].filter(Boolean).join(' \n ')
  const description = words.description?.slice(0, 4000) ?? ''
  const tags = new Set<AudienceTag>()
  const bits = strongBits(words.title) | categoryBits | strongBits(words.audience)
  if (bits) for (let i = 0; i < AUDIENCE_TAGS.length; i++) if (bits & (1 << i)) tags.add(AUDIENCE_TAGS[i])
  if (description) for (const tag of plainOf(description)) tags.add(tag)
  const opening = OPENING.exec(words.title ?? '')?.[1]?.toLowerCase()
  if (opening === 'adult') tags.add('adults')
  if (opening === 'senior') tags.add('seniors')
  // The joined text is built only when a hint says a pattern could match it.
  const hints = joinedHints(strong, description)
  const all = hints.range || hints.from || hints.adults ? `${strong} \n ${description}` : ''
  if (hints.range || hints.from) ageTags(all, tags, hints.range, hints.from)
  if (words.audience) ageTags(`ages ${words.audience}`, tags)
  if (hints.adults && ADULTS_HINT.test(all) && ADULTS_ONLY.test(all)) {
    for (const young of ['storytime', 'kids', 'teens', 'family'] as const) tags.delete(young)
    tags.add('adults')
  }
  if (tags.has('storytime')) tags.add('kids')
  if (tags.has('kids')) tags.add('family')
  return AUDIENCE_TAGS.filter((t) => tags.has(t))
}
