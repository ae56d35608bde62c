/**
 * Categories: the source's own (cleaned, deduplicated ignoring case) plus a small fixed taxonomy that
 * marks family-oriented events, the product's focus (spec: "upcoming, family-oriented local events").
 * Taxonomy tags come from words in the title, categories, audience and description; an adults-only
 * statement suppresses them.
 */
import { documentMemo, PairCache } from '../document-memo'
import { cleanLine } from './text'

/** The taxonomy, most specific first (the order `category` is chosen in when the source has none). */
export const FAMILY_TAGS = ['storytime', 'teens', 'kids', 'family'] as const
export type FamilyTag = (typeof FAMILY_TAGS)[number]

const RULES: { tag: FamilyTag; pattern: RegExp }[] = [
  { tag: 'storytime', pattern: /\b(story ?times?|story hours?|lapsit|lap ?sit|rhyme ?times?|baby (time|rhymes?)|toddler time|preschool stor(y|ies))\b/i },
  { tag: 'teens', pattern: /\b(teens?|teenagers?|tweens?|young adults?|ya (program|club|book)|middle school(ers)?|high school(ers)?|grades? (6|7|8|9|10|11|12)\b|ages? (1[2-8])\s*(-|–|to|and up|\+))/i },
  { tag: 'kids', pattern: /\b(kids?|child(ren|ren's|rens)?|toddlers?|bab(y|ies)|infants?|preschool(ers)?|pre-?k|kindergarten|tweens?|youth|little ones|elementary|grades? (k|[1-5])\b|ages? ([0-9]|1[01])\s*(-|–|to|and up|\+|months?)|\d+\s*months?\s*(-|–|to))/i },
  { tag: 'family', pattern: /\b(famil(y|ies)|all ages|parents?|caregivers?|grandparents?|kid-friendly|family-friendly)\b/i },
]
const ADULTS_ONLY = /\b(adults? only|21\s*\+|21 and (over|older)|18\s*\+|18 and (over|older)|no (kids|children)|for adults\b|adult program)\b/i

/** Source categories cleaned: entities/markup removed, whitespace collapsed, duplicates (any case) dropped. */
export function cleanCategories(raw: string[] | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const value of raw ?? []) {
    const text = cleanLine(value)?.replace(/^[#,;|\s]+|[,;|\s]+$/g, '')
    if (!text || text.length > 80) continue
    const k = text.toLowerCase()
    if (seen.has(k)) continue
    seen.add(k)
    out.push(text)
  }
  return out
}

const NONE: string[] = []
const joinable = (v: unknown) => typeof v === 'string' && !v.includes('\u0000')

/** A listing's events repeat their category lists: each list (its values joined by NUL) is cleaned once per document. */
const cleanedList = documentMemo((joined: string) => cleanCategories(joined.split('\u0000')))

/** The taxonomy tags that the event's words support, most specific first. */
export function familyTags(words: { title?: string; categories?: string[]; audience?: string; description?: string }): FamilyTag[] {
  const strong = [words.title, ...(words.categories ?? []), words.audience].filter(Boolean).join(' \n ')
  // The events of a listing share their descriptions and categories: each combination is read once.
  let tags = tagsMemo.get(strong, words.description ?? '')
  if (!tags) tags = tagsMemo.set(strong, words.description ?? '', tagsOf(strong, words.description))
  return [...tags]
}

const tagsMemo = new PairCache<FamilyTag[]>()

/**
 * What a description alone says: an adults-only statement in its first 4000 characters, and the tags its
 * unambiguous phrasing supports. Every event of a listing may share one description: read once.
 */
const descriptionSignals = documentMemo((description: string) => {
  const head = description.slice(0, 4000)
  const tags = new Set<FamilyTag>()
  // The description alone only counts for unambiguous phrasing, not a passing mention of "children".
  if (/\b(for (kids|children|families|toddlers|teens|tweens|babies|the (whole )?family)|ages \d+\s*(-|–|to)\s*\d+|all ages|story ?time|family[- ]friendly)\b/i.test(description)) {
    for (const { tag, pattern } of RULES) if (pattern.test(head)) tags.add(tag)
  }
  return { adults: ADULTS_ONLY.test(head), head, tags }
})

/** "… 21" then "+ …": the one adults-only phrase that can run from the strong words into the description. */
const AGE_AT_END = /\b(21|18)\s*$/
const PLUS_AT_START = /^\s*\+\b/

function tagsOf(strong: string, description: string | undefined): FamilyTag[] {
  const d = descriptionSignals(description ?? '')
  // ADULTS_ONLY over `${strong} \n ${head}`, read part by part: only "21 +" / "18 +" (`\s*`) can span the join.
  if (d.adults || ADULTS_ONLY.test(strong) || (AGE_AT_END.test(strong) && PLUS_AT_START.test(d.head))) return []
  const tags = new Set<FamilyTag>(d.tags)
  for (const { tag, pattern } of RULES) if (pattern.test(strong)) tags.add(tag)
  if (tags.has('kids') || tags.has('storytime')) tags.add('family')
  return FAMILY_TAGS.filter((t) => tags.has(t))
}

/**
 * `categories` (source first, then taxonomy tags not already there) and `category`: the source's first
 * category, else the most specific taxonomy tag.
 */
export function categorize(input: { title?: string; categories?: string[]; audience?: string; description?: string }): { categories: string[]; category?: string } {
  const raw = input.categories
  const source = !raw?.length ? NONE : raw.every(joinable) ? cleanedList(raw.join('\u0000')) : cleanCategories(raw)
  const tags = familyTags({ ...input, categories: source })
  const present = new Set(source.map((s) => s.toLowerCase()))
  const categories = [...source, ...tags.filter((t) => !present.has(t))]
  return { categories, category: source[0] ?? tags[0] }
}
